// The engine contract on an existing PostgreSQL server through node-postgres.
// Needs ANALYTICS_TEST_DATABASE_URL: a superuser on a database the engine may
// take over (it re-creates the analytics schemas and revokes PUBLIC's default
// rights there), e.g. postgres://postgres@127.0.0.1:5432/analytics_test.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnalyticsEngine, type AnalyticsEngine } from '../index.js';
import { RUNAWAY, STARTUP_TIMEOUT_MS, apiError, engineContract } from '../contract/engine-contract.support.test.js';
import { twoBlogs } from '../contract/two-blogs.support.test.js';
import { CopyIncomplete } from '../types.js';
import { AnswerHoldingProxy, backendPid } from './answer-holding-proxy.support.test.js';

const url = process.env.ANALYTICS_TEST_DATABASE_URL;
if (!url) {
  console.info(
    'analytics: node-postgres engine tests skipped; set ANALYTICS_TEST_DATABASE_URL=postgres://<superuser>@<host>/<scratch db> to run them',
  );
}

describe.skipIf(!url)('node-postgres engine (skipped unless ANALYTICS_TEST_DATABASE_URL names a test database)', () => {
  describe('contract', () => {
    engineContract((options) => createAnalyticsEngine({ ...options, databaseUrl: url }), { databaseClockFollows: false });
  });

  describe('time limit', () => {
    let engine: AnalyticsEngine;

    beforeAll(async () => {
      engine = createAnalyticsEngine({ databaseUrl: url, timeoutMs: 1_500 });
      await engine.ready();
      await engine.reset(twoBlogs());
    }, STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      await engine?.close();
    });

    it('statement_timeout stops a runaway query with 408; the engine answers afterwards', async () => {
      const started = performance.now();
      const error = await apiError(engine.query('b1', RUNAWAY));
      expect(error.status).toBe(408);
      expect(error.message).toBe('analytics query exceeded the time limit of 1500 ms');
      expect(performance.now() - started).toBeLessThan(5_000);
      expect((await engine.query('b2', 'SELECT id FROM posts')).rows).toEqual([{ id: 'q1' }]);
    });

    it('concurrent queries of different publications stay apart', async () => {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => engine.query(i % 2 ? 'b1' : 'b2', 'SELECT DISTINCT blog_id FROM posts')),
      );
      results.forEach((r, i) => expect(r.rows).toEqual([{ blog_id: i % 2 ? 'b1' : 'b2' }]));
    });

    it('takes a new time limit for the next query', async () => {
      engine.setTimeLimit(1_200);
      const error = await apiError(engine.query('b1', RUNAWAY));
      expect(error.message).toBe('analytics query exceeded the time limit of 1200 ms');
      engine.setTimeLimit(1_500);
    });

    it('an idle connection the server drops neither ends the process nor fails the next query', async () => {
      await engine.query('b1', 'SELECT id FROM posts');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await engine.query('b2', 'SELECT id FROM posts')).rows).toEqual([{ id: 'q1' }]);
    });
  });

  describe('a server that does not stop the statement at its time limit', () => {
    it('is asked to cancel it a second after the limit, from a connection of its own, and the connection the query held is dropped', async () => {
      const target = new URL(url!);
      const proxy = await AnswerHoldingProxy.start(target);
      const engine = createAnalyticsEngine({ databaseUrl: proxy.urlFor(target), timeoutMs: 500 });
      try {
        await engine.ready();
        await engine.reset(twoBlogs());
        const before = proxy.connections.length;
        proxy.hold();
        const started = performance.now();
        const answer = apiError(engine.query('b1', RUNAWAY));
        // The cancel's own connection opens, asks, and closes; then the held answers go on.
        await vi.waitFor(() => expect(proxy.connections.slice(before).some((c) => c.closedByClient)).toBe(true), { timeout: 10_000, interval: 50 });
        proxy.release();
        const error = await answer;
        expect(error.status).toBe(408);
        const cancel = proxy.connections.slice(before).find((c) => c.sent.includes('SELECT pg_cancel_backend($1)'));
        expect(cancel, 'a connection that asks the server to cancel').toBeDefined();
        // The query's own server process is the one named (its number travels as the statement's text parameter).
        const held = proxy.connections.slice(0, before).find((c) => c.sent.includes('generate_series'));
        expect(cancel!.sent).toContain(String(backendPid(held!)));
        expect(cancel!.openedAt - started).toBeGreaterThanOrEqual(1_400);
        expect(cancel!.closedByClient).toBe(true);
        // A cancel request still on its way must not reach the next user of that connection.
        await vi.waitFor(() => expect(proxy.connections.slice(0, before).filter((c) => c.sent.includes('generate_series')).every((c) => c.closedByClient)).toBe(true), { timeout: 5_000, interval: 50 });
      } finally {
        await engine.close();
        await proxy.close();
      }
    }, STARTUP_TIMEOUT_MS);
  });

  describe('connections', () => {
    it('keeps one for mirror writes: a write goes through while queries hold every other one', async () => {
      // A limit far past the test: on a loaded machine the last connections may open seconds after the first,
      // and a short limit would end the first queries before all of them run. They are cancelled at the end.
      // Its connections are told apart by name: a query's text shows only while it starts (then its cursor's FETCH).
      const named = new URL(url!);
      named.searchParams.set('application_name', 'pool-share-test');
      const engine = createAnalyticsEngine({ databaseUrl: named.toString(), timeoutMs: 120_000 });
      const admin = new pg.Client({ connectionString: url });
      const RUNNING = "FROM pg_stat_activity WHERE application_name = 'pool-share-test' AND state = 'active'";
      let settled: Promise<unknown> = Promise.resolve();
      try {
        await engine.ready();
        await engine.reset(twoBlogs());
        await admin.connect();
        // Two at a time per publication: four publications ask for eight, one more than the queries' share.
        let queriesEnded = 0;
        const queries = ['b1', 'b2', 'b3', 'b4'].flatMap((blog) => [blog, blog]).map((blog) => engine.query(blog, RUNAWAY).finally(() => queriesEnded++));
        settled = Promise.allSettled(queries);
        const running = async () => Number((await admin.query(`SELECT count(*) AS n ${RUNNING}`)).rows[0].n);
        await vi.waitFor(async () => expect(await running()).toBeGreaterThanOrEqual(7), { timeout: 30_000, interval: 50 });
        const waited = new Promise((_, reject) => setTimeout(() => reject(new Error('the write still waits for a connection')), 15_000).unref());
        await Promise.race([engine.apply([]), waited]);
        expect(queriesEnded, 'queries ended before the write went through').toBe(0);
      } finally {
        // Until all have ended: the eighth starts only as a cancelled one lets its connection go.
        let done = false;
        void settled.then(() => (done = true));
        while (!done) {
          await admin.query(`SELECT pg_cancel_backend(pid) ${RUNNING}`).catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await admin.end().catch(() => undefined);
        await engine.close();
      }
    }, STARTUP_TIMEOUT_MS);
  });

  describe('life cycle', () => {
    it('answers no query before its first copy of the data, and says so', async () => {
      const engine = createAnalyticsEngine({ databaseUrl: url });
      try {
        await engine.ready();
        expect(engine.copy()).toEqual({ complete: false, failure: null });
        await expect(engine.query('b1', 'SELECT id FROM posts')).rejects.toThrow(
          new CopyIncomplete('the analytics database holds no complete copy of the data'),
        );
        await engine.reset(twoBlogs());
        expect(engine.copy()).toEqual({ complete: true, failure: null });
      } finally {
        await engine.close();
      }
    }, STARTUP_TIMEOUT_MS);

    it('refuses every call once closed, and closes twice without complaint', async () => {
      const engine = createAnalyticsEngine({ databaseUrl: url });
      await engine.ready();
      await engine.close();
      await engine.close();
      const closed = 'analytics engine is closed';
      await expect(engine.query('b1', 'SELECT 1')).rejects.toThrow(closed);
      await expect(engine.schema()).rejects.toThrow(closed);
      await expect(engine.apply([])).rejects.toThrow(closed);
      await expect(engine.reset(twoBlogs())).rejects.toThrow(closed);
    }, STARTUP_TIMEOUT_MS);

    it('is not ready when the server cannot be reached, and still closes', async () => {
      const engine = createAnalyticsEngine({ databaseUrl: 'postgres://postgres@127.0.0.1:1/analytics_test' });
      await expect(engine.ready()).rejects.toThrow();
      await engine.close();
    });
  });
});
