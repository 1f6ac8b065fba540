/**
 * Analytics over HTTP on one embedded engine: auth first, the answer, changes
 * made through the API visible in the next query, reset, the time limit,
 * and the server answering other requests while a runaway query runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';
import { createAnalyticsEngine, type MirrorSnapshot } from './engine/index.js';
import { RUNAWAY } from './engine/contract/helpers.support.test.js';

let t: TestClient;

const query = (sql: string, key: string | null = DEMO_KEYS.demo) => t.request('POST', '/v1/analytics/query', { key, body: { sql } });
const scalar = async (sql: string) => {
  const res = await query(sql);
  expect(res.status, res.text).toBe(200);
  return Object.values(res.body.rows[0])[0];
};

beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.close());

describe('analytics over HTTP', () => {
  it('asks for the key before anything else', async () => {
    expect((await query('SELECT 1', null)).status).toBe(401);
    expect((await t.request('POST', '/v1/analytics/query', { key: null, body: 'not json' })).status).toBe(401);
    expect((await t.request('GET', '/v1/analytics/schema', { key: 'nope' })).status).toBe(401);
    expect((await t.request('GET', '/v1/analytics/schema', { key: null })).status).toBe(401);
  });

  it('starts the engine only when analytics are first asked for (lazy by default)', async () => {
    const before = await t.request('GET', '/_control/analytics');
    expect(before.body).toMatchObject({ mode: 'lazy', engine: 'pglite', started: false, timeoutMs: 30_000 });
    const res = await query('SELECT count(*) AS n FROM posts');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ rowCount: 1, fields: [{ name: 'n' }], truncated: false });
    expect((await t.request('GET', '/_control/analytics')).body.started).toBe(true);
  }, 120_000);

  it('validates the body and passes the guard refusals on as 400', async () => {
    expect((await t.request('POST', '/v1/analytics/query', { body: {} })).status).toBe(400);
    expect((await query('')).status).toBe(400);
    expect((await query('DELETE FROM posts')).body).toMatchObject({ success: false });
    expect((await query('SELECT 1;')).status).toBe(400);
  });

  it('shows a change made through the API in the very next query', async () => {
    const before = Number(await scalar('SELECT active_subscriber_count FROM blog_subscriber_counts'));
    expect((await t.request('POST', '/v1/subscribers', { body: { email: 'analytics-http@example.com' } })).status).toBe(200);
    expect(Number(await scalar('SELECT active_subscriber_count FROM blog_subscriber_counts'))).toBe(before + 1);
    const count = await t.request('GET', `/v1/publications/${t.server.reference.state().publications.all()[0].id}/subscribers/count`);
    expect(count.body.count).toBe(before + 1);
  });

  it('answers the example queries of docs/spec-gaps-analytics.md with meaningful rows', async () => {
    const rows = async (sql: string) => {
      const res = await query(sql);
      expect(res.status, res.text).toBe(200);
      expect(res.body.rowCount, sql).toBeGreaterThan(0);
      return res.body.rows as Record<string, any>[];
    };
    const rates = await rows('SELECT title, newsletter_sent, open_rate, ctr FROM post_analytics_summary WHERE newsletter_sent > 0 ORDER BY open_rate DESC');
    expect(rates.every((r) => r.open_rate > 0 && r.open_rate < 1 && r.ctr <= r.open_rate)).toBe(true);
    const top = await rows('SELECT title, total_views, top_countries FROM post_analytics_summary ORDER BY total_views DESC LIMIT 10');
    expect(top[0].total_views).toBeGreaterThan(50);
    expect(top[0].top_countries.length).toBeGreaterThan(0);
    const growth = await rows(
      "SELECT month, new_subscribers, sum(new_subscribers) OVER (ORDER BY month) AS total FROM (SELECT date_trunc('month', created_at)::date AS month, count(*) AS new_subscribers FROM subscribers GROUP BY 1) m ORDER BY month",
    );
    expect(growth.length).toBeGreaterThan(6);
    const engagement = await rows(
      "SELECT date_trunc('month', sent_at)::date AS month, count(*) AS received, count(*) FILTER (WHERE open_count > 0) AS opened FROM newsletter_metrics WHERE send_status IN ('sent', 'delivered') GROUP BY 1 ORDER BY 1",
    );
    expect(engagement.length).toBeGreaterThan(2);
    expect(engagement.every((m) => m.opened > 0 && m.opened < m.received)).toBe(true);
  });

  it('lists the schema grouped by table', async () => {
    const res = await t.request('GET', '/v1/analytics/schema');
    expect(res.status).toBe(200);
    const tables = [...new Set(res.body.tables.map((c: { table_name: string }) => c.table_name))];
    expect(tables).toEqual(expect.arrayContaining(['posts', 'blogs', 'post_analytics_summary', 'blog_subscriber_counts']));
  });

  it('reloads the fixtures on reset', async () => {
    await t.request('POST', '/v1/subscribers', { body: { email: 'gone-after-reset@example.com' } });
    expect(await scalar("SELECT count(*) FROM subscribers WHERE email = 'gone-after-reset@example.com'")).toBe(1);
    expect((await t.request('POST', '/_control/reset', { body: {} })).status).toBe(200);
    expect(await scalar("SELECT count(*) FROM subscribers WHERE email = 'gone-after-reset@example.com'")).toBe(0);
    expect(Number(await scalar('SELECT count(*) FROM post_views_daily'))).toBeGreaterThan(0);
  }, 60_000);

  it('reads the reference clock: every form of SQL time follows POST /_control/clock', async () => {
    // In the past, so that nothing falls due; .999 shows the rounding of an explicit precision.
    const at = Date.parse('2023-06-30T23:59:59.999Z');
    expect((await t.request('POST', '/_control/clock', { body: { frozen: true, to: at } })).status).toBe(200);
    try {
      const res = await query(
        `SELECT now(), now()::date AS today, current_date, current_timestamp, current_timestamp(2) AS rounded, localtimestamp,
                current_time, localtime, transaction_timestamp(), statement_timestamp(), clock_timestamp(), timeofday(),
                pg_catalog.now() AS qualified, age(timestamp '2023-06-29') AS age, 'now'::timestamptz AS literal`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.rows).toEqual([
        {
          now: '2023-06-30T23:59:59.999Z',
          today: '2023-06-30',
          current_date: '2023-06-30',
          current_timestamp: '2023-06-30T23:59:59.999Z',
          rounded: '2023-07-01T00:00:00.000Z',
          localtimestamp: '2023-06-30T23:59:59.999',
          current_time: '23:59:59.999+00',
          localtime: '23:59:59.999',
          transaction_timestamp: '2023-06-30T23:59:59.999Z',
          statement_timestamp: '2023-06-30T23:59:59.999Z',
          clock_timestamp: '2023-06-30T23:59:59.999Z',
          timeofday: 'Fri Jun 30 23:59:59.999000 2023 UTC',
          qualified: '2023-06-30T23:59:59.999Z',
          age: '1 day',
          literal: '2023-06-30T23:59:59.999Z',
        },
      ]);
      expect((await t.request('POST', '/_control/clock', { body: { advanceMs: 1 } })).status).toBe(200);
      expect(await scalar('SELECT now()::date')).toBe('2023-07-01');

      // "The last 30 days" of the history means the 30 days before the reference clock.
      const lastDay = String(await scalar('SELECT max(day) FROM post_views_daily'));
      const recent = 'SELECT count(*) FROM post_views_daily WHERE day > CURRENT_DATE - 30';
      await t.request('POST', '/_control/clock', { body: { to: Date.parse(`${lastDay}T12:00:00Z`) } });
      expect(await scalar(recent)).toBe(await scalar(`SELECT count(*) FROM post_views_daily WHERE day > date '${lastDay}' - 30`));
      expect(await scalar(recent)).toBeGreaterThan(0);
      await t.request('POST', '/_control/clock', { body: { to: Date.parse(`${lastDay}T12:00:00Z`) + 31 * 86_400_000 } });
      expect(await scalar(recent)).toBe(0);
    } finally {
      // Back to the fixtures' clock (real time, not frozen) and state.
      expect((await t.request('POST', '/_control/reset', { body: {} })).status).toBe(200);
    }
  }, 120_000);

  it("keeps answering other requests within 100 ms and another publication's queries while a runaway query runs, then answers it 408", async () => {
    const post = (await t.request('GET', '/v1/posts?limit=1')).body.items[0];
    // Long enough for the second database worker to start and be loaded on a busy machine (several
    // mutation runs on two cores): the runaway must still hold the first worker when the other's query answers.
    expect((await t.request('POST', '/_control/analytics', { body: { timeoutMs: 25_000 } })).body.timeoutMs).toBe(25_000);
    let runawayEnded = false;
    const runaway = query(RUNAWAY).finally(() => (runawayEnded = true));
    // Give the query time to reach the worker and start running.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await t.request('GET', `/v1/posts/${post.id}`);
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Math.max(...times), `GET /v1/posts/{id} took ${times.map(Math.round).join(', ')} ms`).toBeLessThan(100);
    // The one worker started so far is busy: a second starts, is loaded from the stores, and answers.
    const other = await query('SELECT count(*) AS n FROM posts', DEMO_KEYS.other);
    expect(other.status, other.text).toBe(200);
    expect(Number(other.body.rows[0].n)).toBeGreaterThan(0);
    expect(runawayEnded).toBe(false);
    const res = await runaway;
    expect(res.status).toBe(408);
    expect(res.body.msg).toMatch(/time limit/);
    await t.request('POST', '/_control/analytics', { body: { timeoutMs: null } });
    // The engine is back: the replaced worker is loaded again from the stores before the next query.
    expect(Number(await scalar('SELECT count(*) FROM posts'))).toBeGreaterThan(0);
  }, 120_000);
});

describe('analytics in background mode (npm start)', () => {
  it('starts the engine at once but copies the state only for the first analytics request, and again after a reset', async () => {
    const bg = await startTestServer({ analytics: { mode: 'background' } });
    try {
      const info = async () => (await bg.request('GET', '/_control/analytics')).body;
      expect(await info()).toMatchObject({ mode: 'background', started: true, mirrored: false });
      const count = async () => {
        const res = await bg.request('POST', '/v1/analytics/query', { body: { sql: 'SELECT count(*) AS n FROM posts' } });
        expect(res.status, res.text).toBe(200);
        return Number(res.body.rows[0].n);
      };
      // Writes before any analytics request are not copied one by one, yet the first query sees them.
      const before = bg.server.reference.state().posts.all().length;
      for (let i = 0; i < 3; i++) expect((await bg.request('POST', '/v1/posts', { body: { title: `Before ${i}`, markdown: 'Text.', status: 'draft' } })).status).toBe(200);
      expect(await info()).toMatchObject({ mirrored: false });
      const first = await count();
      expect(await info()).toMatchObject({ mirrored: true });
      expect((await bg.request('POST', '/v1/posts', { body: { title: 'After', markdown: 'Text.', status: 'draft' } })).status).toBe(200);
      // A post is two rows: its own and its draft row.
      expect(await count()).toBe(first + 2);
      expect(bg.server.reference.state().posts.all().length).toBe(before + 4);
      expect((await bg.request('POST', '/_control/reset')).status).toBe(200);
      expect(await info()).toMatchObject({ mirrored: false });
      expect(await count()).toBeLessThan(first + 2);
      expect(await info()).toMatchObject({ mirrored: true });
    } finally {
      await bg.close();
    }
  }, 120_000);
});

describe('analytics turned off', () => {
  it('answers 503 after the key check', async () => {
    const off = await startTestServer({ analytics: { mode: 'off' } });
    try {
      expect((await off.request('POST', '/v1/analytics/query', { key: null, body: { sql: 'SELECT 1' } })).status).toBe(401);
      expect((await off.request('POST', '/v1/analytics/query', { body: { sql: 'SELECT 1' } })).status).toBe(503);
      expect((await off.request('GET', '/v1/analytics/schema')).status).toBe(503);
    } finally {
      await off.close();
    }
  });
});

describe('analytics when the copy of the data fails', () => {
  it('answers 503 saying what failed and what to do, never a result on partial data, and says so on /_control/analytics until a load succeeds', async () => {
    let sabotage = true;
    // The real engine, fed a snapshot whose last batch holds a row the database refuses: the load fails part way.
    const createEngine: typeof createAnalyticsEngine = (options) => {
      const engine = createAnalyticsEngine(options);
      const spoil = (snapshot: MirrorSnapshot): MirrorSnapshot => {
        if (!sabotage) return snapshot;
        const posts = snapshot.posts ?? [];
        return { ...snapshot, posts: [...posts, { ...posts[0], id: 'refused', created_at: 'not a time' }] };
      };
      // The first load (reset) and the loads that recover it (refill).
      const reset = engine.reset.bind(engine);
      const refill = engine.refill.bind(engine);
      engine.reset = (snapshot) => reset(spoil(snapshot));
      engine.refill = (snapshot) => refill(spoil(snapshot));
      return engine;
    };
    const server = await startTestServer({ analytics: { createEngine } });
    try {
      const ask = () => server.request('POST', '/v1/analytics/query', { body: { sql: 'SELECT count(*) AS n FROM posts' } });
      const failed = await ask();
      expect(failed.status, failed.text).toBe(503);
      expect(failed.body).toEqual({ success: false, msg: expect.stringMatching(/loading the data failed: .*not a time.*--analytics-database-url/) });
      const info = (await server.request('GET', '/_control/analytics')).body;
      expect(info).toMatchObject({ started: true, mirrored: false, failure: expect.stringMatching(/loading the data failed/) });
      // Each request tries again; it keeps failing while the load does.
      expect((await ask()).status).toBe(503);
      sabotage = false;
      const recovered = await ask();
      expect(recovered.status, recovered.text).toBe(200);
      const state = server.server.reference.state();
      const demo = state.publications.all().find((p) => p.slug === 'demo')!;
      // Two rows a post: its own and its draft row.
      expect(Number(recovered.body.rows[0].n)).toBe(state.posts.all().filter((p) => p.publicationId === demo.id).length * 2);
      expect((await server.request('GET', '/_control/analytics')).body).toMatchObject({ mirrored: true, failure: null });
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('analytics when a worker is replaced while the copy loads', () => {
  it('loads once more when a load succeeded but the copy is incomplete all the same, and answers from complete data', async () => {
    // The real engine, but its copy reads as lost (a worker replaced at another query's time limit) until two loads have run.
    let refills = 0;
    const createEngine: typeof createAnalyticsEngine = (options) => {
      const engine = createAnalyticsEngine(options);
      const copy = engine.copy.bind(engine);
      const refill = engine.refill.bind(engine);
      engine.copy = () => (refills < 2 ? { complete: false, failure: 'a query ran past the time limit and its database worker was replaced' } : copy());
      engine.refill = async (snapshot) => {
        await refill(snapshot);
        refills++;
      };
      return engine;
    };
    const server = await startTestServer({ analytics: { createEngine } });
    try {
      const answer = await server.request('POST', '/v1/analytics/query', { body: { sql: 'SELECT count(*) AS n FROM posts' } });
      expect(answer.status, answer.text).toBe(200);
      expect(refills).toBe(2);
      expect((await server.request('GET', '/_control/analytics')).body).toMatchObject({ mirrored: true, failure: null });
    } finally {
      await server.close();
    }
  }, 120_000);

  it('does not load a second time in one request when the load itself failed', async () => {
    let refills = 0;
    const createEngine: typeof createAnalyticsEngine = (options) => {
      const engine = createAnalyticsEngine(options);
      engine.copy = () => ({ complete: false, failure: 'loading the data failed: refused' });
      engine.refill = async () => {
        refills++;
        throw new Error('refused');
      };
      return engine;
    };
    const server = await startTestServer({ analytics: { createEngine } });
    try {
      const answer = await server.request('POST', '/v1/analytics/query', { body: { sql: 'SELECT 1' } });
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body.msg).toMatch(/loading the data failed: refused/);
      expect(refills).toBe(1);
    } finally {
      await server.close();
    }
  }, 120_000);
});
