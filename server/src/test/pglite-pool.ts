import { PGlite } from '@electric-sql/pglite';
import { type Database, wrapPglite } from '../db/client';

/**
 * Embedded test databases handed out again once a test is done with them (decision 324). Loading a migrated PGlite
 * costs about half a second of CPU, and a unit run opens well over a hundred; emptying one that a test has closed costs
 * about a tenth of that. A worker runs one test file at a time, so this pool holds one or two databases.
 *
 * A test gets the same thing as before, a database as it is right after the migrations: every table emptied, its
 * sequences set back, the rows the migrations wrote put back, the session's settings, locks and prepared statements
 * discarded. A database whose catalogue the test changed (a table, a column, a schema, the job queue's own schema), that it
 * closed itself or left inside a transaction is not handed out again.
 *
 * The test holds the client through a revocable proxy: once it closes its database, whatever it still holds (an app's
 * late timer, a query in flight) fails as on a closed database instead of reaching the next test's data.
 */

interface Template {
  /** The migrated data directory every database of this pool starts from. */
  dump: Blob;
  /** What identifies the migrated catalogue (see catalogueOf). */
  catalogue: string;
  /** Every user table, partitions included, to empty. */
  tables: string[];
  /** The rows the migrations wrote, as JSON, per table. */
  seeds: { table: string; rows: string }[];
  /** Every sequence as the migrations left it (the migrations table's own has moved on, the others have not). */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

const CATALOGUE = `
  select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
            and n.nspname not like 'pg_temp%') as relations,
         (select count(*) from pg_namespace where nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%') as schemas,
         (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname not in ('pg_catalog', 'information_schema')) as functions,
         (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ('pg_catalog', 'information_schema') and a.attnum > 0 and not a.attisdropped) as columns,
         (select count(*) from pg_constraint) as constraints,
         (select count(*) from pg_trigger) as triggers,
         (select count(*) from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname not in ('pg_catalog', 'information_schema')) as types`;

async function catalogueOf(client: PGlite): Promise<string> {
  return JSON.stringify((await client.query(CATALOGUE)).rows[0]);
}

/** Reads what a reset must restore from `client`, a database loaded from `dump` and not yet used: it only reads. */
async function readTemplate(client: PGlite, dump: Blob): Promise<Template> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const tables = rows.map((r) => r.name);
  const seeds: Template['seeds'] = [];
  for (const table of tables) {
    const { rows: json } = await client.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${table} t`);
    if (json[0]?.rows) seeds.push({ table, rows: json[0].rows });
  }
  const { rows: names } = await client.query<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' order by 1`,
  );
  const sequences: Template['sequences'] = [];
  for (const { name } of names) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    sequences.push({ name, lastValue: state[0]!.last_value, isCalled: state[0]!.is_called });
  }
  return { dump, catalogue: await catalogueOf(client), tables, seeds, sequences };
}

/** Empties a database a test has closed and says whether it is as the migrations left it, ready to hand out again. */
async function reset(client: PGlite, template: Template): Promise<boolean> {
  if (client.closed) return false;
  try {
    // DISCARD ALL fails inside a transaction: a test that left one open gets its database closed, not reused.
    await client.exec('discard all');
    if ((await catalogueOf(client)) !== template.catalogue) return false;
    await client.transaction(async (tx) => {
      await tx.exec(`truncate ${template.tables.join(', ')} cascade`);
      for (const { table, rows } of template.seeds) {
        await tx.query(`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`, [
          rows,
        ]);
      }
      for (const { name, lastValue, isCalled } of template.sequences) {
        await tx.query('select setval($1::regclass, $2::bigint, $3)', [name, lastValue, isCalled]);
      }
    });
    return true;
  } catch {
    return false;
  }
}

/** A pool of migrated embedded databases, one per test worker. */
export function createPglitePool(loadTemplate: () => Promise<Blob>) {
  let template: Promise<Template> | undefined;
  const idle: PGlite[] = [];

  async function lease(): Promise<Database> {
    // The database the template is read from is untouched by the reading: it is the first one handed out.
    template ??= loadTemplate().then(async (dump) => {
      const first = await PGlite.create({ loadDataDir: dump });
      const read = await readTemplate(first, dump);
      idle.push(first);
      return read;
    });
    const t = await template;
    const client = idle.pop() ?? (await PGlite.create({ loadDataDir: t.dump }));
    const { proxy, revoke } = Proxy.revocable(client, {
      // PGlite keeps its state in private fields, which only the client itself may read: methods run on the client.
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const database = await wrapPglite(proxy, false);
    let released: Promise<void> | undefined;
    return {
      ...database,
      close: () =>
        (released ??= (async () => {
          revoke();
          if (await reset(client, t)) idle.push(client);
          else if (!client.closed) await client.close();
        })()),
    };
  }

  /** How many databases wait to be handed out again. */
  const waiting = () => idle.length;
  return { lease, waiting };
}
