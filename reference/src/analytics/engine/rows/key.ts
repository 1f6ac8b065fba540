import type { MirrorTableName } from '../mirror-types.js';
import { TABLES } from '../schema/tables.js';

/** A row's primary key as one string, for maps keyed by row identity. */
export function keyOf(table: MirrorTableName, row: object): string {
  return JSON.stringify(TABLES[table].primaryKey.map((col) => (row as Record<string, unknown>)[col]));
}
