// Contract: the views' numbers, schema(), and feeding data with apply() / reset().
import { beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_RELATIONS } from '../relations.js';
import { TABLE_NAMES, columnNames } from '../schema/tables.js';
import { LOAD_BATCH_ROWS } from '../db/mirror-sql.js';
import { CopyIncomplete, type AnalyticsEngine } from '../types.js';
import { twoBlogs } from './two-blogs.support.test.js';

export function dataContract(current: () => AnalyticsEngine): void {
  const rows = async (blog: string, sql: string) => (await current().query(blog, sql)).rows;

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
      const { tables } = await current().schema();
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
      const { tables } = await current().schema();
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
      await current().reset(twoBlogs());
    });

    it('upserts replace by key and deletes remove, in order', async () => {
      const base = twoBlogs().posts![0];
      await current().apply([
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

    it('a batch the database refuses leaves the copy incomplete: no query answers until a reset loads it again', async () => {
      const base = twoBlogs().posts![0];
      // The embedded engine queues the batch and tells its failure through copy(); a server's engine rejects at once.
      await current()
        .apply([
          { op: 'upsert', table: 'posts', row: { ...base, id: 'p9' } },
          { op: 'upsert', table: 'posts', row: { ...base, id: 'p10', created_at: 'not a time' } },
        ])
        .catch(() => undefined);
      await expect(rows('b1', 'SELECT 1')).rejects.toBeInstanceOf(CopyIncomplete);
      expect(current().copy()).toEqual({ complete: false, failure: expect.stringMatching(/^applying changes failed: .*not a time/) });
      await current().reset(twoBlogs());
      expect(current().copy()).toEqual({ complete: true, failure: null });
      expect(await rows('b1', "SELECT id FROM posts WHERE id IN ('p9', 'p10')")).toEqual([]);
    });

    it('refill() loads only a database that lost its copy: a complete copy keeps every change', async () => {
      const base = twoBlogs().posts![0];
      await current().apply([{ op: 'upsert', table: 'posts', row: { ...base, id: 'p9' } }]);
      // twoBlogs() lacks p9: a complete copy is not replaced by it.
      await current().refill(twoBlogs());
      expect(await rows('b1', "SELECT id FROM posts WHERE id = 'p9'")).toEqual([{ id: 'p9' }]);
      await current()
        .apply([{ op: 'upsert', table: 'posts', row: { ...base, id: 'p10', created_at: 'not a time' } }])
        .catch(() => undefined);
      await expect(rows('b1', 'SELECT 1')).rejects.toBeInstanceOf(CopyIncomplete);
      await current().refill(twoBlogs());
      expect(current().copy()).toEqual({ complete: true, failure: null });
      expect(await rows('b1', "SELECT id FROM posts WHERE id IN ('p9', 'p10')")).toEqual([]);
    });

    it('a load that fails part way (a row refused in a later batch) is told, and nothing answers from the part loaded', async () => {
      const snapshot = twoBlogs();
      const base = snapshot.posts![0];
      const many = Array.from({ length: LOAD_BATCH_ROWS * 2 }, (_, i) => ({ ...base, id: `bulk-${i}` }));
      many[many.length - 1] = { ...many[many.length - 1], created_at: 'not a time' };
      await expect(current().reset({ ...snapshot, posts: [...snapshot.posts!, ...many] })).rejects.toThrow(/not a time/);
      expect(current().copy()).toEqual({ complete: false, failure: expect.stringMatching(/^loading the data failed: .*not a time/) });
      await expect(rows('b1', 'SELECT count(*) FROM posts')).rejects.toBeInstanceOf(CopyIncomplete);
      await current().reset(twoBlogs());
      expect(await rows('b1', 'SELECT count(*) AS n FROM posts')).toEqual([{ n: 3 }]);
    });

    it('loads a snapshot of many batches whole', async () => {
      const snapshot = twoBlogs();
      const base = snapshot.posts![0];
      const many = Array.from({ length: LOAD_BATCH_ROWS * 2 + 7 }, (_, i) => ({ ...base, id: `bulk-${i}` }));
      await current().reset({ ...snapshot, posts: [...snapshot.posts!, ...many] });
      expect(await rows('b1', 'SELECT count(*) AS n FROM posts')).toEqual([{ n: 3 + many.length }]);
    });

    it('rows with missing or unknown columns are refused before reaching the database', async () => {
      const base = twoBlogs().posts![0];
      const { title: _dropped, ...withoutTitle } = base;
      await expect(current().apply([{ op: 'upsert', table: 'posts', row: withoutTitle as typeof base }])).rejects.toThrow(
        'analytics mirror: posts row lacks title',
      );
      await expect(
        current().apply([{ op: 'upsert', table: 'posts', row: { ...base, colour: 'red' } as typeof base }]),
      ).rejects.toThrow('analytics mirror: posts has no column colour');
    });

    it('reset replaces everything', async () => {
      await current().reset({ blogs: [{ id: 'b1', name: 'Only', slug: null, created_at: '2024-01-01T00:00:00.000Z' }] });
      expect(await rows('b1', 'SELECT name FROM blogs')).toEqual([{ name: 'Only' }]);
      expect(await rows('b1', 'SELECT count(*) AS n FROM posts')).toEqual([{ n: 0 }]);
    });
  });
}
