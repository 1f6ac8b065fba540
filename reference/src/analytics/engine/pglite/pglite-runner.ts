/**
 * SqlRunner over PGlite. Values come back as PostgreSQL's raw text: PGlite
 * parses some types itself (dates into Date objects, int8 into BigInt), so
 * every type OID is given an identity parser and ../values/to-json.ts does
 * one mapping for both back ends.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { RawResult, SqlRunner } from '../db/runner.js';

type Parsers = Record<number, (value: string) => string>;

export class PgliteRunner implements SqlRunner {
  private parsers: Parsers = {};

  constructor(private readonly db: PGlite) {}

  /** Call after the schema exists, so that every type OID gets a raw-text parser. */
  async loadParsers(): Promise<void> {
    const result = await this.db.query<[number]>('SELECT oid::int4 FROM pg_catalog.pg_type', [], { rowMode: 'array' });
    const parsers: Parsers = {};
    for (const [oid] of result.rows) parsers[oid] = (value) => value;
    this.parsers = parsers;
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  async query(sql: string, params: unknown[] = []): Promise<RawResult> {
    const result = await this.db.query<(string | null)[]>(sql, params, { rowMode: 'array', parsers: this.parsers });
    return { fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), rows: result.rows };
  }
}
