/**
 * Runs the suites with vitest, programmatically: one test file at a time in
 * one worker (the target has one clock and one outbox, and --rate-limit must
 * hold globally), the run's configuration provided to every file. Files are
 * not isolated from each other: re-creating a worker and re-importing zod,
 * undici and fast-check for every file tripled the run time, and suites keep
 * no state between files that matters.
 */
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { SUITE_CONFIG_KEY, type SuiteConfig } from '../shared/suite-config.js';
import type { TestOutcome } from '../results/types.js';
import { CollectingReporter } from './collect-reporter.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SUITES_DIR = fileURLToPath(new URL('../../suites/', import.meta.url));

export interface SuiteRun {
  outcomes: TestOutcome[];
  unhandledErrors: string[];
  /** Set when --max-failures stopped the run: the tests left unrun are not in `outcomes`. */
  stoppedEarly?: StoppedEarly;
}

export interface StoppedEarly {
  maxFailures: number;
  /** Tests of started files that were not run (files not started yet are not counted). */
  testsNotRun: number;
}

export interface RunSuitesOptions {
  /** Globs relative to the repository root (default: every suite). */
  include?: string[];
  /** Where progress lines go (default: stdout). */
  write?: (line: string) => void;
  /** Stop after this many failed or errored tests. */
  maxFailures?: number;
}

export async function runSuites(config: SuiteConfig, options: RunSuitesOptions = {}): Promise<SuiteRun> {
  const reporter = new CollectingReporter(SUITES_DIR, options.write);
  const vitest = await startVitest(
    'test',
    [],
    {
      root: REPO_ROOT,
      config: false,
      watch: false,
      run: true,
      include: options.include ?? ['conformance/suites/**/*.test.ts'],
      exclude: ['**/node_modules/**'],
      reporters: [reporter],
      provide: { [SUITE_CONFIG_KEY]: config },
      fileParallelism: false,
      maxWorkers: 1,
      pool: 'threads',
      isolate: false,
      testTimeout: config.timeoutMs,
      hookTimeout: Math.max(config.timeoutMs, 60_000),
      passWithNoTests: true,
      bail: options.maxFailures,
    },
    { cacheDir: 'node_modules/.vite/conformance' },
  );
  await vitest.close();
  if (!options.maxFailures || !reporter.interrupted) return { outcomes: reporter.outcomes, unhandledErrors: reporter.unhandledErrors };
  const notRun = (outcome: TestOutcome) => outcome.unfinished === true;
  return {
    outcomes: reporter.outcomes.filter((outcome) => !notRun(outcome)),
    unhandledErrors: reporter.unhandledErrors,
    stoppedEarly: { maxFailures: options.maxFailures, testsNotRun: reporter.outcomes.filter(notRun).length },
  };
}
