// Contract: result shape, truncation, value mapping, allowed SQL, SQL errors.
import { describe, expect, it } from 'vitest';
import type { AnalyticsEngine } from '../types.js';
import { twoBlogs } from './two-blogs.support.test.js';
import { apiError } from './helpers.support.test.js';

export function resultsContract(current: () => AnalyticsEngine): void {
  const rows = async (blog: string, sql: string) => (await current().query(blog, sql)).rows;

  describe('results', () => {
    it('fields in column order, repeated names kept in fields', async () => {
      const result = await current().query('b1', 'SELECT 1 AS b, 2 AS a, 3 AS b');
      expect(result.fields).toEqual([{ name: 'b' }, { name: 'a' }, { name: 'b' }]);
      expect(result.rows).toEqual([{ b: 3, a: 2 }]);
      expect(result.rowCount).toBe(1);
      expect(result.truncated).toBe(false);
    });

    it('10,000 rows are not truncated; 10,001 are cut to 10,000 in order', async () => {
      const exact = await current().query('b1', 'SELECT g FROM generate_series(1, 10000) g');
      expect(exact.rowCount).toBe(10_000);
      expect(exact.rows).toHaveLength(10_000);
      expect(exact.truncated).toBe(false);
      const over = await current().query('b1', 'SELECT g FROM generate_series(1, 10001) g ORDER BY g DESC');
      expect(over.rowCount).toBe(10_000);
      expect(over.rows).toHaveLength(10_000);
      expect(over.truncated).toBe(true);
      expect(over.rows[0]).toEqual({ g: 10_001 });
      expect(over.rows[9_999]).toEqual({ g: 2 });
    });

    it('a huge result is not materialised to be cut', async () => {
      // 25 million rows if read to the end; the cursor stops after 10,001.
      const result = await current().query('b1', 'SELECT a, b FROM generate_series(1, 5000) a, generate_series(1, 5000) b');
      expect(result.rowCount).toBe(10_000);
      expect(result.truncated).toBe(true);
    });

    it('a result larger than the size cap is refused with 400 saying so, and the engine goes on', async () => {
      const error = await apiError(current().query('b1', "SELECT repeat('x', 20000000) AS big FROM generate_series(1, 3)"));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/result is larger than 32 MB/);
      // The embedded engine replaced the worker to return its memory; like any lost copy, it is loaded again.
      if (!current().copy().complete) await current().reset(twoBlogs());
      // Just under the cap is returned.
      const under = await current().query('b1', "SELECT repeat('x', 1000000) AS big FROM generate_series(1, 30)");
      expect(under.rowCount).toBe(30);
      expect((await current().query('b1', 'SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
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
      await expect(current().query('b1', sql)).resolves.toMatchObject({ truncated: false });
    });
  });

  describe('errors', () => {
    it('PostgreSQL errors are 400 with its message, and the engine goes on', async () => {
      const unknownColumn = await apiError(current().query('b1', 'SELECT nope FROM posts'));
      expect(unknownColumn.status).toBe(400);
      expect(unknownColumn.message).toBe('column "nope" does not exist');
      const division = await apiError(current().query('b1', 'SELECT 1 / 0'));
      expect(division.message).toBe('division by zero');
      expect(await rows('b1', 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    });
  });

}
