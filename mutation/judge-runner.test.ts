import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { describe, expect, it } from 'vitest';
import { failedRules, mutantIds } from './judge-runner.js';

const quiet = { isDebugEnabled: () => false, isTraceEnabled: () => false, debug() {}, trace() {}, info() {}, warn() {}, error() {}, fatal() {} };

describe('the mutants a dry run reports as covered', () => {
  it('are every mutant Stryker placed in the instrumented files', async () => {
    const instrumenter = new Instrumenter(quiet as never);
    const source = 'export function clamp(n: number): number {\n  return n > 10 ? 10 : n < 0 ? 0 : n;\n}\n';
    const result = await instrumenter.instrument([{ name: 'clamp.ts', content: source, mutate: true }], {
      plugins: null,
      excludedMutations: [],
      ignorers: [],
      noHeader: false,
    } as never);
    const folder = mkdtempSync(join(tmpdir(), 'judge-runner-'));
    const file = join(folder, 'clamp.ts');
    writeFileSync(file, result.files[0]!.content);
    expect(result.mutants.length).toBeGreaterThan(5);
    expect(mutantIds([file]).sort()).toEqual(result.mutants.map((m) => m.id).sort());
  });
});

describe('the rules run again without the mutant after a kill', () => {
  it("are the failed, errored and blocked tests' rules, with a blocked test's failed setup step", () => {
    const tests = [
      { status: 'pass' as const, ruleIds: ['posts.get.own'] },
      { status: 'fail' as const, ruleIds: ['posts.update.by-slug', 'posts.slug.unique'] },
      { status: 'error' as const, ruleIds: ['posts.delete.by-slug'] },
      { status: 'blocked' as const, ruleIds: ['posts.list.order'], blockedBy: 'posts.create.minimal' },
      { status: 'skip' as const, ruleIds: ['posts.list.paging'] },
    ];
    expect(failedRules(tests)?.sort()).toEqual(
      ['posts.create.minimal', 'posts.delete.by-slug', 'posts.list.order', 'posts.slug.unique', 'posts.update.by-slug'].sort(),
    );
  });

  it('are the whole suite (none named) when no test failed: the run itself did', () => {
    expect(failedRules([{ status: 'pass', ruleIds: ['posts.get.own'] }])).toBeUndefined();
  });
});
