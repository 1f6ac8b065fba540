// The table definitions against the rows the mirror makes of the fixtures:
// every value has the form its column's type reads from JSON, and null
// appears only where a column allows it. The database would refuse such a
// row when it loads; this finds it without one, and names the column.
import { describe, expect, it } from 'vitest';
import { postsWorld } from '../../../posts/posts-world.support.test.js';
import { createStateMirror } from '../../mirror/index.js';
import { TABLES, TABLE_NAMES } from './tables.js';

/** The JSON form jsonb_populate_recordset converts to each column type the tables use. */
const JSON_FORMS: Record<string, (value: unknown) => boolean> = {
  text: (v) => typeof v === 'string',
  'text[]': (v) => Array.isArray(v) && v.every((item) => typeof item === 'string'),
  boolean: (v) => typeof v === 'boolean',
  integer: (v) => Number.isInteger(v),
  timestamptz: (v) => typeof v === 'string' && new Date(v).toISOString() === v,
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
};

describe('the analytics tables', { timeout: 120_000 }, () => {
  it('use only column types whose JSON form the loader knows', () => {
    for (const table of TABLE_NAMES) {
      for (const [column, spec] of Object.entries(TABLES[table].columns)) expect(Object.keys(JSON_FORMS), `${table}.${column}`).toContain(spec.type);
    }
  });

  it('each have a column beyond their key, which the mirror\'s upsert updates', () => {
    for (const table of TABLE_NAMES) {
      const key = TABLES[table].primaryKey as readonly string[];
      expect(Object.keys(TABLES[table].columns).filter((column) => !key.includes(column)).length, table).toBeGreaterThan(0);
    }
  });

  it("hold the fixtures' mirrored rows: each value of its column's form, null only where the column allows it", () => {
    const snapshot = createStateMirror(postsWorld().state).snapshot();
    for (const table of TABLE_NAMES) {
      const rows = (snapshot[table] ?? []) as object[];
      expect(rows.length, table).toBeGreaterThan(0);
      for (const [column, spec] of Object.entries(TABLES[table].columns)) {
        const values = rows.map((row) => (row as Record<string, unknown>)[column]);
        const misfits = values.filter((value) => (value === null ? !spec.nullable : !JSON_FORMS[spec.type]!(value)));
        expect(misfits.slice(0, 3), `${table}.${column} (${spec.type}${spec.nullable ? '' : ' NOT NULL'})`).toEqual([]);
      }
    }
  });
});
