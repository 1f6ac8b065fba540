// PgliteRunner on a stand-in for PGlite: every type gets a raw-text parser
// once, rows come back as arrays with their fields' names and type OIDs.
import { describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { PgliteRunner } from './pglite-runner.js';

function fakeDb() {
  const calls: unknown[][] = [];
  const db = {
    parsers: {} as Record<number, (value: string) => unknown>,
    calls,
    async exec(sql: string) {
      calls.push(['exec', sql]);
    },
    async query(sql: string, params: unknown[], options: unknown) {
      calls.push(['query', sql, params, options]);
      if (sql.includes('pg_type')) return { rows: [[16], [25]], fields: [] };
      return { rows: [['1', null]], fields: [{ name: 'a', dataTypeID: 23, extra: true }, { name: 'b', dataTypeID: 25 }] };
    },
  };
  return db;
}

describe('PgliteRunner', () => {
  it('gives every type OID a parser that leaves the raw text as it is', async () => {
    const db = fakeDb();
    await new PgliteRunner(db as unknown as PGlite).loadParsers();
    expect(db.calls).toEqual([['query', 'SELECT oid::int4 FROM pg_catalog.pg_type', [], { rowMode: 'array' }]]);
    expect(Object.keys(db.parsers)).toEqual(['16', '25']);
    expect(db.parsers[16]!('t')).toBe('t');
  });

  it('runs statements, and queries with their parameters as arrays of raw values', async () => {
    const db = fakeDb();
    const runner = new PgliteRunner(db as unknown as PGlite);
    await runner.exec('BEGIN');
    expect(await runner.query('SELECT $1', ['x'])).toEqual({
      fields: [
        { name: 'a', dataTypeID: 23 },
        { name: 'b', dataTypeID: 25 },
      ],
      rows: [['1', null]],
    });
    await runner.query('SELECT 1');
    expect(db.calls).toEqual([
      ['exec', 'BEGIN'],
      ['query', 'SELECT $1', ['x'], { rowMode: 'array' }],
      ['query', 'SELECT 1', [], { rowMode: 'array' }],
    ]);
  });
});
