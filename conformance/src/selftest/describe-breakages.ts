/**
 * The proof that the suite can fail, shared by the broken-*.test.ts files.
 * Each case puts the reference behind a proxy whose hooks break one rule and
 * runs part of the suite through it: exactly the expected rules must fail
 * (no fewer: the suite notices; no more: it blames nothing else), for the
 * reason the case names. Then the same run through a proxy without hooks
 * must pass, skipping exactly what the case expects: the failures come from
 * the breakage alone, and no test silently stopped running.
 *
 * Every run starts its own reference (fresh fixtures). Runs are kept small
 * (a filter, a few runs per property); still, these are the slowest unit tests.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../../reference/src/server.js';
import type { Profile } from '../shared/profiles.js';
import { startRewritingProxy, type ProxyHooks } from './rewriting-proxy.js';
import { runFiltered, type FilteredRun } from './run-filtered.js';

const SEED = 20261122;
const RUNS = 4;
const TIMEOUT_MS = 300_000;

export interface BreakageCase {
  /** What the broken server does, to finish "a proxy that ...". */
  what: string;
  /** The hooks that break the rule; a fresh set per run, as hooks remember what went through. */
  breakage: () => ProxyHooks;
  /** What a failing test must say: the breakage, not something else. */
  reason: RegExp;
  /** The part of the suite to run: --filter patterns and the suite files. */
  filter: string[];
  include: string[];
  /** Profiles the filtered tests need beyond the defaults. */
  extraProfiles?: Profile[];
  expectedFailures: string[];
  /** The tests (by name) that the unbroken run skips; none unless given. */
  expectedSkips?: string[];
}

export function describeBreakages(title: string, cases: BreakageCase[]): void {
  describe(title, () => {
    const running: Array<{ close(): Promise<void> }> = [];
    afterEach(async () => {
      for (const closable of running.splice(0).reverse()) await closable.close();
    });

    async function runThrough(hooks: ProxyHooks, testCase: BreakageCase): Promise<FilteredRun> {
      const server = await startServer({ port: 0, seed: SEED });
      running.push(server);
      const proxy = await startRewritingProxy({ upstream: server.url, hooks });
      running.push(proxy);
      const { filter, include, extraProfiles } = testCase;
      return runFiltered({ url: proxy.url, filter, include, extraProfiles, runs: RUNS, seed: SEED });
    }

    for (const testCase of cases) {
      it(
        `a proxy that ${testCase.what} fails exactly ${testCase.expectedFailures.join(', ')}`,
        async () => {
          const run = await runThrough(testCase.breakage(), testCase);
          expect(run.unhandledErrors, summary(run)).toEqual([]);
          expect(run.erroredRules, summary(run)).toEqual([]);
          expect(run.failedRules, summary(run)).toEqual([...testCase.expectedFailures].sort());
          const reasons = run.results.tests.filter((t) => t.status === 'fail').map((t) => t.reason ?? '');
          expect(reasons.join('\n'), summary(run)).toMatch(testCase.reason);
        },
        TIMEOUT_MS,
      );

      it(
        `the same run (filter ${testCase.filter.join(',')}) passes against the unbroken reference`,
        async () => {
          const run = await runThrough({}, testCase);
          expect(run.unhandledErrors, summary(run)).toEqual([]);
          expect(run.erroredRules, summary(run)).toEqual([]);
          expect(run.failedRules, summary(run)).toEqual([]);
          const skipped = run.results.tests.filter((t) => t.status === 'skip').map((t) => t.name);
          expect(skipped.sort(), summary(run)).toEqual([...(testCase.expectedSkips ?? [])].sort());
          expect(run.results.testCounts.pass, summary(run)).toBeGreaterThan(0);
        },
        TIMEOUT_MS,
      );
    }
  });
}

/** The tests of a run that did not pass, with the first line of their reason: for assertion messages. */
function summary(run: FilteredRun): string {
  const notPassed = run.results.tests.filter((t) => t.status !== 'pass');
  return notPassed.map((t) => `${t.status} ${t.name}: ${(t.reason ?? '').split('\n')[0]}`).join('\n') || '(every test passed)';
}
