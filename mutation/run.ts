/**
 * npm run mutation: StrykerJS over the reference, judged by the conformance
 * suite (and some unit tests), one area or a list of files at a time. Earlier
 * results are kept in mutation/incremental.json: a run tests again only
 * mutants of code that changed and earlier survivors (the tests may have
 * improved since), not those recorded as equivalent (mutation/equivalent.ts).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import { EQUIVALENT_MUTANTS } from './equivalent.js';
import { coveredByTheOneTest, describeSurvivor, forKeeping, keptAfterRun, summarise, tableRows, unitPassVerdicts, withoutSurvivorsOf, withTestedSoFar, type Report } from './results.js';
import { mutantSelector, parseArguments, USAGE, type Selection } from './selection.js';
import { judgeCommand, strykerOptions, UNIT_PASS_INCREMENTAL_FILE, UNIT_PASS_REPORT, unitPassOptions, unitTestFiles, WORKING_INCREMENTAL_FILE } from './stryker-options.js';
import { TESTED_SO_FAR, type TestedSoFar } from './tested-so-far.js';
import { UNIT_PASS_TESTS } from './vitest-unit-pass.config.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const KEPT_RESULTS = 'mutation/incremental.json';
type MutantSelector = ReturnType<typeof mutantSelector>;
const PLUGINS = {
  estimateReporter: fileURLToPath(new URL('./estimate-reporter.ts', import.meta.url)),
  judgeRunner: fileURLToPath(new URL('./judge-runner.ts', import.meta.url)),
  testedSoFarReporter: fileURLToPath(new URL('./tested-so-far.ts', import.meta.url)),
};
/** Signals that stop a run: what it tested so far is kept before it ends. */
const STOPPING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`mutation: ${parsed.error}\n\n${USAGE}\n`);
    return 2;
  }
  if ('help' in parsed) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { selection } = parsed;
  process.chdir(ROOT);
  log(`areas ${selection.areas.map((a) => a.name).join(', ')}; mutating ${selection.mutate.join(' ')}`);
  log(`judged by: ${judgeCommand(selection.areas)}`);

  mkdirSync(dirname(WORKING_INCREMENTAL_FILE), { recursive: true });
  // A run killed outright could not keep what it tested: it is kept now, before it is read.
  keepTestedSoFar('an earlier run stopped before its end');
  const selected = mutantSelector(selection.mutate);
  // Listening before Stryker does, so that a stopped run keeps its results before Stryker's exit ends its processes.
  const stop = (signal: (typeof STOPPING_SIGNALS)[number]) => {
    keepTestedSoFar(`this run, stopped by ${signal}`);
    process.exit(128 + constants.signals[signal]);
  };
  for (const signal of STOPPING_SIGNALS) process.once(signal, stop);

  const unitFiles = unitTestFiles(selection.areas);
  const left = unitFiles.length > 0 ? await unitPass(selection, unitFiles, selected) : undefined;
  if (left !== 0) await judgedRun(selection, selected);
  for (const signal of STOPPING_SIGNALS) process.off(signal, stop);

  // Both passes keep what they found, so there is a kept file now.
  const { areas, survivors } = summarise(readKept()!, EQUIVALENT_MUTANTS);
  log(`results kept in ${KEPT_RESULTS}; the table of conformance/README.md:`);
  process.stdout.write(`${tableRows(areas, new Date().toISOString().slice(0, 10)).join('\n')}\n`);
  const selectedSurvivors = survivors.filter((s) => selected.mutant(s.file, { start: { line: s.line }, end: { line: s.endLine } }));
  if (selectedSurvivors.length > 0) {
    log(`${selectedSurvivors.length} survivor(s) to kill with a test or record in mutation/equivalent/<folder>.ts (details: reports/mutation/mutation.html):`);
    for (const survivor of selectedSurvivors) process.stdout.write(`  ${describeSurvivor(survivor)}\n`);
  }
  return 0;
}

