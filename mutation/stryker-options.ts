/**
 * Stryker's options for one `npm run mutation`: the command runner (one
 * process per mutant, the only runner that can judge by the conformance
 * suite), incremental mode, one mutant at a time.
 */
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { NEVER_MUTATED, type Area } from './areas.js';
import type { Selection } from './selection.js';

/** The profiles `npm test` runs the suite with. */
const PROFILES = 'core,extended,reference-choices,control,side-effects,robustness';

/** Where Stryker reads and writes results during a run (mutation/run.ts copies them to and from the kept file). */
export const WORKING_INCREMENTAL_FILE = 'reports/mutation/incremental.json';

/**
 * The command that judges one mutant: the conformance suite, filtered to the
 * areas' rules, against the reference it starts in-process (the mutated copy
 * in Stryker's sandbox), stopping at the first failure; then the areas' unit
 * tests, if any. Exit code 0 means the mutant survived.
 */
export function judgeCommand(areas: readonly Area[]): string {
  const filter = [...new Set(areas.flatMap((area) => area.filter))].join(',');
  // Without the NODE_OPTIONS tsx of Stryker's processes (run.ts): run-from-sources.mjs loads vitest first, then tsx.
  const suite = `NODE_OPTIONS= node conformance/src/run-from-sources.mjs --seed 1 --profile ${PROFILES} --filter ${filter} --no-skips --bail --report-dir reports/conformance`;
  const unitFiles = [...new Set(areas.flatMap((area) => area.unitTests?.files ?? []))];
  const units = `node_modules/.bin/vitest run --config vitest.config.ts --bail 1 ${unitFiles.join(' ')}`;
  // An area of the reference's own tools (the request journal) has no rule of the suite: its unit tests alone judge it.
  if (filter === '') return units;
  return unitFiles.length === 0 ? suite : `${suite} && ${units}`;
}

export function strykerOptions(selection: Selection, estimateReporterPath: string): PartialStrykerOptions {
  return {
    testRunner: 'command',
    commandRunner: { command: judgeCommand(selection.areas) },
    mutate: [...selection.mutate, ...NEVER_MUTATED],
    // The machine is shared: one mutant at a time (run under nice by the npm script).
    concurrency: 1,
    incremental: true,
    incrementalFile: WORKING_INCREMENTAL_FILE,
    force: selection.force,
    // A loaded machine can slow a run down by half again; a mutant is called a
    // time-out only well past that.
    timeoutFactor: 2,
    timeoutMS: 30_000,
    // TypeScript: mutation/run.ts lets Stryker's worker processes load it through tsx.
    plugins: ['@stryker-mutator/*', estimateReporterPath],
    reporters: ['estimate', 'progress-append-only', 'clear-text', 'html'],
    htmlReporter: { fileName: 'reports/mutation/mutation.html' },
    clearTextReporter: { reportScoreTable: false },
    ignorePatterns: ['dist', 'reports', '.reports', 'bench/results', 'mutation/incremental.json'],
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
  };
}
