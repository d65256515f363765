// `node scripts/check-decisions.mjs` (run by `npm run check:doc-links`): the decision records and their index agree.
// Each record (`NNN-title.md` in the decisions folder) opens with `# NNN Title`, then its status lines: from
// `Status:` to the first blank line. Those lines say what the record amends or replaces ("Amends decisions 058 and
// 059", "Replaces decision 062", "Replaces the order of 042") and what amended or replaced it ("Amended by 151 (…)",
// "superseded by 175", "in part superseded by 126"). Every such claim must be answered by the other record's status lines, so a
// reader of either finds the other; `docs/decisions/README.md` lists every record with its title, status and what
// superseded or amended it. `--write` regenerates that table from the records.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const START = '<!-- decisions:start -->';
const END = '<!-- decisions:end -->';
const HEAD = ['Number', 'Title', 'Status', 'Superseded or amended by'];

// "Amends", "Replaces" look forward (this record changes another); "Amended by", "superseded by" look back.
const VERBS = /\b(?:(?:in part\s+)?(amended|refined|replaced|superseded)\s+by|(amends|refines|replaces|supersedes))\b/gi;
const NUMBER = /(?<!\d[.,]?)\b\d{3}\b(?![.,]?\d)/g;

/** The text the status lines say outside any parentheses, from `from` to the end of the clause (a sentence, a `;`, the
 * parenthesis it sits in, or the next verb). */
function clauseAfter(text, from, stopAt) {
  let depth = 0;
  let out = '';
  for (let i = from; i < stopAt; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0) {
      if (c === ';' || (c === '.' && (i + 1 === text.length || /\s/.test(text[i + 1])))) break;
      out += c;
    }
  }
  return out;
}

