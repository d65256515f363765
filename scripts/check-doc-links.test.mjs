// The doc link checker itself (`node --test scripts/`): what it finds broken and what it lets pass.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anchorsOf, brokenDocReferences, brokenLinks, slug } from './check-doc-links.mjs';

/** A small tree of files in memory. */
function tree(files) {
  const dirs = new Set(
    Object.keys(files).flatMap((f) =>
      f
        .split('/')
        .slice(1, -1)
        .map((_, i, a) => `/${a.slice(0, i + 1).join('/')}`),
    ),
  );
  return { read: (p) => files[p] ?? null, isDir: (p) => dirs.has(p) };
}

test('slugs headings as GitHub does', () => {
  assert.equal(
    slug('Operating: probes, and what happens when PostgreSQL or Redis goes away'),
    'operating-probes-and-what-happens-when-postgresql-or-redis-goes-away',
  );
  assert.equal(slug('The `bench:hub` script'), 'the-benchhub-script');
  assert.equal(slug('Via a [hub](x.md)'), 'via-a-hub');
  assert.equal(slug('Dates & times'), 'dates--times');
});

test('offers each heading once, numbers repeats, skips code blocks, and takes explicit ids', () => {
  const anchors = anchorsOf('# Title\n## Use\n## Use\n```sh\n# not a heading\n```\n<a id="kept"></a>\n');
  assert.deepEqual([...anchors].sort(), ['kept', 'title', 'use', 'use-1']);
});

test('finds a missing file, a missing anchor in another file and in the same file, and passes the rest', () => {
  const files = tree({
    '/docs/a.md': [
      '# A',
      '[ok](b.md) [ok anchor](b.md#second-part) [folder](sub/) [web](https://example.com/x#y) [self](#a)',
      '[gone](missing.md) [bad anchor](b.md#nowhere) [bad self](#nothing)',
      '`[not a link](missing.md)`',
      '```md',
      '[in a code block](missing.md)',
      '```',
      '[ref]: b.md#second-part',
    ].join('\n'),
    '/docs/b.md': '# B\n## Second part\n',
    '/docs/sub/c.md': '# C\n',
  });
  const problems = brokenLinks('/docs/a.md', files).map((p) => [p.line, p.target, p.reason]);
  assert.deepEqual(problems, [
    [3, 'missing.md', 'no such file'],
    [3, 'b.md#nowhere', 'no heading with the anchor #nowhere'],
    [3, '#nothing', 'no heading with the anchor #nothing'],
  ]);
});

test("holds the code's pointers into docs/ to the same rule", () => {
  // Spelled in two parts so that the checker, reading this file, does not take them for this repository's pointers.
  const d = 'docs';
  const files = tree({
    '/repo/src/x.ts': `// see ${d}/product/b.md#second-part\n// and ${d}/product/b.md#gone, ${d}/product/none.md\n`,
    '/repo/docs/product/b.md': '# B\n## Second part\n',
  });
  const problems = brokenDocReferences('/repo/src/x.ts', '/repo', files).map((p) => [p.line, p.target]);
  assert.deepEqual(problems, [
    [2, `${d}/product/b.md#gone`],
    [2, `${d}/product/none.md`],
  ]);
});
