// The analytics database in this process (no worker), installed with the
// embedded engine's clock mechanism: the schema listing's order and types, and
// changes applied by key. The engine contract checks the same through a
// worker thread, where a mutation test's unit pass cannot switch a mutant on.
import { describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT_MS } from '../contract/engine-contract.support.test.js';
import { twoBlogs } from '../contract/two-blogs.support.test.js';
import { PgliteRunner } from '../pglite/pglite-runner.js';
import { TABLE_NAMES } from '../schema/tables.js';
import { VIEW_NAMES } from '../schema/views.js';
import { installAnalyticsSchema } from './database.js';
import { loadedDatabase } from './loaded-database.support.test.js';
import { QUERY_CANCELED, type SqlRunner } from './runner.js';

const TZ = 'timestamp with time zone';

/**
 * GET /v1/analytics/schema's answer, relation by relation: the columns of
 * docs/spec-gaps-analytics.md ("Tables and columns") in their order, each
 * with its data_type as information_schema names it and " null" when
 * is_nullable is YES (a view's columns are all nullable as far as
 * PostgreSQL knows).
 */
const PUBLIC_LISTING: Record<string, string[]> = {
  blogs: ['id text', 'name text', 'slug text null', `created_at ${TZ}`],
  detailed_post_metrics: [
    'blog_id text', 'post_id text', 'reader_id text', 'subscriber_id text null', 'view_count integer', 'read_time integer',
    'country text null', 'referrer text null', `first_viewed_at ${TZ}`, `last_viewed_at ${TZ}`,
  ],
  newsletter_link_clicks: ['blog_id text', 'post_id text', 'subscriber_id text', 'url text', 'click_count integer', `first_clicked_at ${TZ}`, `last_clicked_at ${TZ}`],
  newsletter_metrics: [
    'blog_id text', 'post_id text', 'subscriber_id text', 'send_status text', `sent_at ${TZ} null`, 'open_count integer',
    `first_opened_at ${TZ} null`, `last_opened_at ${TZ} null`, 'click_count_total integer', `last_clicked_at ${TZ} null`, 'is_unsubscribed boolean',
  ],
  post_views_daily: ['blog_id text', 'post_id text', 'day date', 'views integer', 'unique_visitors integer'],
  posts: [
    'id text', 'blog_id text', 'draft_of text null', 'title text null', 'subtitle text null', 'slug text null', 'status text',
    'categories ARRAY', 'send_newsletter boolean', `published_at ${TZ} null`, `scheduled_at ${TZ} null`, `created_at ${TZ}`, `updated_at ${TZ}`,
  ],
  subscribers: [
    'id text', 'blog_id text', 'email text null', 'wallet text null', 'status text', 'source text null', `created_at ${TZ}`, `unsubscribed_at ${TZ} null`,
  ],
  blog_subscriber_counts: ['blog_id text null', 'active_subscriber_count integer null', 'unsubscribed_subscriber_count integer null', 'total_subscriber_count integer null'],
  post_analytics_summary: [
    'post_id text null', 'blog_id text null', 'title text null', 'slug text null', `published_at ${TZ} null`, 'newsletter_sent integer null',
    'newsletter_unique_opens integer null', 'newsletter_unique_clicks integer null', 'newsletter_unsubscribes integer null',
    'open_rate numeric null', 'ctr numeric null', 'total_views bigint null', 'unique_viewers integer null', 'avg_read_time numeric null',
    'top_countries ARRAY null',
  ],
  subscriber_engagement_scores: [
    'subscriber_id text null', 'blog_id text null', 'email text null', 'status text null', 'emails_received integer null',
    'emails_opened integer null', 'total_clicks bigint null', `last_engaged_at ${TZ} null`, 'engagement_score numeric null',
  ],
};

describe('installAnalyticsSchema', () => {
  it('refuses a server before PostgreSQL 15, and installs nothing there', async () => {
    const sent: string[] = [];
    const old: SqlRunner = {
      exec: async (sql) => void sent.push(sql),
      query: async () => ({ fields: [], rows: [['149999']] }),
    };
    await expect(installAnalyticsSchema(old, 'database')).rejects.toThrow('analytics needs PostgreSQL 15 or later (security_invoker views)');
    expect(sent).toEqual([]);
  });

  it("asks the server's version number as a setting", async () => {
    const asked: unknown[][] = [];
    const runner: SqlRunner = {
      exec: async () => undefined,
      query: async (sql, params) => {
        asked.push([sql, params]);
        return { fields: [], rows: [['150000']] };
      },
    };
    await installAnalyticsSchema(runner, 'database');
    expect(asked).toEqual([['SELECT current_setting($1)::int::text', ['server_version_num']]]);
  });
});

