/**
 * A Stryker reporter that writes, after each mutant, every result of the run
 * so far (TESTED_SO_FAR), so that a run stopped before its end (Ctrl-C, a
 * kill, a deadline) keeps what it tested: run.ts merges the file into the
 * kept results when the run is stopped, and at the start of the next run if
 * the stopped one could not (it was killed outright). Stryker itself writes
 * its results only once every mutant has run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { MutantResult, schema } from '@stryker-mutator/api/core';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import type { MutationTestingPlanReadyEvent, Reporter } from '@stryker-mutator/api/report';

/** Where the results of the run so far are written (run.ts removes it once they are kept). */
export const TESTED_SO_FAR = 'reports/mutation/tested-so-far.json';

/** The results of a run so far: per file mutated, its source as the run read it and the mutants with a verdict. */
export interface TestedSoFar {
  files: Record<string, { source: string; mutants: schema.MutantResult[] }>;
}

export class TestedSoFarReporter implements Reporter {
  private readonly tested: TestedSoFar = { files: {} };

  /** Stryker injects nothing, so the file is TESTED_SO_FAR; tests name another. */
  constructor(private readonly path = TESTED_SO_FAR) {}

  /** The ids of the mutants this run tests (not the results it reuses, which are kept already). */
  private readonly toTest = new Set<string>();

  onMutationTestingPlanReady({ mutantPlans }: MutationTestingPlanReadyEvent): void {
    for (const { plan, mutant } of mutantPlans) {
      if (plan !== 'Run') continue;
      this.toTest.add(mutant.id);
      const file = relative(process.cwd(), mutant.fileName);
      this.tested.files[file] ??= { source: readFileSync(file, 'utf8'), mutants: [] };
    }
  }

  onMutantTested(result: Readonly<MutantResult>): void {
    const file = this.toTest.has(result.id) ? this.tested.files[relative(process.cwd(), result.fileName)] : undefined;
    if (!file) return;
    // The fields, in their order, of Stryker's own report.
    const { id, mutatorName, replacement, statusReason, status, static: isStatic, testsCompleted, coveredBy, killedBy, location } = result;
    file.mutants.push({ id, mutatorName, replacement, statusReason, status, static: isStatic, testsCompleted, coveredBy, killedBy, location });
    writeFileSync(this.path, JSON.stringify(this.tested));
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'tested-so-far', TestedSoFarReporter)];
