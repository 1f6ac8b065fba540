/**
 * A target broken in its setup, as an implementer's first server often is:
 * the suite stays bounded (a list that never ends is walked two pages, not
 * minutes) and names the one root cause instead of a failure per test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../../reference/src/server.js';
import { renderConsoleSummary } from '../report/console.js';
import type { RunInfo } from '../report/run-info.js';
import { renderResultsJson } from '../report/results-json.js';
import { exitCodeOf } from '../results/aggregate.js';
import { rootCauses } from '../results/root-causes.js';
import { draftCreationBroken, subscriberListNeverEnds } from './breakages/setup.js';
import { startRewritingProxy, type ProxyHooks } from './rewriting-proxy.js';
import { runFiltered, type FilteredRun } from './run-filtered.js';

const SEED = 20261125;
const TIMEOUT_MS = 300_000;

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const closable of running.splice(0).reverse()) await closable.close();
});

async function runThrough(hooks: ProxyHooks, filter: string[], include: string[]): Promise<FilteredRun> {
  const server = await startServer({ port: 0, seed: SEED });
  running.push(server);
  const proxy = await startRewritingProxy({ upstream: server.url, hooks });
  running.push(proxy);
  return runFiltered({ url: proxy.url, filter, include, runs: 3, seed: SEED });
}

const broken = (run: FilteredRun) => run.results.tests.filter((t) => t.status !== 'pass' && t.status !== 'skip');

describe('a target broken in its setup', () => {
  it(
    'a list whose hasMore never ends is walked two pages per walk, and fails as the pagination rule it breaks',
    async () => {
      const hooks = subscriberListNeverEnds();
      const run = await runThrough(hooks, ['subscribers'], ['conformance/suites/subscribers/**/*.test.ts']);
      const failed = broken(run);
      expect(failed.length).toBeGreaterThan(3);
      const blocked = failed.filter((t) => t.blockedBy === 'pagination.cursor.next-page');
      expect(blocked.length, failed.map((t) => `${t.name}: ${t.reason}`).join('\n')).toBeGreaterThan(3);
      for (const test of blocked) expect(test.status).toBe('blocked');
      expect(run.results.testCounts.blocked).toBe(blocked.length);
      for (const test of blocked) expect(test.reason).toMatch(/GET \/v1\/subscribers \(page 2\): .*the walk would never end/);
      // Each walk stops at its second page: the pages asked for are at most two per test that walks.
      expect(hooks.requests()).toBeLessThanOrEqual(2 * run.results.tests.length * 3);
      expect(rootCauses(run.results.tests)[0]).toMatchObject({ ruleId: 'pagination.cursor.next-page' });
    },
    TIMEOUT_MS,
  );

  it(
    'a failed draft creation is one root cause, with the tests it blocked listed under it',
    async () => {
      const run = await runThrough(draftCreationBroken(), ['buckets'], ['conformance/suites/buckets/**/*.test.ts']);
      const failed = broken(run);
      const blocked = failed.filter((t) => t.blockedBy === 'posts.create.draft');
      expect(blocked.length).toBeGreaterThan(5);
      expect(blocked.length).toBe(failed.length);
      // Counted as blocked, not failed, in every total; the run still exits non-zero.
      expect(run.results.testCounts).toMatchObject({ fail: 0, error: 0, blocked: blocked.length });
      const blockedRules = new Set(blocked.flatMap((t) => t.ruleIds));
      expect(run.results.ruleCounts.fail).toBe(0);
      expect(run.results.ruleCounts.blocked).toBe(run.results.rules.filter((r) => blockedRules.has(r.rule.id)).length);
      expect(exitCodeOf(run.results, 0)).toBe(1);
      expect(JSON.parse(renderResultsJson(run.results, infoOf(run))).counts.tests).toMatchObject({ fail: 0, blocked: blocked.length });
      const [first, ...rest] = rootCauses(run.results.tests);
      expect(first).toMatchObject({ ruleId: 'posts.create.draft' });
      expect(first!.blocked).toHaveLength(blocked.length);
      expect(rest).toEqual([]);
      expect(first!.shown.reason).toMatch(/POST \/v1\/posts answered 500/);

      const console = renderConsoleSummary(run.results, infoOf(run), 'reports').replace(/\x1b\[[0-9;]*m/g, '');
      expect(console).toContain(`1. ⊘ blocked by posts.create.draft: ${blocked.length} tests`);
      expect(console).toContain(`0 failed, 0 errored, ${blocked.length} blocked`);
      const bucketsRow = console.split('\n').find((line) => /^  buckets /.test(line))!.trim().split(/\s+/);
      // area, pass, fail, error, blocked, ...: no rule of the area counts as failed.
      expect(bucketsRow[2]).toBe('·');
      expect(Number(bucketsRow[4])).toBeGreaterThan(0);
      expect(console.match(/POST \/v1\/posts answered 500/g)?.length).toBeLessThanOrEqual(3);
    },
    TIMEOUT_MS,
  );
});

function infoOf(run: FilteredRun): RunInfo {
  return {
    suite: { name: 'conformance', version: 'test' },
    node: process.version,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    target: { url: 'http://target', inProcess: false, isReference: true, control: { available: true, capabilities: [] }, publications: {} },
    config: { profiles: ['core'], seed: SEED, runs: 3, filter: [], timeoutMs: 1, runId: 'cf-test', reportDir: 'reports' },
    notes: [],
    unhandledErrors: run.unhandledErrors,
  };
}
