/**
 * GET /v1/analytics/schema's data: every column of every table and view in
 * the analytics schema, read from information_schema by the engine's
 * privileged role (the query role has no access to information_schema).
 * Tables come first, then views, each by name, columns in ordinal order.
 */
import type { SchemaColumn, SchemaResult } from '../types.js';
import type { SqlRunner } from './runner.js';

const SQL = `
SELECT c.table_name::text, c.column_name::text, c.data_type::text, c.is_nullable::text
FROM information_schema.columns c
JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
WHERE c.table_schema = 'analytics'
ORDER BY t.table_type = 'VIEW', c.table_name, c.ordinal_position`;

export async function readSchema(runner: SqlRunner): Promise<SchemaResult> {
  const result = await runner.query(SQL);
  const tables: SchemaColumn[] = result.rows.map(([table_name, column_name, data_type, is_nullable]) => ({
    table_name: String(table_name),
    column_name: String(column_name),
    data_type: String(data_type),
    is_nullable: is_nullable === 'NO' ? 'NO' : 'YES',
  }));
  return { tables };
}
