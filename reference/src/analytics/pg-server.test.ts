/**
 * The reference with analytics on an existing PostgreSQL server (what
 * --analytics-database-url does): the mirror loads there, queries see the
 * key's rows only, changes show at once. Needs ANALYTICS_TEST_DATABASE_URL (a
 * superuser); the test takes a database of its own beside the named one
 * (<name>_reference), so it never races the engine's tests on theirs.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';
import { RUNAWAY } from './engine/contract/helpers.support.test.js';

const url = process.env.ANALYTICS_TEST_DATABASE_URL;
if (!url) {
  console.info('analytics: the reference on a PostgreSQL server is not tested; set ANALYTICS_TEST_DATABASE_URL=postgres://<superuser>@<host>/<scratch db> to test it');
}

async function ownDatabase(base: string): Promise<string> {
  const target = new URL(base);
  const name = `${target.pathname.replace(/^\//, '') || 'postgres'}_reference`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  target.pathname = `/${name}`;
  return target.toString();
}

describe.skipIf(!url)('analytics on a PostgreSQL server (skipped unless ANALYTICS_TEST_DATABASE_URL is set)', () => {
  let t: TestClient;
  const query = (sql: string, key: string = DEMO_KEYS.demo) => t.request('POST', '/v1/analytics/query', { key, body: { sql } });

  beforeAll(async () => {
    t = await startTestServer({ analytics: { mode: 'background', databaseUrl: await ownDatabase(url!) } });
    await t.server.reference.analytics.ready();
  }, 120_000);
  afterAll(() => t?.close());

  it('says which engine it runs on', async () => {
    expect((await t.request('GET', '/_control/analytics')).body).toMatchObject({ engine: 'postgresql', started: true });
  });

  it('has the fixture history, scoped to the key', async () => {
    const demo = await query('SELECT DISTINCT blog_id FROM post_views_daily');
    const other = await query('SELECT DISTINCT blog_id FROM post_views_daily', DEMO_KEYS.other);
    expect(demo.status, demo.text).toBe(200);
    expect(demo.body.rows).toHaveLength(1);
    expect(other.body.rows).toHaveLength(1);
    expect(demo.body.rows[0].blog_id).not.toBe(other.body.rows[0].blog_id);
  });

  it("reads the reference clock, not the server's: now(), CURRENT_DATE, ... follow POST /_control/clock", async () => {
    const at = Date.parse('2023-06-30T23:59:59.999Z');
    expect((await t.request('POST', '/_control/clock', { body: { frozen: true, to: at } })).status).toBe(200);
    try {
      const res = await query(
        'SELECT now()::date AS today, current_date, current_timestamp(2) AS rounded, localtime, clock_timestamp(), pg_catalog.now() AS qualified',
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.rows).toEqual([
        { today: '2023-06-30', current_date: '2023-06-30', rounded: '2023-07-01T00:00:00.000Z', localtime: '23:59:59.999', clock_timestamp: '2023-06-30T23:59:59.999Z', qualified: '2023-06-30T23:59:59.999Z' },
      ]);
    } finally {
      await t.request('POST', '/_control/clock', { body: { frozen: false } });
      await t.request('POST', '/_control/clock', { body: { to: Date.now() } });
    }
  });

  it('shows a change made through the API in the next query, and answers 408 past the limit', async () => {
    const count = async () => Number((await query('SELECT active_subscriber_count AS n FROM blog_subscriber_counts')).body.rows[0].n);
    const before = await count();
    await t.request('POST', '/v1/subscribers', { body: { email: 'pg-server@example.com' } });
    expect(await count()).toBe(before + 1);

    await t.request('POST', '/_control/analytics', { body: { timeoutMs: 500 } });
    const res = await query(RUNAWAY);
    expect(res.status).toBe(408);
    await t.request('POST', '/_control/analytics', { body: { timeoutMs: null } });
    expect(await count()).toBe(before + 1);
  }, 60_000);
});
