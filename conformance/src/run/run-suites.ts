/**
 * Runs the suites with vitest, programmatically, the run's configuration
 * provided to every file. By default one test file at a time in one worker
 * (the target has one clock and one outbox, and --rate-limit must hold
 * globally). With --workers N, the files that tolerate each other run N at
 * a time first, then the rest one at a time (run/schedule.ts says which).
 * Files are not isolated from each other: re-creating a worker and
 * re-importing zod, undici and fast-check for every file tripled the run
 * time, and suites keep no state between files that matters.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import { SUITE_CONFIG_KEY, type SuiteConfig } from '../shared/suite-config.js';
import { isBroken } from '../results/aggregate.js';
import type { TestOutcome } from '../results/types.js';
import { CollectingReporter } from './collect-reporter.js';
import { filesForFilter } from './filter-files.js';
import { ALL_SUITES, SERIAL_FILES } from './schedule.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SUITES_DIR = fileURLToPath(new URL('../../suites/', import.meta.url));
/** vitest's caches for the suites, under the repository (or installed package) root. */
const CACHE_DIR = 'node_modules/.vite/conformance';

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
  /** Stop after this many failed, errored or blocked tests. */
  maxFailures?: number;
  /** Test files run at the same time (default 1); only for the whole suite (no `include`). */
  workers?: number;
}

/** One vitest run: these files, this many at a time, with this configuration. */
export interface Phase {
  include: string[];
  exclude: string[];
  workers: number;
  config: SuiteConfig;
}

/** The vitest runs of a suite run: one, or with workers the parallel files and then the serial ones. */
export function phasesOf(config: SuiteConfig, options: Pick<RunSuitesOptions, 'include' | 'workers'>): Phase[] {
  const workers = options.workers ?? 1;
  if (workers <= 1 || options.include) return [{ include: options.include ?? [ALL_SUITES], exclude: [], workers: 1, config }];
  const serial = SERIAL_FILES.map((file) => file.glob);
  // Each worker has its own throttle: together they keep to --rate-limit.
  const rateLimit = config.rateLimit === undefined ? undefined : config.rateLimit / workers;
  return [
    { include: [ALL_SUITES], exclude: serial, workers, config: { ...config, rateLimit, parallel: true } },
    { include: serial, exclude: [], workers: 1, config },
  ];
}

export async function runSuites(config: SuiteConfig, options: RunSuitesOptions = {}): Promise<SuiteRun> {
  const reporter = new CollectingReporter(SUITES_DIR, options.write);
  for (const phase of phasesOf(config, options)) {
    const failedSoFar = reporter.outcomes.filter((o) => isBroken(o.status)).length;
    await runPhase(phase, reporter, options.maxFailures === undefined ? undefined : options.maxFailures - failedSoFar);
    if (reporter.interrupted) break;
  }
  if (!options.maxFailures || !reporter.interrupted) return { outcomes: reporter.outcomes, unhandledErrors: reporter.unhandledErrors };
  const notRun = (outcome: TestOutcome) => outcome.unfinished === true;
  return {
    outcomes: reporter.outcomes.filter((outcome) => !notRun(outcome)),
    unhandledErrors: reporter.unhandledErrors,
    stoppedEarly: { maxFailures: options.maxFailures, testsNotRun: reporter.outcomes.filter(notRun).length },
  };
}

/** One vitest run of the phase's files that can hold a test the filter selects (run/filter-files.ts). */
async function runPhase(phase: Phase, reporter: CollectingReporter, bail: number | undefined): Promise<void> {
  const vitest = await createVitest(
    'test',
    {
      root: REPO_ROOT,
      config: false,
      watch: false,
      run: true,
      include: phase.include,
      exclude: ['**/node_modules/**', ...phase.exclude],
      reporters: [reporter],
      provide: { [SUITE_CONFIG_KEY]: phase.config },
      fileParallelism: phase.workers > 1,
      maxWorkers: phase.workers,
      pool: 'threads',
      isolate: false,
      testTimeout: phase.config.timeoutMs,
      hookTimeout: Math.max(phase.config.timeoutMs, 60_000),
      passWithNoTests: true,
      bail,
      // Transformed suite files are kept on disk between runs (keyed by their content): a run starts without transforming them again.
      experimental: { fsModuleCache: true, fsModuleCachePath: join(REPO_ROOT, CACHE_DIR, 'modules') },
    },
    { cacheDir: CACHE_DIR },
  );
  try {
    const files = (await vitest.globTestSpecifications()).map((specification) => specification.moduleId);
    const needed = filesForFilter(files, phase.config.filter, SUITES_DIR);
    // Absolute paths: vitest runs exactly these of the files it found.
    if (needed.length > 0) await vitest.start(needed);
  } finally {
    await vitest.close();
  }
}
