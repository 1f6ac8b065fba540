/**
 * Stryker's options for one `npm run mutation`: the conformance judge
 * (judge-runner.ts, with the command as its second opinion), incremental
 * mode, one mutant at a time.
 */
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { NEVER_MUTATED, type Area } from './areas.js';
import type { JudgeOptions } from './judge-runner.js';
import type { Selection } from './selection.js';

/** The profiles `npm test` runs the suite with. */
const PROFILES = 'core,extended,reference-choices,control,side-effects,robustness';

/** Not copied to Stryker's sandbox: build output, reports, results. */
const IGNORED = ['dist', 'reports', '.reports', 'bench/results', 'mutation/incremental.json'];

/** What the unit pass and the judge's run share: the files mutated, one mutant at a time, time-outs, the sandbox. */
function sharedOptions(selection: Selection): PartialStrykerOptions {
  return {
    mutate: [...selection.mutate, ...NEVER_MUTATED],
    // The machine is shared: one mutant at a time (run under nice by the npm script).
    concurrency: 1,
    force: selection.force,
    // A loaded machine can slow a run down by half again; a mutant is called a
    // time-out only well past that.
    timeoutFactor: 2,
    timeoutMS: 30_000,
    ignorePatterns: IGNORED,
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
  };
}

/** Where Stryker reads and writes results during a run (mutation/run.ts copies them to and from the kept file). */
export const WORKING_INCREMENTAL_FILE = 'reports/mutation/incremental.json';

/** The conformance CLI's arguments that judge the areas: their rules, stopping at the first failure; null if they have none. */
export function suiteArguments(areas: readonly Area[]): string[] | null {
  const filter = [...new Set(areas.flatMap((area) => area.filter))].join(',');
  // An area of the reference's own tools (the request journal) has no rule of the suite: its unit tests alone judge it.
  if (filter === '') return null;
  return ['--seed', '1', '--profile', PROFILES, '--filter', filter, '--no-skips', '--bail', '--report-dir', 'reports/conformance'];
}

/**
 * The command that judges one mutant in a process of its own: the areas'
 * unit tests, if any, then the conformance suite (suiteArguments) against
 * the reference it starts in-process (the mutated copy in Stryker's
 * sandbox). Exit code 0 means the mutant survived. The unit tests come
 * first: the judge runner has run the suite already when it runs this.
 */
export function judgeCommand(areas: readonly Area[]): string {
  const args = suiteArguments(areas);
  // Without the NODE_OPTIONS tsx of Stryker's processes (run.ts): run-from-sources.mjs loads vitest first, then tsx.
  const suite = args && `NODE_OPTIONS= node conformance/src/run-from-sources.mjs ${args.join(' ')}`;
  const unitFiles = unitTestFiles(areas);
  const units = `node_modules/.bin/vitest run --config vitest.config.ts --bail 1 ${unitFiles.join(' ')}`;
  if (!suite) return units;
  return unitFiles.length === 0 ? suite : `${units} && ${suite}`;
}

/** The areas' unit tests (none when the suite alone judges them). */
export function unitTestFiles(areas: readonly Area[]): string[] {
  return [...new Set(areas.flatMap((area) => area.unitTests?.files ?? []))];
}

/** Where the unit pass writes its results (run.ts keeps its kills). */
export const UNIT_PASS_REPORT = 'reports/mutation/unit-pass.json';
/**
 * The unit pass's own incremental results, in this checkout only: its tests
 * are vitest's, not the judge's one, so it cannot reuse the kept results. A
 * unit pass run again after a test was added tests again only what that
 * test's file reaches, and the survivors.
 */
export const UNIT_PASS_INCREMENTAL_FILE = 'reports/mutation/unit-pass-incremental.json';

/**
 * Stryker's options for the unit pass that comes before the judge's run
 * (run.ts): the areas' unit tests in one vitest process, Stryker's own vitest
 * runner, which runs for each mutant only the tests that reach it. Its kills
 * are kept, and its survivors recorded as equivalent: a mutant these tests
 * miss may still be killed by the suite, so the judge decides the rest. A kill here is one the judge would make
 * too, since its command runs the same unit tests first; it costs a second
 * or so where the judge's costs a process, or the filtered suite.
 */
export function unitPassOptions(selection: Selection): PartialStrykerOptions {
  return {
    ...sharedOptions(selection),
    testRunner: 'vitest',
    // Its tests are the areas' unit tests, which run.ts hands to it in the environment (vitest-unit-pass.config.ts).
    vitest: { configFile: 'mutation/vitest-unit-pass.config.ts', related: false },
    coverageAnalysis: 'perTest',
    plugins: ['@stryker-mutator/vitest-runner'],
    reporters: ['progress-append-only', 'json'],
    jsonReporter: { fileName: UNIT_PASS_REPORT },
    incremental: true,
    incrementalFile: UNIT_PASS_INCREMENTAL_FILE,
  };
}

/** The plugins of this folder, in TypeScript (run.ts lets Stryker's processes load them through tsx). */
export interface Plugins {
  estimateReporter: string;
  judgeRunner: string;
  testedSoFarReporter: string;
}

export function strykerOptions(selection: Selection, plugins: Plugins): PartialStrykerOptions {
  const judge: JudgeOptions = { suiteArguments: suiteArguments(selection.areas) };
  return {
    ...sharedOptions(selection),
    // judge-runner.ts: the suite in one long-lived process, and the command for what it does not kill.
    testRunner: 'conformance-judge',
    conformanceJudge: judge,
    // Tells static mutants (a module's top level) apart from the rest (judge-runner.ts).
    coverageAnalysis: 'perTest',
    commandRunner: { command: judgeCommand(selection.areas) },
    // A new process now and then, so that whatever one run leaves behind cannot pile up.
    maxTestRunnerReuse: 50,
    incremental: true,
    incrementalFile: WORKING_INCREMENTAL_FILE,
    plugins: ['@stryker-mutator/*', plugins.estimateReporter, plugins.judgeRunner, plugins.testedSoFarReporter],
    reporters: ['estimate', 'tested-so-far', 'progress-append-only', 'clear-text', 'html'],
    htmlReporter: { fileName: 'reports/mutation/mutation.html' },
    clearTextReporter: { reportScoreTable: false },
  };
}
