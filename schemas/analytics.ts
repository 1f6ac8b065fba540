/**
 * Analytics (SPEC.md › Analytics, SILENT.md › Analytics): read-only SQL over
 * the publication's own rows, and the column listing of the analytics schema.
 */
import { z } from 'zod';

export const ANALYTICS_LIMITS = {
  /** SILENT.md (public): SQL text at most 10,000 characters. */
  sqlMax: 10_000,
  /** SPEC.md: rows past 10,000 are cut. */
  maxRows: 10_000,
  /** SPEC.md: 30-second statement timeout. */
  timeoutMs: 30_000,
} as const;

/** POST /v1/analytics/query. Unknown properties are ignored (SPEC.md does not list this body as strict). */
export const AnalyticsQuery = z
  .object({
    sql: z
      .string()
      .min(1)
      .max(ANALYTICS_LIMITS.sqlMax)
      .describe('one SELECT or WITH query, PostgreSQL dialect, no semicolons; tables unprefixed'),
  })
  .meta({ id: 'AnalyticsQuery' });

export const AnalyticsField = z.object({ name: z.string() }).meta({ id: 'AnalyticsField' });

export const AnalyticsQueryResult = z
  .object({
    rows: z
      .array(z.record(z.string(), z.unknown()))
      .describe('column name -> value: numbers (bigint and numeric past 2^53 as strings), booleans, ISO 8601 timestamps, JSON arrays; other types as PostgreSQL text'),
    rowCount: z.number().int().min(0).describe('rows returned (after the cut at 10,000)'),
    fields: z.array(AnalyticsField).describe('the columns in query order; a repeated name is listed each time'),
    truncated: z.boolean().describe('true when the query had more than 10,000 rows'),
  })
  .meta({ id: 'AnalyticsQueryResult' });

export const AnalyticsSchemaColumn = z
  .object({
    table_name: z.string(),
    column_name: z.string(),
    data_type: z.string().describe('as information_schema.columns says (ARRAY for arrays)'),
    is_nullable: z.enum(['YES', 'NO']),
  })
  .meta({ id: 'AnalyticsSchemaColumn' });

export const AnalyticsSchema = z
  .object({
    tables: z.array(AnalyticsSchemaColumn).describe('one item per column of every table and view, grouped by table, in column order'),
  })
  .meta({ id: 'AnalyticsSchema' });

/** GET/POST /_control/analytics: the reference's analytics engine and its time limit. */
export const ControlAnalytics = z
  .object({
    mode: z.enum(['background', 'lazy', 'off']),
    engine: z.enum(['pglite', 'postgresql']),
    started: z.boolean(),
    mirrored: z.boolean().describe('the current state is copied into the analytics database, completely (from the first analytics request after start or reset); every write then updates that copy'),
    failure: z
      .string()
      .nullable()
      .describe('why the analytics database holds no complete copy (a load or a change failed, a worker was replaced after a time limit); analytics queries answer 503 until a load succeeds; null when nothing failed'),
    timeoutMs: z.number().int().min(1),
    defaultTimeoutMs: z.number().int().min(1),
  })
  .meta({ id: 'ControlAnalytics' });

/** timeoutMs null: back to the default. Resetting (POST /_control/reset) also restores it. */
export const ControlAnalyticsChange = z.strictObject({
  timeoutMs: z.number().int().min(1).max(600_000).nullable(),
});

export type AnalyticsQueryT = z.infer<typeof AnalyticsQuery>;
export type AnalyticsQueryResultT = z.infer<typeof AnalyticsQueryResult>;
export type AnalyticsSchemaT = z.infer<typeof AnalyticsSchema>;
