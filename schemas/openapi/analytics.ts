/**
 * Analytics (SPEC.md › Analytics; SILENT.md › Analytics for the public facts
 * and the shape of the schema listing), and the analytics part of the
 * test-control API.
 */
import {
  ANALYTICS_LIMITS,
  AnalyticsQuery,
  AnalyticsQueryResult,
  AnalyticsSchema,
  ControlAnalytics,
  ControlAnalyticsChange,
} from '../analytics.js';
import { json, type Endpoint } from './endpoint.js';

const tag = 'Analytics';

const RELATIONS =
  'Tables posts, blogs, subscribers, newsletter_metrics, newsletter_link_clicks, detailed_post_metrics, post_views_daily; ' +
  'views post_analytics_summary, subscriber_engagement_scores, blog_subscriber_counts (GET /v1/analytics/schema lists every column).';

export const analyticsEndpoints: Endpoint[] = [
  {
    method: 'post', path: '/v1/analytics/query', tag, auth: 'required',
    summary: "Run a read-only SQL query over the publication's analytics",
    description: [
      `PostgreSQL dialect; one SELECT or WITH query, at most ${ANALYTICS_LIMITS.sqlMax} characters, no semicolons; tables are referenced unprefixed (schema analytics is the search path).`,
      "No writes, DDL or superuser functions. Only the key's publication's rows are visible (row-level security), even without a filter: a publication is blog in column names (blog_id).",
      `Rows past ${ANALYTICS_LIMITS.maxRows} are cut and truncated is true. A query running past the ${ANALYTICS_LIMITS.timeoutMs / 1000}-second limit is stopped and answered 408.`,
      'For post-scoped raw tables, join through posts.draft_of to roll draft and version rows up to the published post.',
      RELATIONS,
    ].join(' '),
    body: AnalyticsQuery,
    responses: { 200: json('the rows, their columns, and whether rows were cut', AnalyticsQueryResult) },
    errors: {
      400: 'sql is missing, empty, too long, not one SELECT/WITH query, has a semicolon, writes, uses a function that is not allowed, reads outside the analytics schema, or PostgreSQL refused it (msg is its message)',
      408: 'the query ran past the time limit and was stopped',
      503: 'analytics are turned off on this server',
    },
  },
  {
    method: 'get', path: '/v1/analytics/schema', tag, auth: 'required',
    summary: 'Column metadata of every table and view of the analytics schema',
    description: `One item per column, grouped by table (tables, then views, each by name), in column order. ${RELATIONS}`,
    responses: { 200: json('the columns', AnalyticsSchema) },
    errors: { 503: 'analytics are turned off on this server' },
  },
];

const control = { tag: 'Test control', auth: 'none', profile: 'control' } as const;

export const analyticsControlEndpoints: Endpoint[] = [
  {
    ...control, method: 'get', path: '/_control/analytics',
    summary: 'The analytics engine: which one, whether it has started, and its per-query time limit',
    responses: { 200: json('the analytics engine', ControlAnalytics) },
  },
  {
    ...control, method: 'post', path: '/_control/analytics',
    summary: 'Change the per-query time limit (capability analytics-timeout)',
    description: 'timeoutMs 1..600000 applies to queries that start from now on; null restores the default. POST /_control/reset restores it too.',
    body: ControlAnalyticsChange,
    responses: { 200: json('the analytics engine', ControlAnalytics) },
  },
];
