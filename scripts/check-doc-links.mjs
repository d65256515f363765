// `npm run check:doc-links`: every relative link and #anchor in the repository's Markdown points at something that
// exists. A link to another file needs the file (or folder); a link with #anchor needs a heading in the target whose
// GitHub anchor is that (or an explicit <a id> / <a name>). Links to web addresses are not followed. The code's own
// pointers into the docs (`docs/product/search.md#sharing` in a comment) are held to the same rule.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Lines outside fenced code blocks (``` or ~~~), with their 1-based line numbers. */
function proseLines(text) {
  const out = [];
  let fence = null;
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (!fence) fence = m[1][0];
      else if (m[1][0] === fence) fence = null;
      return;
    }
    if (!fence) out.push({ line: line.replace(/`[^`]*`/g, (code) => code.replace(/[[\]()]/g, ' ')), raw: line, n: i + 1 });
  });
  return out;
}

/** The anchor GitHub gives a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown text offers: its headings' slugs (repeats numbered -1, -2 as GitHub does) and explicit ids. */
export function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const { raw } of proseLines(text)) {
    const h = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw);
    if (h) {
      const base = slug(h[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const a of raw.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(a[1]);
  }
  return anchors;
}

/** The links of a Markdown text: inline `[text](target)` and reference definitions `[label]: target`. */
export function linksOf(text) {
  const links = [];
  for (const { line, n } of proseLines(text)) {
    for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: m[1], line: n });
    const def = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (def) links.push({ target: def[1], line: n });
  }
  return links;
}

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The broken links of the Markdown file `file` (absolute), read through `read` (absolute path → text, or null when
 * missing) and `isDir`. Each problem: { file, line, target, reason }.
 */
export function brokenLinks(file, { read, isDir }) {
  const text = read(file);
  const problems = [];
  for (const { target, line } of linksOf(text)) {
    if (external.test(target)) continue;
    const [pathPart, anchor] = target.split('#', 2);
    const path = decodeURIComponent(pathPart);
    const dest = path === '' ? file : resolve(dirname(file), path);
    if (path !== '' && read(dest) === null && !isDir(dest)) {
      problems.push({ file, line, target, reason: 'no such file' });
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (!/\.md$/i.test(dest)) continue;
    if (!anchorsOf(read(dest)).has(decodeURIComponent(anchor).toLowerCase()))
      problems.push({ file, line, target, reason: `no heading with the anchor #${anchor}` });
  }
  return problems;
}

/** The pointers into docs/ that a source file's text makes (`docs/….md` or `docs/….md#anchor`), read from the root. */
export function brokenDocReferences(file, root, { read, isDir }) {
  const problems = [];
  read(file)
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(/(?<![\w./-])(docs\/[\w./-]*\.md)(?:#([\w-]+))?/g)) {
        const [target, path, anchor] = m;
        const dest = join(root, path);
        const doc = read(dest);
        if (doc === null && !isDir(dest)) problems.push({ file, line: i + 1, target, reason: 'no such file' });
        else if (anchor && !anchorsOf(doc).has(anchor.toLowerCase()))
          problems.push({ file, line: i + 1, target, reason: `no heading with the anchor #${anchor}` });
      }
    });
  return problems;
}

function repositoryFiles(root, patterns) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...patterns], { cwd: root, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((f) => f && !f.includes('node_modules/'))
    .map((f) => join(root, f));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const cache = new Map();
  const read = (p) => {
    if (!cache.has(p)) cache.set(p, existsSync(p) && statSync(p).isFile() ? readFileSync(p, 'utf8') : null);
    return cache.get(p);
  };
  const isDir = (p) => existsSync(p) && statSync(p).isDirectory();
  const files = repositoryFiles(root, ['*.md']).filter((f) => read(f) !== null);
  const sources = repositoryFiles(root, ['*.ts', '*.tsx', '*.mjs', '*.js', '*.css', '*.html', '*.yaml', '*.yml', '.ci/run']).filter(
    (f) => read(f) !== null,
  );
  const problems = [
    ...files.flatMap((f) => brokenLinks(f, { read, isDir })),
    ...sources.flatMap((f) => brokenDocReferences(f, root, { read, isDir })),
  ];
  for (const p of problems) console.error(`${relative(root, p.file)}:${p.line}: ${p.target}: ${p.reason}`);
  console.log(
    `doc links: ${files.length} Markdown files, ${sources.length} source files, ${problems.length} broken link${problems.length === 1 ? '' : 's'}`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