/** Links become their text (noting the records they point at); code spans are dropped. */
function plainStatusText(lines) {
  const linked = new Set();
  const text = lines
    .join(' ')
    .replace(/`[^`]*`/g, '``')
    .replace(/\[([^\]]*)\]\(([^)\s]*)\)/g, (_, label, target) => {
      const m = RECORD_FILE.exec(target.split('#')[0].replace(/^\.\//, ''));
      if (m) linked.add(m[1]);
      return label;
    });
  return { text, linked };
}

/** What the status lines claim: `changes` (this record amends or replaces those) and `changedBy` (those amended or
 * replaced this one). A replacement with words between the verb and the number ("the order of 042") is in part. */
export function claimsOf(lines) {
  const { text, linked } = plainStatusText(lines);
  const matches = [...text.matchAll(VERBS)];
  const changes = [];
  const changedBy = [];
  matches.forEach((m, i) => {
    const stopAt = i + 1 < matches.length ? matches[i + 1].index : text.length;
    const clause = clauseAfter(text, m.index + m[0].length, stopAt);
    const numbers = clause.match(NUMBER) ?? [];
    if (numbers.length === 0) return;
    const verb = (m[1] ?? m[2]).toLowerCase();
    const kind = /^(?:replac|supersed)/.test(verb) ? 'replaces' : 'amends';
    if (m[2]) {
      const whole = kind === 'replaces' && /^\s*(?:decisions?\s*)?$/i.test(clause.slice(0, clause.search(NUMBER)));
      for (const n of numbers) changes.push({ number: n, kind, whole });
    } else {
      for (const n of numbers) changedBy.push({ number: n, kind });
    }
  });
  return { changes, changedBy, linked };
}

/** The status a record states: its `Status:` word, "superseded", or "accepted, in part superseded" when its status
 * lines name a record that replaced part of it. */
function statusOf(statusValue, changedBy) {
  const word = (/^[*_\s]*([A-Za-z-]+)/.exec(statusValue)?.[1] ?? '').toLowerCase();
  if (word === 'superseded' || word === 'replaced') return 'superseded';
  if (changedBy.some((c) => c.kind === 'replaces')) return `${word}, in part superseded`;
  return word;
}

/**
 * One record read from its file name and text: { number, file, title, status, changes, changedBy, linked, problems }.
 * `problems` are what makes it unreadable: a file name, heading or status line out of the format.
 */
export function parseRecord(file, text) {
  const problems = [];
  const number = RECORD_FILE.exec(file)?.[1] ?? null;
  if (!number) problems.push(`the file name is not NNN-title.md (three digits, lower-case words joined by hyphens)`);
  const lines = text.split('\n');
  const heading = /^#\s+(\d{3})\s+(.+?)\s*$/.exec(lines[0] ?? '');
  if (!heading) problems.push('the first line is not a heading "# NNN Title"');
  else if (number && heading[1] !== number) problems.push(`the heading says ${heading[1]} but the file name says ${number}`);
  const start = lines.findIndex((l) => /^\s*(?:\*\*)?Status(?:\*\*)?\s*:/i.test(l));
  if (start < 0 || lines.slice(1, start).some((l) => /^#/.test(l))) {
    problems.push('no "Status:" line under the heading');
    return { number, file, title: heading?.[2] ?? '', status: '', changes: [], changedBy: [], linked: new Set(), problems };
  }
  let end = start + 1;
  while (end < lines.length && lines[end].trim() !== '' && !/^#/.test(lines[end])) end++;
  const statusLines = lines.slice(start, end);
  const value = statusLines[0].replace(/^\s*(?:\*\*)?Status(?:\*\*)?\s*:\s*(?:\*\*)?/i, '');
  const { changes, changedBy, linked } = claimsOf(statusLines);
  const status = statusOf(value, changedBy);
  if (!/^[a-z]/.test(status)) problems.push('the "Status:" line does not start with a status (accepted, superseded…)');
  return { number, file, title: heading?.[2] ?? '', status, changes, changedBy, linked, problems };
}

/** For each record number, who amended or replaced it, from both sides' status lines: [{ by, kind }] by number. */
function changesTo(records) {
  const byNumber = new Map(records.map((r) => [r.number, new Map()]));
  const note = (target, by, kind) => {
    const seen = byNumber.get(target);
    if (!seen) return;
    if (seen.get(by) !== 'replaces') seen.set(by, kind);
  };
  for (const r of records) {
    for (const c of r.changes) note(c.number, r.number, c.kind);
    for (const c of r.changedBy) note(r.number, c.number, c.kind);
  }
  return new Map(
    [...byNumber].map(([n, seen]) => [n, [...seen].map(([by, kind]) => ({ by, kind })).sort((a, b) => a.by.localeCompare(b.by))]),
  );
}

/** The problems between records: each claim answered by the other side, supersessions stated by the superseded. */
export function relationProblems(records) {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const problems = [];
  const say = (record, message) => problems.push({ record: record.number, file: record.file, message });
  for (const r of records) {
    for (const c of r.changes) {
      const target = byNumber.get(c.number);
      const verb = c.kind === 'replaces' ? (c.whole ? 'replaces' : 'replaces part of') : 'amends';
      if (!target) {
        say(r, `${r.number} says it ${verb} ${c.number}, and there is no record ${c.number}`);
        continue;
      }
      const back = target.changedBy.find((b) => b.number === r.number);
      const answer = c.kind === 'amends' ? 'Amended by' : c.whole ? 'superseded by' : 'in part superseded by';
      if (c.kind === 'replaces' ? back?.kind !== 'replaces' : !back && !target.linked.has(r.number))
        say(target, `${r.number} says it ${verb} ${c.number}, but ${c.number}'s status lines do not say "${answer} ${r.number}"`);
      if (c.whole && target.status !== 'superseded')
        say(target, `${r.number} says it replaces ${c.number}, but ${c.number}'s status is "${target.status}", not "superseded"`);
    }
    for (const b of r.changedBy) {
      const source = byNumber.get(b.number);
      const word = b.kind === 'replaces' ? 'superseded' : 'amended';
      const answer = b.kind === 'replaces' ? 'Replaces' : 'Amends';
      if (!source) say(r, `${r.number} says it was ${word} by ${b.number}, and there is no record ${b.number}`);
      else if (!source.changes.some((c) => c.number === r.number && (b.kind === 'amends' || c.kind === 'replaces')))
        say(source, `${r.number} says it was ${word} by ${b.number}, but ${b.number}'s status lines do not say "${answer} ${r.number}"`);
    }
    if (r.status === 'superseded' && !r.changedBy.some((b) => b.kind === 'replaces'))
      say(r, `${r.number}'s status is "superseded", but its status lines do not say by which record`);
  }
  return problems;
}

const cell = (s) => s.replace(/\|/g, '\\|');
const link = (r) => `[${r.number}](${r.file})`;

/** The index's last column for one record: "superseded by [175](…); amended by [151](…)". */
function changedByCell(record, changes, byNumber) {
  const groups = [
    [record.status === 'superseded' ? 'superseded by' : 'in part superseded by', changes.filter((c) => c.kind === 'replaces')],
    ['amended by', changes.filter((c) => c.kind === 'amends')],
  ];
  return groups
    .filter(([, list]) => list.length > 0)
    .map(([words, list]) => `${words} ${list.map((c) => link(byNumber.get(c.by))).join(', ')}`)
    .join('; ');
}

