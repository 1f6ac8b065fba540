/**
 * Rows the mirror itself holds (newsletter metrics, views: data that exists
 * only in analytics), by primary key, with indexes on the columns that other
 * areas' events name (a deleted post, a removed subscriber), so an event
 * turns into changes without scanning every row.
 */
import { MIRROR_PRIMARY_KEYS, type MirrorChange, type MirrorTableName, type MirrorTables } from '../engine/mirror-types.js';
import { keyOf } from '../engine/rows/key.js';

type Column<T extends MirrorTableName> = keyof MirrorTables[T] & string;

export class RowSet<T extends MirrorTableName> {
  private readonly rows = new Map<string, MirrorTables[T]>();
  private readonly indexes = new Map<Column<T>, Map<unknown, Set<string>>>();

  constructor(
    readonly table: T,
    indexed: readonly Column<T>[] = [],
  ) {
    for (const column of indexed) this.indexes.set(column, new Map());
  }

  /** Insert or replace; returns the upsert for the database. */
  put(row: MirrorTables[T]): MirrorChange {
    const key = keyOf(this.table, row);
    const old = this.rows.get(key);
    if (old) this.unindex(key, old);
    this.rows.set(key, row);
    for (const [column, index] of this.indexes) {
      const value = row[column];
      let keys = index.get(value);
      if (!keys) index.set(value, (keys = new Set()));
      keys.add(key);
    }
    return { op: 'upsert', table: this.table, row } as MirrorChange;
  }

  get(key: Partial<MirrorTables[T]>): MirrorTables[T] | undefined {
    return this.rows.get(keyOf(this.table, key));
  }

  /** Rows whose indexed column has this value. */
  where(column: Column<T>, value: unknown): MirrorTables[T][] {
    const keys = this.indexes.get(column)?.get(value);
    if (!this.indexes.has(column)) throw new Error(`RowSet ${this.table}: ${column} is not indexed`);
    return [...(keys ?? [])].map((k) => this.rows.get(k)!);
  }

  /** Removes the rows whose indexed column has one of the values; returns the deletes. */
  deleteWhere(column: Column<T>, values: readonly unknown[]): MirrorChange[] {
    const changes: MirrorChange[] = [];
    for (const value of values) {
      for (const row of this.where(column, value)) {
        const key = keyOf(this.table, row);
        this.unindex(key, row);
        this.rows.delete(key);
        changes.push({ op: 'delete', table: this.table, key: primaryKey(this.table, row) } as MirrorChange);
      }
    }
    return changes;
  }

  all(): MirrorTables[T][] {
    return [...this.rows.values()];
  }

  get size(): number {
    return this.rows.size;
  }

  private unindex(key: string, row: MirrorTables[T]): void {
    for (const [column, index] of this.indexes) {
      const keys = index.get(row[column]);
      keys?.delete(key);
      if (keys?.size === 0) index.delete(row[column]);
    }
  }
}

function primaryKey<T extends MirrorTableName>(table: T, row: MirrorTables[T]): Record<string, unknown> {
  const key: Record<string, unknown> = {};
  for (const column of MIRROR_PRIMARY_KEYS[table]) key[column] = (row as unknown as Record<string, unknown>)[column];
  return key;
}
