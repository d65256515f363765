// The decision index checker (`node --test scripts/`): how it reads status lines, and what it finds wrong.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFolder, claimsOf, parseIndex, parseRecord, relationProblems, writeIndex } from './check-decisions.mjs';

const INDEX = '# Decision records\n\nIntro.\n\n<!-- decisions:start -->\n<!-- decisions:end -->\n\nAfter the table.\n';

/** A record's text: heading, blank line, status lines, blank line, a body. */
const record = (number, title, ...statusLines) =>
  `# ${number} ${title}\n\n${statusLines.join('\n')}\n\n## Why\nBecause 999 amends nothing.\n`;

/** A folder of records in memory, as checkFolder reads it. */
function folder(records) {
  return { files: Object.keys(records).sort(), read: (f) => records[f] };
}

test('reads amendments over several lines, past parentheses and links, and numbers only outside parentheses', () => {
  const { changes, changedBy, linked } = claimsOf([
    'Status: accepted. Date: 2026-11-24. Amends decisions 013 and 062 (the emulator\'s "leaves within 45 minutes") and 063',
    '(how long a kept answer lives, 429 of them). Amended by 058 (429 and 406 are back-pressure), 061 and',
    '[165](165-transports.md) (one of four). Measured again in [235](235-fault-figure.md).',
  ]);
  assert.deepEqual(
    changes.map((c) => c.number),
    ['013', '062', '063'],
  );
  assert.deepEqual(
    changedBy.map((c) => [c.number, c.kind]),
    [
      ['058', 'amends'],
      ['061', 'amends'],
      ['165', 'amends'],
    ],
  );
  assert.deepEqual([...linked].sort(), ['165', '235']);
});

test('tells a whole replacement from a part, in or out of parentheses, and stops a clause at the next verb', () => {
  const { changes } = claimsOf([
    'Status: accepted (replaces the order of 042). Date: 2026-11-24. Replaces decision 062 (one clock). Replaces the',
    'request part of decision 010 (the rest stands) and amends decision 013. Refines decision 068.',
  ]);
  assert.deepEqual(
    changes.map((c) => [c.number, c.kind, c.whole]),
    [
      ['042', 'replaces', false],
      ['062', 'replaces', true],
      ['010', 'replaces', false],
      ['013', 'amends', false],
      ['068', 'amends', false],
    ],
  );
});

test("takes a record's number, title and status, in part superseded when its status lines name a replacement", () => {
  const superseded = parseRecord('062-clock.md', record('062', 'The clock', 'Status: superseded by 175 (per segment). Date: 2026-11-23.'));
  assert.deepEqual([superseded.number, superseded.title, superseded.status], ['062', 'The clock', 'superseded']);
  const inPart = parseRecord('042-filters.md', record('042', 'Filters', 'Status: accepted; the order is replaced by decision 095'));
  assert.equal(inPart.status, 'accepted, in part superseded');
  const bold = parseRecord('043-x.md', record('043', 'X', '**Status:** proposed', 'Date: 2026-11-25'));
  assert.equal(bold.status, 'proposed');
  // A body's "999 amends" is not a status line: only the lines from Status: to the first blank line count.
  assert.deepEqual(bold.changes, []);
});

test('names what makes a record unreadable: no status line, a heading that disagrees with the file, a bad file name', () => {
  assert.deepEqual(parseRecord('239-new.md', '# 239 New\n\n## Why\nStatus: accepted later\n').problems, [
    'no "Status:" line under the heading',
  ]);
  assert.deepEqual(parseRecord('240-x.md', record('241', 'X', 'Status: accepted')).problems, [
    'the heading says 241 but the file name says 240',
  ]);
  assert.match(parseRecord('240_x.md', record('240', 'X', 'Status: accepted')).problems[0], /file name/);
});