/** The index's rows, in number order: { number, file, title, status, changedBy } with every cell as printed. */
function indexRows(records) {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const changes = changesTo(records);
  return [...records]
    .sort((a, b) => a.number.localeCompare(b.number))
    .map((r) => ({
      number: r.number,
      file: r.file,
      title: r.title,
      status: r.status,
      changedBy: changedByCell(r, changes.get(r.number), byNumber),
    }));
}

/** The Markdown table of `indexRows`. */
function renderTable(rows) {
  return [
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| [${r.number}](${r.file}) | ${cell(r.title)} | ${cell(r.status)} | ${cell(r.changedBy)} |`),
  ].join('\n');
}

/** The rows of the index's table as written (between its markers), or null when the markers are missing. */
export function parseIndex(text) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) return null;
  return text
    .slice(start + START.length, end)
    .split('\n')
    .filter((l) => /^\|\s*\[/.test(l))
    .map((l) => {
      const cells = l
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.trim().replace(/\\\|/g, '|'));
      const target = /^\[(\d{3})\]\(([^)]*)\)$/.exec(cells[0]);
      return {
        number: target?.[1] ?? cells[0],
        file: target?.[2] ?? '',
        title: cells[1] ?? '',
        status: cells[2] ?? '',
        changedBy: cells[3] ?? '',
      };
    });
}

/** The index's disagreements with the records, each naming the record. */
function indexProblems(indexText, records) {
  const written = parseIndex(indexText);
  if (!written) return [{ record: null, file: 'README.md', message: `the index has no table between ${START} and ${END}` }];
  const problems = [];
  const say = (number, file, message) => problems.push({ record: number, file, message });
  const wanted = new Map(indexRows(records).map((r) => [r.number, r]));
  const seen = new Set();
  for (const row of written) {
    const want = wanted.get(row.number);
    if (seen.has(row.number)) say(row.number, 'README.md', `the index lists ${row.number} twice`);
    seen.add(row.number);
    if (!want) {
      say(row.number, 'README.md', `the index lists ${row.number}, but there is no such record`);
      continue;
    }
    for (const [field, label] of [
      ['file', 'link'],
      ['title', 'title'],
      ['status', 'status'],
      ['changedBy', '"superseded or amended by"'],
    ])
      if (row[field] !== want[field])
        say(row.number, 'README.md', `${row.number}: the index's ${label} is "${row[field]}", the records say "${want[field]}"`);
  }
  for (const want of wanted.values())
    if (!seen.has(want.number)) say(want.number, 'README.md', `${want.number} (${want.file}) is not in the index`);
  return problems;
}

/** The index text with its table replaced by one generated from the records. */
export function writeIndex(indexText, records) {
  const start = indexText.indexOf(START);
  const end = indexText.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/decisions/README.md has no ${START} … ${END} markers`);
  return `${indexText.slice(0, start + START.length)}\n${renderTable(indexRows(records))}\n${indexText.slice(end)}`;
}

/** Every record of the folder, and every problem of the folder and its index. */
export function checkFolder(files, read, indexText) {
  const records = [];
  const problems = [];
  for (const file of files) {
    const record = parseRecord(file, read(file));
    for (const message of record.problems) problems.push({ record: record.number, file, message });
    if (record.number && records.some((r) => r.number === record.number))
      problems.push({ record: record.number, file, message: `a second record numbered ${record.number}` });
    else if (record.number && record.problems.length === 0) records.push(record);
  }
  return { records, problems: [...problems, ...relationProblems(records), ...indexProblems(indexText, records)] };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
  const indexPath = join(dir, 'README.md');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort();
  const read = (f) => readFileSync(join(dir, f), 'utf8');
  let indexText = readFileSync(indexPath, 'utf8');
  if (process.argv.includes('--write')) {
    const { records } = checkFolder(files, read, indexText);
    indexText = writeIndex(indexText, records);
    writeFileSync(indexPath, indexText);
  }
  const { records, problems } = checkFolder(files, read, indexText);
  for (const p of problems) console.error(`docs/decisions/${p.file}: ${p.message}`);
  const changes = records.reduce((n, r) => n + r.changes.length, 0);
  console.log(
    `decisions: ${records.length} records, ${changes} amendment or replacement claims, ${problems.length} problem${problems.length === 1 ? '' : 's'}` +
      (problems.some((p) => p.file === 'README.md') ? ' (node scripts/check-decisions.mjs --write regenerates the index)' : ''),
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
