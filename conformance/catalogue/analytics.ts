/** Analytics: read-only SQL over the publication's own rows. */
import { defineRules } from './types.js';

export const analyticsRules = defineRules([
  {
    section: 'Endpoints › Analytics',
    rules: [
      ['analytics.query.response', 'POST /v1/analytics/query answers 200 {rows, rowCount: integer, fields: [{name}], truncated: boolean}.'],
      ['analytics.query.fields-order', 'fields names the result columns in the order of the query, and each row maps those names to values.'],
      ['analytics.query.equivalent-results', 'Equivalent queries (a subquery, a CTE, a filter that keeps everything) return equal results.'],
      ['analytics.query.sql-required', 'sql is required and at least one character.'],
      ['analytics.query.select-only', 'Only SELECT or WITH statements are run.'],
      ['analytics.query.no-semicolons', 'SQL containing a semicolon is refused.'],
      ['analytics.query.no-writes', 'Writes and DDL are refused.'],
      ['analytics.query.no-superuser-functions', 'Superuser functions are refused.'],
      ['analytics.query.unprefixed-tables', 'Tables are referenced unprefixed: the analytics schema is the default.'],
      ['analytics.query.isolation', "Only the API key's publication rows are visible."],
      ['analytics.query.max-rows', 'Rows past 10,000 are cut and truncated is true.'],
      ['analytics.query.timeout', 'A statement has a 30-second timeout.'],
      ['analytics.query.draft-of', 'posts.draft_of rolls draft and version rows up to the published post.'],
      ['analytics.schema.get', 'GET /v1/analytics/schema answers column metadata for every table and view of the analytics schema.'],
    ],
  },
  {
    section: 'Endpoints › Analytics',
    source: 'SILENT.md public',
    rules: [
      ['analytics.query.invalid-sql-400', 'Invalid SQL (not SELECT/WITH, semicolon, write, DDL, forbidden function) answers 400.'],
      ['analytics.query.timeout-408', 'A query over its time limit answers 408.'],
      ['analytics.query.sql-max-10000', 'SQL text is at most 10,000 characters.'],
      ['analytics.query.postgres-dialect', 'Queries use the PostgreSQL dialect.'],
      ['analytics.query.rls-without-filter', "Rows are scoped to the key's publication even when the SQL has no filter."],
      [
        'analytics.schema.shape',
        'The schema answer is {tables: [{table_name, column_name, data_type, is_nullable}]}, one row per column, grouped by table in column order; all strings, is_nullable YES or NO.',
      ],
      [
        'analytics.schema.public-relations',
        'posts, blogs, subscribers, newsletter_metrics, newsletter_link_clicks, detailed_post_metrics, post_views_daily, post_analytics_summary, subscriber_engagement_scores and blog_subscriber_counts exist with their publicly named columns.',
      ],
      ['analytics.schema.blog-naming', 'A publication is blog in analytics column names (blog_id).'],
    ],
  },
  {
    section: 'Endpoints › Analytics',
    source: 'SILENT.md ours',
    rules: [
      ['analytics.data.agrees-with-api', 'Analytics counts agree with the API: blog_subscriber_counts with the subscriber count, published posts (draft_of null) with the published post list.'],
      ['analytics.data.fresh', 'A change made through the API shows in the next analytics query.'],
      ['analytics.data.draft-rows', 'Every post has a draft row in posts: draft_of = the post id, status draft, same blog_id.'],
    ],
  },
  {
    section: 'DESIGN.md › The test-control API',
    source: 'DESIGN.md',
    profile: 'control',
    rules: [
      ['analytics.control.time-limit', 'POST /_control/analytics {timeoutMs} sets the analytics time limit for the next queries; {timeoutMs: null} restores the default.'],
      [
        'analytics.control.sql-clock',
        "SQL's current time is the controllable clock's when the query is answered: now(), CURRENT_DATE, CURRENT_TIMESTAMP, LOCALTIMESTAMP, transaction_timestamp(), statement_timestamp(), clock_timestamp() follow POST /_control/clock.",
      ],
    ],
  },
]);
