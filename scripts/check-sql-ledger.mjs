// The SQL ledger check (decision 253). The embedded run (`npm test`, PGlite) runs every server test; the PostgreSQL
// run (`npm run test:pg`) runs only the files that touch SQL (scripts/test-pg.mjs). Both note every statement the
// server sends through drizzle (server/src/test/sql-ledger.ts, with SQL_LEDGER_DIR). This fails when a statement ran
// on PGlite but never on PostgreSQL, naming the statement and the test files that sent it, so no query of ours goes
// unproven on either engine.
//
//   node scripts/check-sql-ledger.mjs EMBEDDED_DIR POSTGRES_DIR
//   node scripts/check-sql-ledger.mjs --suggest EMBEDDED_DIR [FILE ...]   the fewest more test files that would send,
//                                                                       beside FILE..., every statement on PostgreSQL
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A statement's shape: placeholders, literals and the length of value lists do not matter (`in ($1, $2)` and
 * `in ($1, $2, $3)` are one query; so are the inserts of one and of fifty rows).
 */
export function shapeOf(sql) {
  const valueList = String.raw`\((?:\?|default)(?:, *(?:\?|default))*\)`;
  return (
    sql
      .replace(/'(?:[^']|'')*'/g, "'?'")
      .replace(/\$\d+/g, '?')
      // Numbers in names too: a month's partition (flight_observations_2026_02) is one statement whatever the month.
      .replace(/\d+/g, '0')
      .replace(/\s+/g, ' ')
      .replace(new RegExp(`${valueList}(?:, *${valueList})*`, 'g'), '(…)')
      .trim()
  );
}

/** Statement shape → { engines, files } from every ledger file of a directory. */
export function readLedger(dir) {
  const shapes = new Map();
  if (!existsSync(dir)) return shapes;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.jsonl')) continue;
    for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      const { file, statements } = JSON.parse(line);
      for (const { sql, engines } of statements) {
        const shape = shapeOf(sql);
        let entry = shapes.get(shape);
        if (!entry) shapes.set(shape, (entry = { engines: new Set(), files: new Set() }));
        for (const e of engines) entry.engines.add(e);
        entry.files.add(file);
      }
    }
  }
  return shapes;
}

/**
 * Statements only the embedded engine's own code sends, by design: on PostgreSQL the same thing goes around drizzle.
 * The health ping: `db.execute(sql\`select 1\`)` on PGlite, `pool.query('select 1')` on PostgreSQL (db/client.ts).
 */
const PGLITE_ONLY = new Set(['select 0']);

/** The statements that ran on PGlite in `embedded` and never on PostgreSQL in `postgres`. */
export function unproven(embedded, postgres) {
  const missing = [];
  for (const [shape, entry] of embedded) {
    if (!entry.engines.has('pglite') || PGLITE_ONLY.has(shape)) continue;
    if (postgres.get(shape)?.engines.has('postgres')) continue;
    missing.push({ shape, files: [...entry.files].sort() });
  }
  return missing;
}

/** Greedy set cover: the fewest test files (beyond `chosen`) that send every statement of `embedded`. */
export function suggest(embedded, chosen) {
  const byFile = new Map();
  const left = new Set();
  for (const [shape, entry] of embedded) {
    if ([...entry.files].some((f) => chosen.has(f))) continue;
    left.add(shape);
    for (const f of entry.files) {
      if (!byFile.has(f)) byFile.set(f, new Set());
      byFile.get(f).add(shape);
    }
  }
  const picked = [];
  while (left.size > 0) {
    let best;
    let bestCount = 0;
    for (const [f, shapes] of byFile) {
      const count = [...shapes].filter((s) => left.has(s)).length;
      if (count > bestCount || (count === bestCount && best !== undefined && f < best)) [best, bestCount] = [f, count];
    }
    if (!best) break;
    picked.push({ file: best, adds: bestCount });
    for (const s of byFile.get(best)) left.delete(s);
    byFile.delete(best);
  }
  return picked;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args[0] === '--suggest') {
    const embedded = readLedger(args[1]);
    for (const { file, adds } of suggest(embedded, new Set(args.slice(2)))) console.log(`${file}\t${adds}`);
  } else {
    const [embeddedDir, postgresDir] = args;
    if (!embeddedDir || !postgresDir) {
      console.error('usage: node scripts/check-sql-ledger.mjs EMBEDDED_DIR POSTGRES_DIR');
      process.exit(2);
    }
    const embedded = readLedger(embeddedDir);
    const postgres = readLedger(postgresDir);
    if (embedded.size === 0 || postgres.size === 0) {
      console.error(`no statements noted in ${embedded.size === 0 ? embeddedDir : postgresDir}: was SQL_LEDGER_DIR set?`);
      process.exit(1);
    }
    const missing = unproven(embedded, postgres);
    if (missing.length > 0) {
      console.error(`${missing.length} statement(s) ran on PGlite but not in the PostgreSQL run:`);
      for (const { shape, files } of missing) console.error(`\n  ${shape.slice(0, 300)}\n    sent by ${files.join(', ')}`);
      console.error('\nAdd a test file that sends them to the PostgreSQL run (scripts/test-pg.mjs, decision 253).');
      process.exit(1);
    }
    console.log(`SQL ledger: all ${embedded.size} statement shapes of the embedded run also ran on PostgreSQL`);
  }
}
