/**
 * The engine's own copy of the mirrored data, kept on the main thread.
 *
 * The embedded database lives in a worker that is terminated when a query
 * runs past its time limit; the fresh worker is re-loaded from this copy.
 * Changes are recorded here only after the database accepted them, so the
 * copy never holds rows the database refused. Rows are kept as given, not
 * copied again: the engine hands over its own copies of what callers sent.
 */
import type { MirrorChange, MirrorSnapshot, MirrorTableName } from '../mirror-types.js';
import { TABLE_NAMES } from '../schema/tables.js';
import { keyOf } from './key.js';

export class MirrorState {
  private readonly tables = new Map<MirrorTableName, Map<string, object>>();

  constructor() {
    for (const t of TABLE_NAMES) this.tables.set(t, new Map());
  }

  replace(snapshot: MirrorSnapshot): void {
    for (const t of TABLE_NAMES) {
      const rows = new Map<string, object>();
      for (const row of snapshot[t] ?? []) rows.set(keyOf(t, row), row);
      this.tables.set(t, rows);
    }
  }

  apply(changes: MirrorChange[]): void {
    for (const change of changes) {
      const rows = this.tables.get(change.table)!;
      if (change.op === 'upsert') rows.set(keyOf(change.table, change.row), change.row);
      else rows.delete(keyOf(change.table, change.key));
    }
  }

  isEmpty(): boolean {
    return [...this.tables.values()].every((rows) => rows.size === 0);
  }

  snapshot(): MirrorSnapshot {
    const out: Record<string, object[]> = {};
    for (const [t, rows] of this.tables) out[t] = [...rows.values()];
    return out as MirrorSnapshot;
  }
}
