/**
 * Helpers of the analytics suite: run a query, read its rows, and the
 * publicly named relations and columns of SILENT.md › Analytics.
 */
import { AnalyticsQueryResult, AnalyticsSchema, type AnalyticsQueryResultT } from '../../../schemas/analytics.js';
import { expectOk, fail, type ApiClient, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';

export const QUERY = '/v1/analytics/query';
export const SCHEMA = '/v1/analytics/schema';

/** SILENT.md › Analytics: the relations and the columns named publicly. */
export const PUBLIC_RELATIONS: Record<string, { kind: 'table' | 'view'; columns: string[] }> = {
  posts: { kind: 'table', columns: ['id', 'blog_id', 'draft_of', 'title', 'published_at'] },
  blogs: { kind: 'table', columns: ['id'] },
  subscribers: { kind: 'table', columns: [] },
  newsletter_metrics: { kind: 'table', columns: ['send_status', 'open_count', 'click_count_total', 'sent_at', 'first_opened_at', 'is_unsubscribed'] },
  newsletter_link_clicks: { kind: 'table', columns: ['url', 'click_count'] },
  detailed_post_metrics: { kind: 'table', columns: ['view_count', 'country', 'read_time'] },
  post_views_daily: { kind: 'table', columns: ['views', 'unique_visitors', 'day'] },
  post_analytics_summary: {
    kind: 'view',
    columns: [
      'title', 'published_at', 'open_rate', 'ctr', 'total_views', 'unique_viewers', 'avg_read_time', 'newsletter_sent',
      'newsletter_unique_opens', 'newsletter_unique_clicks', 'newsletter_unsubscribes', 'top_countries',
    ],
  },
  subscriber_engagement_scores: { kind: 'view', columns: ['engagement_score', 'emails_received', 'emails_opened', 'total_clicks', 'last_engaged_at'] },
  blog_subscriber_counts: { kind: 'view', columns: ['active_subscriber_count'] },
};

export function runQuery(api: ApiClient, sql: string): Promise<ApiResponse> {
  return api.post(QUERY, { sql });
}

/** Runs a query that must succeed; returns the validated answer. */
export async function select(api: ApiClient, sql: string): Promise<AnalyticsQueryResultT> {
  return expectOk(await runQuery(api, sql), AnalyticsQueryResult);
}

/** The single value of a one-row, one-column answer. */
export async function scalar(api: ApiClient, sql: string): Promise<unknown> {
  const result = await select(api, sql);
  if (result.rows.length !== 1 || result.fields.length !== 1) fail(`${sql} answered ${result.rows.length} rows of ${result.fields.length} columns, not one value`);
  return result.rows[0][result.fields[0].name];
}

/** A count, whether the target sends it as a number or (past 2^53) a string. */
export async function count(api: ApiClient, sql: string): Promise<number> {
  const value = await scalar(api, sql);
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) fail(`${sql} answered ${JSON.stringify(value)}, not a count`);
  return n as number;
}

/** The schema listing, grouped: relation -> columns in listed order. */
export async function schemaColumns(ctx: RuleContext): Promise<Map<string, { name: string; type: string; nullable: string }[]>> {
  const listing = expectOk(await ctx.api.get(SCHEMA), AnalyticsSchema);
  const out = new Map<string, { name: string; type: string; nullable: string }[]>();
  for (const c of listing.tables) {
    const list = out.get(c.table_name) ?? [];
    list.push({ name: c.column_name, type: c.data_type, nullable: c.is_nullable });
    out.set(c.table_name, list);
  }
  return out;
}

/** The column a relation's rows name their publication by: blog_id, or id for blogs. */
export const scopeColumn = (relation: string) => (relation === 'blogs' ? 'id' : 'blog_id');

/** SQL string literal. */
export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
