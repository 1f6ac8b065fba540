/**
 * Loads mirrored rows into the database. Rows travel as one JSON parameter
 * per statement and are turned into typed records by
 * jsonb_populate_recordset(NULL::analytics.<table>, ...), so PostgreSQL does
 * the type conversion (ISO timestamps, arrays, booleans) and the statement
 * count stays small however many rows there are.
 */
import type { MirrorChange, MirrorSnapshot, MirrorTableName } from '../mirror-types.js';
import { keyOf } from '../rows/key.js';
import { TABLES, TABLE_NAMES, columnNames } from '../schema/tables.js';
import type { SqlRunner } from './runner.js';

function insertSql(table: MirrorTableName, upsert: boolean): string {
  const cols = columnNames(table).join(', ');
  const base = `INSERT INTO analytics.${table} (${cols}) SELECT ${cols} FROM jsonb_populate_recordset(NULL::analytics.${table}, $1::jsonb)`;
  if (!upsert) return base;
  const pk = TABLES[table].primaryKey as readonly string[];
  // Every table has columns beyond its key (tables.ts), so there is always something to update.
  const rest = columnNames(table).filter((c) => !pk.includes(c));
  return `${base} ON CONFLICT (${pk.join(', ')}) DO UPDATE SET ${rest.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`;
}

function deleteSql(table: MirrorTableName): string {
  const match = TABLES[table].primaryKey.map((c) => `t.${c} = k.${c}`).join(' AND ');
  return `DELETE FROM analytics.${table} AS t USING jsonb_populate_recordset(NULL::analytics.${table}, $1::jsonb) AS k WHERE ${match}`;
}

async function inTransaction(runner: SqlRunner, work: () => Promise<void>): Promise<void> {
  await runner.exec('BEGIN');
  try {
    await work();
    await runner.exec('COMMIT');
  } catch (error) {
    await runner.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * A batch this large on one table is followed by ANALYZE of that table.
 * The planner needs statistics: without them (PGlite has no autovacuum, and a
 * server's may not have run yet) it guesses a few rows per publication and
 * picks nested loops, which a join over a million rows cannot afford.
 */
const ANALYZE_AFTER_ROWS = 5_000;

async function analyze(runner: SqlRunner, tables: Iterable<MirrorTableName>): Promise<void> {
  const list = [...new Set(tables)];
  if (list.length > 0) await runner.exec(`ANALYZE ${list.map((t) => `analytics.${t}`).join(', ')}`);
}

/**
 * Rows per statement when a whole snapshot is loaded. A statement's rows
 * travel as one JSON text that the database holds several times over while it
 * converts it (text, jsonb, records): one statement for a million rows ran the
 * embedded database, whose memory is bounded, out of memory; batches keep
 * what is held at once small whatever the data's size.
 */
export const LOAD_BATCH_ROWS = 5_000;

/** The snapshot as batches of at most LOAD_BATCH_ROWS rows of one table, table by table. */
export function* snapshotBatches(snapshot: MirrorSnapshot): Generator<{ table: MirrorTableName; rows: object[] }> {
  for (const table of TABLE_NAMES) {
    const rows = snapshot[table] ?? [];
    for (let i = 0; i < rows.length; i += LOAD_BATCH_ROWS) yield { table, rows: rows.slice(i, i + LOAD_BATCH_ROWS) };
  }
}

/** One step of replacing every table's rows: one transaction, the rows in batches, then ANALYZE. */
export type ReplaceStep =
  | { step: 'begin' }
  | { step: 'rows'; table: MirrorTableName; rows: object[] }
  | { step: 'commit' }
  | { step: 'abort' };

export async function replaceStep(runner: SqlRunner, step: ReplaceStep): Promise<void> {
  switch (step.step) {
    case 'begin':
      await runner.exec('BEGIN');
      await runner.exec(`TRUNCATE ${TABLE_NAMES.map((t) => `analytics.${t}`).join(', ')}`);
      return;
    case 'rows':
      await runner.query(insertSql(step.table, false), [JSON.stringify(step.rows)]);
      return;
    case 'commit':
      await runner.exec('COMMIT');
      await analyze(runner, TABLE_NAMES);
      return;
    case 'abort':
      await runner.exec('ROLLBACK').catch(() => undefined);
  }
}

/**
 * Replaces every table's rows with the snapshot's, step by step through
 * `run` (one connection's runner, or the embedded database's worker).
 */
export async function replaceAll(snapshot: MirrorSnapshot, run: (step: ReplaceStep) => Promise<void>): Promise<void> {
  await run({ step: 'begin' });
  try {
    for (const { table, rows } of snapshotBatches(snapshot)) await run({ step: 'rows', table, rows });
  } catch (error) {
    await run({ step: 'abort' }).catch(() => undefined);
    throw error;
  }
  await run({ step: 'commit' });
}

/**
 * Applies changes in order, atomically. Consecutive changes of the same kind
 * on the same table share one statement; within an upsert batch the last row
 * per key wins (ON CONFLICT may not touch a row twice in one statement).
 */
export async function applyChanges(runner: SqlRunner, changes: MirrorChange[]): Promise<void> {
  const perTable = new Map<MirrorTableName, number>();
  for (const c of changes) perTable.set(c.table, (perTable.get(c.table) ?? 0) + 1);
  await inTransaction(runner, async () => {
    let i = 0;
    while (i < changes.length) {
      const { table, op } = changes[i];
      const batch = new Map<string, object>();
      let j = i;
      for (; j < changes.length && changes[j].table === table && changes[j].op === op; j++) {
        const c = changes[j];
        const item = c.op === 'upsert' ? c.row : c.key;
        batch.set(keyOf(table, item), item);
      }
      const sql = op === 'upsert' ? insertSql(table, true) : deleteSql(table);
      await runner.query(sql, [JSON.stringify([...batch.values()])]);
      i = j;
    }
  });
  await analyze(runner, [...perTable].filter(([, n]) => n >= ANALYZE_AFTER_ROWS).map(([t]) => t));
}
