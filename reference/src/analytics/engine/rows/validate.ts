/**
 * Checks on fed rows, before they reach the database or the engine's copy:
 * a known table, every column present, no unknown column, key columns not
 * null. These are programming errors of the feeding area (plain Error, not
 * ApiError); catching them here names the table and column, where the
 * database would only say "null value violates not-null constraint".
 */
import type { MirrorChange, MirrorSnapshot, MirrorTableName } from '../mirror-types.js';
import { TABLES, columnNames } from '../schema/tables.js';

function isTable(name: string): name is MirrorTableName {
  return Object.prototype.hasOwnProperty.call(TABLES, name);
}

export function checkTable(name: string): asserts name is MirrorTableName {
  if (!isTable(name)) throw new Error(`analytics mirror: unknown table ${name}`);
}

export function checkRow(table: MirrorTableName, row: object): void {
  const columns = columnNames(table);
  const keys = Object.keys(row);
  const unknown = keys.filter((k) => !columns.includes(k));
  if (unknown.length > 0) throw new Error(`analytics mirror: ${table} has no column ${unknown.join(', ')}`);
  const missing = columns.filter((c) => !keys.includes(c));
  if (missing.length > 0) throw new Error(`analytics mirror: ${table} row lacks ${missing.join(', ')}`);
  checkKey(table, row);
}

export function checkKey(table: MirrorTableName, key: object): void {
  for (const col of TABLES[table].primaryKey) {
    const value = (key as Record<string, unknown>)[col];
    if (value === null || value === undefined) throw new Error(`analytics mirror: ${table} key ${col} is missing`);
  }
}

export function checkChanges(changes: MirrorChange[]): void {
  for (const change of changes) {
    checkTable(change.table);
    if (change.op === 'upsert') checkRow(change.table, change.row);
    else if (change.op === 'delete') checkKey(change.table, change.key);
    else throw new Error(`analytics mirror: unknown op ${(change as { op: string }).op}`);
  }
}

export function checkSnapshot(snapshot: MirrorSnapshot): void {
  for (const [table, rows] of Object.entries(snapshot)) {
    checkTable(table);
    for (const row of rows ?? []) checkRow(table, row);
  }
}
