// Contract: every relation is scoped to the querying publication.
import { describe, expect, it } from 'vitest';
import { ANALYTICS_RELATIONS } from '../relations.js';
import type { AnalyticsEngine } from '../types.js';
import { apiError } from './helpers.support.test.js';

export function isolationContract(current: () => AnalyticsEngine): void {
  const rows = async (blog: string, sql: string) => (await current().query(blog, sql)).rows;

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
        expect((await apiError(current().query('b1', sql))).status, sql).toBe(400);
      }
    });

    it('functional notation (p.f means f(p)) meets the EXECUTE grants', async () => {
      const error = await apiError(current().query('b1', 'SELECT p.pg_column_size FROM posts p'));
      expect(error.status).toBe(400);
      expect(error.message).toBe('permission denied for function pg_column_size');
    });

    it('errors raised by non-leakproof expressions only ever show own rows', async () => {
      // RLS filters rows before any user-supplied expression that could leak them through an error.
      const error = await apiError(current().query('b2', 'SELECT * FROM posts WHERE CAST(title AS integer) = 1'));
      expect(error.status).toBe(400);
      expect(error.message).toBe('invalid input syntax for type integer: "Secret of b2"');
    });
  });

}
