// The analytics database in this process (no worker), installed with the
// embedded engine's clock mechanism: the schema listing's order and types, and
// changes applied by key. The engine contract checks the same through a
// worker thread, where a mutation test's unit pass cannot switch a mutant on.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT_MS } from '../contract/engine-contract.support.test.js';
import { twoBlogs } from '../contract/two-blogs.support.test.js';
import { PgliteRunner } from '../pglite/pglite-runner.js';
import { TABLES, TABLE_NAMES, columnNames } from '../schema/tables.js';
import { VIEW_NAMES } from '../schema/views.js';
import { AnalyticsDatabase, installAnalyticsSchema } from './database.js';
import { replaceAll } from './mirror-sql.js';
import type { SqlRunner } from './runner.js';

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
  let db: PGlite;
  let opened: Promise<AnalyticsDatabase> | null = null;

  beforeAll(async () => {
    db = await PGlite.create();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await db?.close();
  });

  // Installed and loaded by the first test that needs it, not in beforeAll: an install that
  // fails then fails a test (a failed beforeAll reads as no test failing to a mutation run).
  const database = (): Promise<AnalyticsDatabase> =>
    (opened ??= (async () => {
      const runner = new PgliteRunner(db);
      await installAnalyticsSchema(runner, 'database');
      await runner.loadParsers();
      const analytics = await AnalyticsDatabase.open(runner);
      await replaceAll(twoBlogs(), (step) => analytics.replace(step));
      return analytics;
    })());

  const rows = async (sql: string, blog = 'b1') => (await (await database()).query(blog, sql, { maxRows: 100 })).rows;

  it('schema(): the tables by name, then the views by name, each column in order with its type and nullability', async () => {
    const { tables } = await (await database()).schema();
    const order = [...new Set(tables.map((c) => c.table_name))];
    expect(order).toEqual([...[...TABLE_NAMES].sort(), ...[...VIEW_NAMES].sort()]);
    for (const t of TABLE_NAMES) {
      const columns = tables.filter((c) => c.table_name === t);
      expect(columns.map((c) => c.column_name)).toEqual(columnNames(t));
      const specs = Object.values(TABLES[t].columns) as { nullable?: boolean }[];
      expect(columns.map((c) => c.is_nullable)).toEqual(specs.map((s) => (s.nullable ? 'YES' : 'NO')));
    }
    expect(tables.find((c) => c.table_name === 'posts' && c.column_name === 'categories')).toEqual({
      table_name: 'posts',
      column_name: 'categories',
      data_type: 'ARRAY',
      is_nullable: 'NO',
    });
    expect(tables.find((c) => c.table_name === 'post_views_daily' && c.column_name === 'views')?.data_type).toBe('integer');
    // A view's columns are nullable as far as PostgreSQL knows.
    expect(new Set(tables.filter((c) => VIEW_NAMES.includes(c.table_name)).map((c) => c.is_nullable))).toEqual(new Set(['YES']));
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
});