test('finds claims the other record does not answer, in both directions, and supersessions the status does not state', () => {
  const records = [
    parseRecord('010-a.md', record('010', 'A', 'Status: accepted', 'Amended by 058 (back-pressure).')),
    parseRecord('058-b.md', record('058', 'B', 'Status: accepted. Amends decision 012.')),
    parseRecord('012-c.md', record('012', 'C', 'Status: accepted. Measured again in [058](058-b.md).')),
    parseRecord('062-d.md', record('062', 'D', 'Status: accepted')),
    parseRecord('175-e.md', record('175', 'E', 'Status: accepted. Replaces decision 062. Amends 300.')),
    parseRecord('070-f.md', record('070', 'F', 'Status: superseded')),
    parseRecord('075-g.md', record('075', 'G', 'Status: accepted. Amended by 160.')),
    parseRecord('160-h.md', record('160', 'H', 'Status: accepted (replaces the panel line of 075)')),
  ];
  const problems = relationProblems(records).map((p) => `${p.file}: ${p.message}`);
  assert.deepEqual(problems.sort(), [
    '058-b.md: 010 says it was amended by 058, but 058\'s status lines do not say "Amends 010"',
    // 012 links to 058 from its status lines: for an amendment that is an answer.
    '062-d.md: 175 says it replaces 062, but 062\'s status is "accepted", not "superseded"',
    '062-d.md: 175 says it replaces 062, but 062\'s status lines do not say "superseded by 175"',
    '070-f.md: 070\'s status is "superseded", but its status lines do not say by which record',
    // A part replaced must be said as such: "Amended by 160" does not make 075 "in part superseded".
    '075-g.md: 160 says it replaces part of 075, but 075\'s status lines do not say "in part superseded by 160"',
    '175-e.md: 175 says it amends 300, and there is no record 300',
  ]);
});

test('writes the index from the records, and then finds nothing wrong with it', () => {
  const { files, read } = folder({
    '062-clock.md': record('062', 'The clock | per airport', 'Status: superseded by 175. Amended by 151 (an hour).'),
    '151-sales.md': record('151', 'Sales close', 'Status: accepted. Amends decision 062.'),
    '175-window.md': record('175', 'The window', 'Status: accepted. Replaces decision 062.'),
  });
  const { records, problems } = checkFolder(files, read, INDEX);
  assert.deepEqual(
    problems.map((p) => p.message),
    ['062 (062-clock.md) is not in the index', '151 (151-sales.md) is not in the index', '175 (175-window.md) is not in the index'],
  );
  const written = writeIndex(INDEX, records);
  assert.match(written, /^# Decision records\n\nIntro\.\n/);
  assert.match(written, /\nAfter the table\.\n$/);
  assert.match(
    written,
    /\| \[062\]\(062-clock\.md\) \| The clock \\\| per airport \| superseded \| superseded by \[175\]\(175-window\.md\); amended by \[151\]\(151-sales\.md\) \|/,
  );
  assert.equal(parseIndex(written)[0].title, 'The clock | per airport');
  assert.deepEqual(checkFolder(files, read, written).problems, []);
});

test('finds an index that lists a record that is gone, or a title or status the record no longer has', () => {
  const before = folder({
    '001-a.md': record('001', 'First', 'Status: accepted'),
    '002-b.md': record('002', 'Second', 'Status: accepted'),
  });
  const index = writeIndex(INDEX, checkFolder(before.files, before.read, INDEX).records);
  const after = folder({
    '001-a.md': record('001', 'First, renamed', 'Status: accepted'),
    '003-c.md': record('003', 'Third', 'Status: proposed'),
  });
  const problems = checkFolder(after.files, after.read, index.replace('| accepted |  |\n| [002]', '| proposed |  |\n| [002]')).problems;
  assert.deepEqual(
    problems.map((p) => `${p.file}: ${p.message}`),
    [
      'README.md: 001: the index\'s title is "First", the records say "First, renamed"',
      'README.md: 001: the index\'s status is "proposed", the records say "accepted"',
      'README.md: the index lists 002, but there is no such record',
      'README.md: 003 (003-c.md) is not in the index',
    ],
  );
  assert.match(checkFolder(after.files, after.read, '# No table\n').problems[0].message, /no table between/);
  const twice = index.replace(/(\| \[001\].*\n)/, '$1$1');
  assert.deepEqual(
    checkFolder(before.files, before.read, twice).problems.map((p) => p.message),
    ['the index lists 001 twice'],
  );
});

test('refuses two records with one number', () => {
  const { files, read } = folder({
    '239-a.md': record('239', 'A', 'Status: accepted'),
    '239-b.md': record('239', 'B', 'Status: accepted'),
  });
  const { problems } = checkFolder(files, read, INDEX);
  assert.ok(problems.some((p) => p.file === '239-b.md' && p.message === 'a second record numbered 239'));
});
