/** SqlRunner over one node-postgres client, with raw text values (see ../values/to-json.ts). */
import type pg from 'pg';
import type { RawResult, SqlRunner } from '../db/runner.js';

const RAW_TEXT = { getTypeParser: () => (value: string) => value };

export class PgRunner implements SqlRunner {
  constructor(private readonly client: pg.ClientBase) {}

  async exec(sql: string): Promise<void> {
    await this.client.query(sql);
  }

  async query(sql: string, params: unknown[] = []): Promise<RawResult> {
    // queryMode 'extended' (not in @types/pg): one statement per call, even without parameters.
    const config = { text: sql, values: params, rowMode: 'array', types: RAW_TEXT, queryMode: 'extended' };
    const result = await this.client.query(config as unknown as pg.QueryArrayConfig);
    return {
      fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      rows: result.rows as (string | null)[][],
    };
  }
}