describe('AnalyticsDatabase in this process', () => {
  const { database, pglite } = loadedDatabase('database');

  const rows = async (sql: string, blog = 'b1') => (await (await database()).query(blog, sql, { maxRows: 100 })).rows;

  it('schema(): the tables by name, then the views by name, each column in order with its type and nullability', async () => {
    const { tables } = await (await database()).schema();
    const listed: Record<string, string[]> = {};
    for (const c of tables) (listed[c.table_name] ??= []).push(`${c.column_name} ${c.data_type}${c.is_nullable === 'YES' ? ' null' : ''}`);
    expect(Object.keys(listed)).toEqual([...[...TABLE_NAMES].sort(), ...[...VIEW_NAMES].sort()]);
    expect(listed).toEqual(PUBLIC_LISTING);
    expect(new Set(tables.map((c) => c.is_nullable))).toEqual(new Set(['YES', 'NO']));
  }, STARTUP_TIMEOUT_MS);

  // An external server reports a query stopped by statement_timeout or a cancel request with this
  // SQLSTATE (query-errors.ts answers 408 for it); PGlite raises the condition by its name here.
  it("QUERY_CANCELED is PostgreSQL's SQLSTATE of query_canceled", async () => {
    const error = await (await pglite()).exec("DO $$ BEGIN RAISE EXCEPTION 'stopped' USING ERRCODE = 'query_canceled'; END $$").then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as { code?: string } | null)?.code).toBe(QUERY_CANCELED);
  }, STARTUP_TIMEOUT_MS);

  it('apply(): an upsert inserts or replaces by key, a delete removes by key, in order and atomically', async () => {
    const analytics = await database();
    const T = '2024-03-02T00:00:00.000Z';
    await analytics.apply([
      { op: 'upsert', table: 'post_views_daily', row: { blog_id: 'b1', post_id: 'p1', day: '2024-03-02', views: 5, unique_visitors: 2 } },
      { op: 'upsert', table: 'post_views_daily', row: { blog_id: 'b1', post_id: 'p1', day: '2024-03-03', views: 1, unique_visitors: 1 } },
      { op: 'upsert', table: 'blogs', row: { id: 'b1', name: 'Renamed', slug: 'one', created_at: T } },
    ]);
    await analytics.apply([
      { op: 'upsert', table: 'post_views_daily', row: { blog_id: 'b1', post_id: 'p1', day: '2024-03-02', views: 7, unique_visitors: 3 } },
      { op: 'delete', table: 'post_views_daily', key: { post_id: 'p1', day: '2024-03-03' } },
    ]);
    expect(await rows("SELECT day, views, unique_visitors FROM post_views_daily WHERE day >= '2024-03-02' ORDER BY day")).toEqual([
      { day: '2024-03-02', views: 7, unique_visitors: 3 },
    ]);
    expect(await rows('SELECT name, created_at FROM blogs')).toEqual([{ name: 'Renamed', created_at: T }]);

    // A delete matches on the whole key: the same day of another post stays.
    await analytics.apply([
      { op: 'upsert', table: 'post_views_daily', row: { blog_id: 'b1', post_id: 'p2', day: '2024-03-02', views: 1, unique_visitors: 1 } },
      { op: 'delete', table: 'post_views_daily', key: { post_id: 'p1', day: '2024-03-02' } },
    ]);
    expect(await rows("SELECT post_id FROM post_views_daily WHERE day = '2024-03-02'")).toEqual([{ post_id: 'p2' }]);

    const before = await rows('SELECT name FROM blogs');
    await expect(
      analytics.apply([
        { op: 'upsert', table: 'blogs', row: { id: 'b1', name: 'Not kept', slug: null, created_at: T } },
        { op: 'upsert', table: 'posts', row: { ...twoBlogs().posts![0], created_at: 'not a time' } },
      ]),
    ).rejects.toThrow(/not a time/);
    expect(await rows('SELECT name FROM blogs')).toEqual(before);
  }, STARTUP_TIMEOUT_MS);

  it('values come back in their JSON form, by the type catalog read when opened', async () => {
    expect(await rows("SELECT ARRAY[1, NULL] AS a, true AS b, 7::int8 AS n, timestamptz '2024-03-01 09:00:00+00' AS t")).toEqual([
      { a: [1, null], b: true, n: 7, t: '2024-03-01T09:00:00.000Z' },
    ]);
    expect(await rows('SELECT categories FROM posts WHERE id = $$p1$$')).toEqual([{ categories: ['news', 'long read'] }]);
  }, STARTUP_TIMEOUT_MS);

  // Last: it empties the database the tests above read.
  it('installs again over an installed schema (an external server\'s database on the next start), which then holds no rows', async () => {
    const analytics = await database();
    await installAnalyticsSchema(new PgliteRunner(await pglite()), 'database');
    expect(await analytics.query('b1', 'SELECT count(*) AS n FROM posts', { maxRows: 1 })).toMatchObject({ rows: [{ n: 0 }] });
    expect((await analytics.schema()).tables.length).toBe(Object.values(PUBLIC_LISTING).flat().length);
  }, STARTUP_TIMEOUT_MS);
});
