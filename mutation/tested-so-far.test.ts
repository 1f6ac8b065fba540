import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { MutantResult } from '@stryker-mutator/api/core';
import type { MutationTestingPlanReadyEvent } from '@stryker-mutator/api/report';
import { describe, expect, it } from 'vitest';
import { TestedSoFarReporter, type TestedSoFar } from './tested-so-far.js';

const FILE = 'reference/src/keys/store.ts';
const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 5 } });

describe('the results of a run so far', () => {
  it('are written after each mutant tested (not those reused), per file with the source the run read, in the form the kept results take', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tested-so-far-')), 'tested.json');
    const reporter = new TestedSoFarReporter(path);
    const mutant = { id: '1', fileName: resolve(FILE), mutatorName: 'BooleanLiteral', replacement: 'true', location: at(3) };
    reporter.onMutationTestingPlanReady({ mutantPlans: [{ plan: 'Run', mutant }, { plan: 'EarlyResult', mutant: { ...mutant, id: '2' } }] } as unknown as MutationTestingPlanReadyEvent);
    reporter.onMutantTested({ ...mutant, status: 'Killed', killedBy: ['all'], coveredBy: ['all'], testsCompleted: 1 } as MutantResult);
    // A result reused from the kept ones is not written again.
    reporter.onMutantTested({ ...mutant, id: '2', status: 'Killed' } as MutantResult);
    const written = JSON.parse(readFileSync(path, 'utf8')) as TestedSoFar;
    expect(written.files[FILE]!.source).toBe(readFileSync(FILE, 'utf8'));
    expect(written.files[FILE]!.mutants).toEqual([
      { id: '1', mutatorName: 'BooleanLiteral', replacement: 'true', location: at(3), status: 'Killed', killedBy: ['all'], coveredBy: ['all'], testsCompleted: 1 },
    ]);
  });
});
