/**
 * Behaviour every AnalyticsEngine must show, whatever database it runs on.
 * Called from the PGlite and the node-postgres test files with one shared
 * engine per file (start-up takes seconds).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../errors.js';
import type { AnalyticsEngine } from '../types.js';
import { ANALYTICS_RELATIONS } from '../relations.js';
import { TABLE_NAMES, columnNames } from '../schema/tables.js';
import { twoBlogs } from './fixtures.js';

/** Start-up can be slow on a loaded machine (PGlite initdb runs in WASM). */
export const STARTUP_TIMEOUT_MS = 180_000;

export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

export function engineContract(makeEngine: () => AnalyticsEngine): void {
  let engine: AnalyticsEngine;

  beforeAll(async () => {
    engine = makeEngine();
    await engine.ready();
    await engine.reset(twoBlogs());
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await engine?.close();
  });

  const rows = async (blog: string, sql: string) => (await engine.query(blog, sql)).rows;

  describe('isolation by publication', () => {
    it.each([...ANALYTICS_RELATIONS])('an unscoped SELECT on %s sees only its own publication', async (relation) => {
      for (const blog of ['b1', 'b2']) {
        const seen = await rows(blog, `SELECT * FROM ${relation}`);
        expect(seen.length).toBeGreaterThan(0);
        for (const row of seen) expect(row[relation === 'blogs' ? 'id' : 'blog_id']).toBe(blog);
      }
      const stranger = await rows('nobody', `SELECT * FROM ${relation}`);
      if (relation === 'blog_subscriber_counts') {
        expect(stranger).toEqual([{ blog_id: null, active_subscriber_count: 0, unsubscribed_subscriber_count: 0, total_subscriber_count: 0 }]);
      } else {
        expect(stranger).toEqual([]);
      }
    });

    it('filters naming another publication see nothing', async () => {
      expect(await rows('b1', "SELECT * FROM posts WHERE blog_id = 'b2'")).toEqual([]);
      expect(await rows('b1', "SELECT * FROM posts WHERE true OR blog_id = 'b2'")).toHaveLength(3);
      expect(await rows('b1', "SELECT count(*) AS n FROM posts p JOIN blogs b ON true")).toEqual([{ n: 3 }]);
      expect(await rows('b1', "SELECT title FROM posts WHERE title LIKE '%Secret%'")).toEqual([]);
    });

    it('escape attempts are refused before they run', async () => {
      for (const sql of [
        "SELECT set_config('role', 'postgres', true)",
        "SELECT current_setting('is_superuser')",
        'SELECT * FROM analytics_private.query_scope',
        'SELECT analytics_private.current_blog_id()',
        "SELECT query_to_xml('SELECT * FROM analytics.posts', true, true, '')",
        'RESET ROLE',
        "SET app.blog_id = 'b2'",
        'SELECT * FROM posts; RESET ROLE',
        'SELECT * FROM (WITH pg_class AS (SELECT 1) SELECT * FROM pg_class) a, pg_roles',
      ]) {
        expect((await apiError(engine.query('b1', sql))).status, sql).toBe(400);
      }
    });

    it('functional notation (p.f means f(p)) meets the EXECUTE grants', async () => {
      const error = await apiError(engine.query('b1', 'SELECT p.pg_column_size FROM posts p'));
      expect(error.status).toBe(400);
      expect(error.message).toBe('permission denied for function pg_column_size');
    });

    it('errors raised by non-leakproof expressions only ever show own rows', async () => {
      // RLS filters rows before any user-supplied expression that could leak them through an error.
      const error = await apiError(engine.query('b2', 'SELECT * FROM posts WHERE CAST(title AS integer) = 1'));
      expect(error.status).toBe(400);
      expect(error.message).toBe('invalid input syntax for type integer: "Secret of b2"');
    });
  });

  describe('results', () => {
    it('fields in column order, repeated names kept in fields', async () => {
      const result = await engine.query('b1', 'SELECT 1 AS b, 2 AS a, 3 AS b');
      expect(result.fields).toEqual([{ name: 'b' }, { name: 'a' }, { name: 'b' }]);
      expect(result.rows).toEqual([{ b: 3, a: 2 }]);
      expect(result.rowCount).toBe(1);
      expect(result.truncated).toBe(false);
    });

    it('10,000 rows are not truncated; 10,001 are cut to 10,000 in order', async () => {
      const exact = await engine.query('b1', 'SELECT g FROM generate_series(1, 10000) g');
      expect(exact.rowCount).toBe(10_000);
      expect(exact.rows).toHaveLength(10_000);
      expect(exact.truncated).toBe(false);
      const over = await engine.query('b1', 'SELECT g FROM generate_series(1, 10001) g ORDER BY g DESC');
      expect(over.rowCount).toBe(10_000);
      expect(over.rows).toHaveLength(10_000);
      expect(over.truncated).toBe(true);
      expect(over.rows[0]).toEqual({ g: 10_001 });
      expect(over.rows[9_999]).toEqual({ g: 2 });
    });

    it('a huge result is not materialised to be cut', async () => {
      // 25 million rows if read to the end; the cursor stops after 10,001.
      const result = await engine.query('b1', 'SELECT a, b FROM generate_series(1, 5000) a, generate_series(1, 5000) b');
      expect(result.rowCount).toBe(10_000);
      expect(result.truncated).toBe(true);
    });

    it('values are JSON-safe', async () => {
      const [row] = await rows(
        'b1',
        `SELECT true AS bool, 7::int2 AS small, 2147483647 AS int, 9007199254740993::int8 AS big_unsafe,
                42::int8 AS big_safe, 1.50::numeric AS num, 1e30::numeric AS num_huge, 'NaN'::numeric AS num_nan,
                0.25::float8 AS dbl, 'Infinity'::float8 AS dbl_inf,
                '2024-05-01 12:34:56.789123+02'::timestamptz AS tstz, '2024-05-01 12:00'::timestamp AS ts,
                '2024-05-01'::date AS day, '10:30'::time AS tod, interval '1 day 2 hours' AS span,
                '\\x01ff'::bytea AS bin, '{"a": [1, null]}'::jsonb AS doc, '[1, 2]'::json AS js,
                ARRAY[1, NULL, 3] AS ints, ARRAY[['a', 'b c'], ['"q"', NULL]] AS texts,
                ARRAY['2024-01-01T00:00:00Z'::timestamptz] AS stamps, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS id,
                ROW(1, 'x') AS rec, NULL::text AS nothing`,
      );
      expect(row).toEqual({
        bool: true,
        small: 7,
        int: 2147483647,
        big_unsafe: '9007199254740993',
        big_safe: 42,
        num: 1.5,
        num_huge: '1000000000000000000000000000000',
        num_nan: 'NaN',
        dbl: 0.25,
        dbl_inf: 'Infinity',
        tstz: '2024-05-01T10:34:56.789Z',
        ts: '2024-05-01T12:00:00.000',
        day: '2024-05-01',
        tod: '10:30:00',
        span: '1 day 02:00:00',
        bin: '\\x01ff',
        doc: { a: [1, null] },
        js: [1, 2],
        ints: [1, null, 3],
        texts: [
          ['a', 'b c'],
          ['"q"', null],
        ],
        stamps: ['2024-01-01T00:00:00.000Z'],
        id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        rec: '(1,x)',
        nothing: null,
      });
      expect(JSON.parse(JSON.stringify(row))).toEqual(row);
    });

    it('mirrored rows come back as they were fed', async () => {
      const [p1] = await rows('b1', "SELECT * FROM posts WHERE id = 'p1'");
      expect(p1).toEqual(twoBlogs().posts![0]);
    });
  });

  describe('SQL the guard lets through runs under the query role', () => {
    it.each([
      "SELECT id || '-' || blog_id, length(title), upper(title), title ILIKE '%x%', title ~ 'T' FROM posts",
      "SELECT date_trunc('day', published_at), extract(year FROM published_at), published_at + interval '1 day', age(published_at, created_at) FROM posts",
      "SELECT published_at AT TIME ZONE 'Europe/Berlin', to_char(published_at, 'YYYY-MM-DD'), now() > published_at FROM posts",
      'SELECT count(*), sum(views), avg(views), min(day), max(day), stddev(views), array_agg(post_id ORDER BY post_id) FROM post_views_daily',
      'SELECT post_id, rank() OVER (ORDER BY views DESC), lag(views) OVER (ORDER BY day), sum(views) OVER () FROM post_views_daily',
      "SELECT jsonb_build_object('id', id, 'cats', categories), to_jsonb(p) ->> 'title', 'news' = ANY (categories), array_length(categories, 1) FROM posts p",
      "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY read_time), string_agg(DISTINCT country, ',') FROM detailed_post_metrics",
      'SELECT p.id, s.open_rate, s.top_countries FROM posts p LEFT JOIN post_analytics_summary s ON s.post_id = COALESCE(p.draft_of, p.id)',
      "SELECT title SIMILAR TO 'T%', coalesce(subtitle, 'none'), nullif(status, 'draft'), greatest(1, 2), round(1.2345, 2), 7 / 2, 7 % 2, 2 ^ 10 FROM posts",
      "SELECT CAST(views AS numeric(10, 2)), views::text, '5'::int + 1, '{1,2}'::int[], day::timestamptz, md5(post_id) FROM post_views_daily",
      'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT sum(n) FROM r',
      'SELECT DISTINCT ON (blog_id) blog_id, id FROM posts ORDER BY blog_id, id',
      "SELECT g, g::date FROM generate_series('2024-01-01'::timestamptz, '2024-01-03', interval '1 day') g",
      'SELECT * FROM posts p WHERE EXISTS (SELECT 1 FROM newsletter_metrics m WHERE m.post_id = p.id) AND id IN (SELECT post_id FROM post_views_daily)',
      'SELECT pg_typeof(views), unnest(categories) FROM posts, post_views_daily LIMIT 1',
      'VALUES (1, 2) UNION ALL SELECT 3, 4 EXCEPT SELECT 5, 6',
    ])('%s', async (sql) => {
      await expect(engine.query('b1', sql)).resolves.toMatchObject({ truncated: false });
    });
  });

  describe('errors', () => {
    it('PostgreSQL errors are 400 with its message, and the engine goes on', async () => {
      const unknownColumn = await apiError(engine.query('b1', 'SELECT nope FROM posts'));
      expect(unknownColumn.status).toBe(400);
      expect(unknownColumn.message).toBe('column "nope" does not exist');
      const division = await apiError(engine.query('b1', 'SELECT 1 / 0'));
      expect(division.message).toBe('division by zero');
      expect(await rows('b1', 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    });
  });

  describe('views', () => {
    it('post_analytics_summary rolls draft/version rows up to the published post', async () => {
      expect(await rows('b1', 'SELECT * FROM post_analytics_summary')).toEqual([
        {
          post_id: 'p1',
          blog_id: 'b1',
          title: 'Title p1',
          slug: 'p1',
          published_at: '2024-03-01T09:00:00.000Z',
          newsletter_sent: 2,
          newsletter_unique_opens: 1,
          newsletter_unique_clicks: 1,
          newsletter_unsubscribes: 1,
          open_rate: 0.5,
          ctr: 0.5,
          total_views: 5,
          unique_viewers: 2,
          avg_read_time: 75,
          top_countries: ['DE', 'FR'],
        },
      ]);
    });

    it('subscriber_engagement_scores: one row per subscriber, score in 0..1', async () => {
      expect(await rows('b1', 'SELECT * FROM subscriber_engagement_scores ORDER BY subscriber_id')).toEqual([
        { subscriber_id: 's1', blog_id: 'b1', email: 's1@example.com', status: 'active', emails_received: 1, emails_opened: 1, total_clicks: 2, last_engaged_at: '2024-03-02T10:05:00.000Z', engagement_score: 1 },
        { subscriber_id: 's2', blog_id: 'b1', email: 's2@example.com', status: 'unsubscribed', emails_received: 1, emails_opened: 0, total_clicks: 0, last_engaged_at: null, engagement_score: 0 },
      ]);
    });

    it('blog_subscriber_counts: a single row', async () => {
      expect(await rows('b1', 'SELECT * FROM blog_subscriber_counts')).toEqual([
        { blog_id: 'b1', active_subscriber_count: 1, unsubscribed_subscriber_count: 1, total_subscriber_count: 2 },
      ]);
    });
  });

  describe('schema()', () => {
    it('one row per column of every table and view, grouped by table, in column order', async () => {
      const { tables } = await engine.schema();
      const names = [...new Set(tables.map((c) => c.table_name))];
      expect(new Set(names)).toEqual(ANALYTICS_RELATIONS);
      // Grouped: each table's columns are contiguous.
      expect(names).toHaveLength(new Set(names).size);
      for (const t of TABLE_NAMES) {
        expect(tables.filter((c) => c.table_name === t).map((c) => c.column_name)).toEqual(columnNames(t));
      }
      for (const c of tables) {
        expect(Object.keys(c)).toEqual(['table_name', 'column_name', 'data_type', 'is_nullable']);
        expect(['YES', 'NO']).toContain(c.is_nullable);
        expect(typeof c.data_type).toBe('string');
      }
      const col = (t: string, n: string) => tables.find((c) => c.table_name === t && c.column_name === n);
      expect(col('posts', 'id')).toEqual({ table_name: 'posts', column_name: 'id', data_type: 'text', is_nullable: 'NO' });
      expect(col('posts', 'published_at')).toMatchObject({ data_type: 'timestamp with time zone', is_nullable: 'YES' });
      expect(col('posts', 'categories')).toMatchObject({ data_type: 'ARRAY' });
      expect(col('post_views_daily', 'day')).toMatchObject({ data_type: 'date' });
    });

    it('has every publicly named column', async () => {
      const { tables } = await engine.schema();
      const has = (t: string, cols: string[]) =>
        expect(tables.filter((c) => c.table_name === t).map((c) => c.column_name)).toEqual(expect.arrayContaining(cols));
      has('posts', ['id', 'blog_id', 'draft_of', 'title', 'published_at']);
      has('blogs', ['id']);
      has('newsletter_metrics', ['send_status', 'open_count', 'click_count_total', 'sent_at', 'first_opened_at', 'is_unsubscribed']);
      has('newsletter_link_clicks', ['url', 'click_count']);
      has('detailed_post_metrics', ['view_count', 'country', 'read_time']);
      has('post_views_daily', ['views', 'unique_visitors', 'day']);
      has('post_analytics_summary', ['title', 'published_at', 'open_rate', 'ctr', 'total_views', 'unique_viewers', 'avg_read_time', 'newsletter_sent', 'newsletter_unique_opens', 'newsletter_unique_clicks', 'newsletter_unsubscribes', 'top_countries']);
      has('subscriber_engagement_scores', ['engagement_score', 'emails_received', 'emails_opened', 'total_clicks', 'last_engaged_at']);
      has('blog_subscriber_counts', ['active_subscriber_count']);
    });
  });

  describe('apply() and reset()', () => {
    beforeEach(async () => {
      await engine.reset(twoBlogs());
    });

    it('upserts replace by key and deletes remove, in order', async () => {
      const base = twoBlogs().posts![0];
      await engine.apply([
        { op: 'upsert', table: 'posts', row: { ...base, id: 'p9', title: 'first' } },
        { op: 'upsert', table: 'posts', row: { ...base, id: 'p9', title: 'second' } },
        { op: 'delete', table: 'posts', key: { id: 'p2' } },
        { op: 'upsert', table: 'post_views_daily', row: { blog_id: 'b1', post_id: 'p1', day: '2024-03-01', views: 40, unique_visitors: 9 } },
        { op: 'delete', table: 'newsletter_link_clicks', key: { post_id: 'p1', subscriber_id: 's1', url: 'https://example.com/a' } },
      ]);
      expect(await rows('b1', 'SELECT id, title FROM posts ORDER BY id')).toEqual([
        { id: 'p1', title: 'Title p1' },
        { id: 'p1v', title: 'Title p1v' },
        { id: 'p9', title: 'second' },
      ]);
      expect(await rows('b1', "SELECT views FROM post_views_daily WHERE post_id = 'p1'")).toEqual([{ views: 40 }]);
      expect(await rows('b1', 'SELECT count(*) AS n FROM newsletter_link_clicks')).toEqual([{ n: 0 }]);
    });

    it('a batch the database refuses changes nothing', async () => {
      const base = twoBlogs().posts![0];
      await expect(
        engine.apply([
          { op: 'upsert', table: 'posts', row: { ...base, id: 'p9' } },
          { op: 'upsert', table: 'posts', row: { ...base, id: 'p10', created_at: 'not a time' } },
        ]),
      ).rejects.toThrow();
      expect(await rows('b1', "SELECT id FROM posts WHERE id IN ('p9', 'p10')")).toEqual([]);
    });

    it('rows with missing or unknown columns are refused before reaching the database', async () => {
      const base = twoBlogs().posts![0];
      const { title: _dropped, ...withoutTitle } = base;
      await expect(engine.apply([{ op: 'upsert', table: 'posts', row: withoutTitle as typeof base }])).rejects.toThrow(
        'analytics mirror: posts row lacks title',
      );
      await expect(
        engine.apply([{ op: 'upsert', table: 'posts', row: { ...base, colour: 'red' } as typeof base }]),
      ).rejects.toThrow('analytics mirror: posts has no column colour');
    });

    it('reset replaces everything', async () => {
      await engine.reset({ blogs: [{ id: 'b1', name: 'Only', slug: null, created_at: '2024-01-01T00:00:00.000Z' }] });
      expect(await rows('b1', 'SELECT name FROM blogs')).toEqual([{ name: 'Only' }]);
      expect(await rows('b1', 'SELECT count(*) AS n FROM posts')).toEqual([{ n: 0 }]);
    });
  });
}
