/**
 * --filter narrows the suite files a run loads: a file is loaded only when
 * its sources name a rule the filter selects, and the static reading never
 * misses a rule a test checks (else a filtered run would drop that test).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SuiteConfig } from '../shared/suite-config.js';
import { filesForFilter, ruleIdsWrittenIn } from './filter-files.js';
import { runSuites, SUITES_DIR } from './run-suites.js';

const FIXTURES = 'conformance/src/run/fixtures/*.suite.ts';

function config(filter: string[], profiles: SuiteConfig['profiles']): SuiteConfig {
  return {
    // Never contacted: every test is skipped or left out before any request.
    target: { url: 'http://127.0.0.1:9', isReference: false, inProcess: false, control: { available: false, capabilities: [] }, publications: {} },
    profiles,
    seed: 1,
    runs: 1,
    filter,
    timeoutMs: 10_000,
    runId: 'cf-1-filter-files',
  };
}

describe('the suite files a filter loads', () => {
  it("finds every suite test's rules in its file or the suite modules it imports", async () => {
    // No profile selected: every test is registered and skipped, none sends a request.
    const run = await runSuites(config([], []), { write: () => {} });
    expect(run.outcomes.filter((o) => o.status !== 'skip').map((o) => `${o.file}: ${o.reason}`)).toEqual([]);
    expect(run.outcomes.length).toBeGreaterThan(400);
    const written = new Map<string, Set<string>>();
    const missed: string[] = [];
    for (const outcome of run.outcomes) {
      const file = join(SUITES_DIR, outcome.file);
      if (!written.has(file)) written.set(file, ruleIdsWrittenIn(file, SUITES_DIR));
      for (const id of outcome.ruleIds) if (!written.get(file)!.has(id)) missed.push(`${outcome.file}: ${id} (${outcome.name})`);
    }
    expect(missed).toEqual([]);
  }, 120_000);

  it('narrows to the files naming a selected rule, by id prefix or glob', () => {
    const files = ['errors/rate-limit.test.ts', 'auth/bearer.test.ts', 'posts/create-invalid.test.ts', 'pagination/walk.test.ts'].map((f) => join(SUITES_DIR, f));
    const kept = (filter: string[]) => filesForFilter(files, filter, SUITES_DIR).map((f) => f.slice(SUITES_DIR.length));
    expect(kept(['errors.429'])).toEqual(['errors/rate-limit.test.ts']);
    expect(kept(['auth.bearer', 'posts.create.title-*'])).toEqual(['auth/bearer.test.ts', 'posts/create-invalid.test.ts']);
    // posts-api.ts creates its drafts as setup step posts.create.draft: the walk does not check that rule.
    expect(kept(['posts.create.draft'])).toEqual([]);
    // Test names are known only once the files are loaded.
    expect(kept(['walking the pages'])).toEqual(files.map((f) => f.slice(SUITES_DIR.length)));
    expect(kept([])).toHaveLength(files.length);
  });

  it('leaves a file that names no selected rule unloaded, and loads every file for a test name', async () => {
    const byRule = await runSuites(config(['auth.bearer'], []), { include: [FIXTURES], write: () => {} });
    const files = (run: typeof byRule) => new Set(run.outcomes.map((o) => o.file.split('/').pop()));
    expect(files(byRule)).toEqual(new Set(['engine.suite.ts']));
    expect(byRule.outcomes.map((o) => o.ruleIds[0])).toContain('auth.bearer.accepted');
    const byName = await runSuites(config(['passes: the bearer'], []), { include: [FIXTURES], write: () => {} });
    expect(files(byName)).toEqual(new Set(['engine.suite.ts', 'unselected.suite.ts']));
    expect(byName.outcomes.find((o) => o.file.endsWith('unselected.suite.ts'))).toMatchObject({ status: 'error' });
  }, 60_000);
});
