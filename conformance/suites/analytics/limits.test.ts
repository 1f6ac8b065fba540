/**
 * The row cap (10,000, truncated) and the time limit (408). The time limit
 * is tested under a short limit the target offers through its control API
 * (capability analytics-timeout): nobody waits 30 seconds per run.
 */
import { z } from 'zod';
import { expectError, fail, fc, rule } from '../../src/authoring/index.js';
import { runQuery, select } from './support.js';

const MAX_ROWS = 10_000;

/** A query no time limit lets finish: 10^16 rows to count. */
const RUNAWAY = 'SELECT count(*) FROM generate_series(1, 100000000) a, generate_series(1, 100000000) b';

/** The time limit the test sets: the runaway query is answered 408 after it. */
const SHORT_LIMIT_MS = 250;

const ControlAnalytics = z.object({ timeoutMs: z.number(), defaultTimeoutMs: z.number() });

rule(
  ['analytics.query.max-rows'],
  '10,000 rows come back whole; from 10,001 on, 10,000 rows come back with truncated true',
  async ({ api, check }) => {
    const exact = await select(api, `SELECT g FROM generate_series(1, ${MAX_ROWS}) g`);
    if (exact.rowCount !== MAX_ROWS || exact.rows.length !== MAX_ROWS || exact.truncated) {
      fail(`10,000 rows answered rowCount ${exact.rowCount}, ${exact.rows.length} rows, truncated ${exact.truncated}`);
    }
    const over = await select(api, `SELECT g FROM generate_series(1, ${MAX_ROWS + 1}) g ORDER BY g`);
    if (over.rowCount !== MAX_ROWS || over.rows.length !== MAX_ROWS || !over.truncated) {
      fail(`10,001 rows answered rowCount ${over.rowCount}, ${over.rows.length} rows, truncated ${over.truncated}`);
    }
    if (over.rows[0].g !== 1 || over.rows[MAX_ROWS - 1].g !== MAX_ROWS) fail('the cut rows are not the first 10,000 in query order');

    await check(fc.integer({ min: 1, max: 30_000 }), async (n) => {
      const result = await select(api, `SELECT g FROM generate_series(1, ${n}) g`);
      const want = Math.min(n, MAX_ROWS);
      if (result.rowCount !== want || result.rows.length !== want || result.truncated !== n > MAX_ROWS) {
        fail(`${n} rows answered rowCount ${result.rowCount}, ${result.rows.length} rows, truncated ${result.truncated}`);
      }
    }, { runs: 8 });
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.timeout', 'analytics.query.timeout-408', 'analytics.control.time-limit'],
  'a query past the time limit is stopped and answered 408; the next query runs',
  async ({ api, control, vitest }) => {
    const info = ControlAnalytics.parse(await control.call('GET', '/_control/analytics'));
    if (info.defaultTimeoutMs !== 30_000) fail(`the default analytics time limit is ${info.defaultTimeoutMs} ms, not 30 seconds`);
    vitest.onTestFinished(async () => void (await control.call('POST', '/_control/analytics', { timeoutMs: null })));
    // The runaway query never ends, so any limit stops it: a short one is waited for in every run.
    const short = ControlAnalytics.parse(await control.call('POST', '/_control/analytics', { timeoutMs: SHORT_LIMIT_MS }));
    if (short.timeoutMs !== SHORT_LIMIT_MS) fail(`POST /_control/analytics {timeoutMs: ${SHORT_LIMIT_MS}} answered timeoutMs ${short.timeoutMs}`);

    const started = performance.now();
    const res = await runQuery(api, RUNAWAY);
    const took = performance.now() - started;
    expectError(res, 408);
    // Stopped near the limit, not after the query's natural end (which never comes).
    if (took > 20_000) fail(`the 408 came after ${Math.round(took)} ms with a ${SHORT_LIMIT_MS} ms limit`);

    // The limit goes back first, so that the next query is not held to the short one on a busy machine.
    const restored = ControlAnalytics.parse(await control.call('POST', '/_control/analytics', { timeoutMs: null }));
    if (restored.timeoutMs !== info.defaultTimeoutMs) fail(`{timeoutMs: null} left the limit at ${restored.timeoutMs} ms`);
    const after = await select(api, 'SELECT count(*) AS n FROM posts');
    if (after.rowCount !== 1) fail('the query after a timeout did not answer one row');
  },
  { needs: ['apiKey', 'control:analytics-timeout'], timeout: 120_000 },
);