/**
 * The areas' unit tests first, in one vitest process (stryker-options.ts's
 * unitPassOptions): their kills are kept, and their survivors recorded as
 * equivalent; the number of selected mutants left for the judge is returned.
 */
async function unitPass(selection: Selection, unitFiles: string[], selected: MutantSelector): Promise<number> {
  log(`unit pass: ${unitFiles.join(' ')}, each mutant against the tests that reach it; their kills are kept, the judge decides the rest`);
  rmSync(UNIT_PASS_REPORT, { force: true });
  // Its earlier survivors are tested again, as the judge's are: Stryker would reuse a survivor of a module's
  // top level (covered by no test in particular) however the tests changed since.
  if (existsSync(UNIT_PASS_INCREMENTAL_FILE)) {
    const earlier = JSON.parse(readFileSync(UNIT_PASS_INCREMENTAL_FILE, 'utf8')) as Report;
    writeFileSync(UNIT_PASS_INCREMENTAL_FILE, JSON.stringify(withoutSurvivorsOf(earlier, selected.mutant, EQUIVALENT_MUTANTS)));
  }
  process.env[UNIT_PASS_TESTS] = JSON.stringify(unitFiles);
  await new Stryker(unitPassOptions(selection)).runMutationTest();
  const unitRun = JSON.parse(readFileSync(UNIT_PASS_REPORT, 'utf8')) as Report;
  const { verdicts, killed, left } = unitPassVerdicts(unitRun, selected.mutant, EQUIVALENT_MUTANTS);
  writeKept(withTestedSoFar(readKept(), verdicts));
  log(`unit pass: ${killed} killed and kept; ${left} left for the judge${left === 0 ? ', so it does not run' : ''} (survivors recorded as equivalent are kept as they are)`);
  return left;
}

/** The judge's run (judge-runner.ts, the command as its second opinion): earlier results are reused, its own kept. */
async function judgedRun(selection: Selection, selected: MutantSelector): Promise<void> {
  // Earlier survivors of the selected files are tested again: the tests may have changed since.
  const kept = readKept();
  if (kept) {
    writeFileSync(WORKING_INCREMENTAL_FILE, JSON.stringify(coveredByTheOneTest(withoutSurvivorsOf(kept, selected.mutant, EQUIVALENT_MUTANTS))));
  }
  // Stryker's worker processes load every plugin, this folder's (TypeScript) too. Not for the unit pass: vitest loads TypeScript itself.
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, '--import tsx'].filter(Boolean).join(' ');
  await new Stryker(strykerOptions(selection, PLUGINS)).runMutationTest();
  const run = JSON.parse(readFileSync(WORKING_INCREMENTAL_FILE, 'utf8')) as Report;
  writeKept(keptAfterRun(readKept(), run, selected));
  rmSync(TESTED_SO_FAR, { force: true });
}

function readKept(): Report | undefined {
  return existsSync(KEPT_RESULTS) ? (JSON.parse(readFileSync(KEPT_RESULTS, 'utf8')) as Report) : undefined;
}

function writeKept(report: Report): Report {
  const kept = forKeeping(report);
  writeFileSync(KEPT_RESULTS, `${JSON.stringify(kept, null, 1)}\n`);
  return kept;
}

/** The results a stopped run wrote as it went (tested-so-far.ts), merged into the kept ones. */
function keepTestedSoFar(which: string): void {
  if (!existsSync(TESTED_SO_FAR)) return;
  const tested = JSON.parse(readFileSync(TESTED_SO_FAR, 'utf8')) as TestedSoFar;
  writeKept(withTestedSoFar(readKept(), tested));
  rmSync(TESTED_SO_FAR);
  const count = Object.values(tested.files).reduce((sum, file) => sum + file.mutants.length, 0);
  log(`kept the ${count} result(s) of ${which} in ${KEPT_RESULTS}`);
}

function log(line: string): void {
  process.stdout.write(`mutation: ${line}\n`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`mutation: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
