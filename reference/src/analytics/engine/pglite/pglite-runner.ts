/**
 * SqlRunner over PGlite. Values come back as PostgreSQL's raw text: PGlite
 * parses some types itself (dates into Date objects, int8 into BigInt), so
 * every type OID is given an identity parser and ../values/to-json.ts does
 * one mapping for both back ends.
 *
 * The parsers are set on the PGlite instance once, not passed with each
 * query: PGlite merges per-query parsers into its own map on every call,
 * and that spread of 600-odd entries cost more than the mirror's one-row
 * upserts themselves.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { RawResult, SqlRunner } from '../db/runner.js';

export class PgliteRunner implements SqlRunner {
  constructor(private readonly db: PGlite) {}

  /** Call after the schema exists, so that every type OID gets a raw-text parser. */
  async loadParsers(): Promise<void> {
    const result = await this.db.query<[number]>('SELECT oid::int4 FROM pg_catalog.pg_type', [], { rowMode: 'array' });
    const raw = (value: string) => value;
    for (const [oid] of result.rows) this.db.parsers[oid] = raw;
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  async query(sql: string, params: unknown[] = []): Promise<RawResult> {
    const result = await this.db.query<(string | null)[]>(sql, params, { rowMode: 'array' });
    return { fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), rows: result.rows };
  }
}
