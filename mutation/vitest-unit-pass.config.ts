/**
 * The unit pass's vitest configuration (stryker-options.ts's unitPassOptions):
 * the project's, with only the areas' unit test files, which run.ts hands
 * over in UNIT_PASS_TESTS. Not Stryker's testFiles option: with it, Stryker
 * switches a mutant of a module's top level on after the module has loaded,
 * and calls it a survivor whatever the tests find.
 *
 * The files run in the order the areas list them (ListedOrder). Stryker runs
 * them one at a time and stops at a mutant's first failing test, so an area
 * that lists its quick tests before those that start a database pays for the
 * database only for mutants the quick tests miss; vitest's own order (the
 * largest or slowest file first) starts the database for every mutant.
 */
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import project from '../vitest.config.js';

export const UNIT_PASS_TESTS = 'MUTATION_UNIT_PASS_TESTS';

// Read when vitest loads this file; importing the name alone (run.ts) finds none set, which is no error then.
const files = JSON.parse(process.env[UNIT_PASS_TESTS] ?? '[]') as string[];

/** Test files in the order of `files`. */
export class ListedOrder extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => files.indexOf(relative(this.ctx.config.root, spec.moduleId).split('\\').join('/'));
    return [...specs].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({ ...project, test: { ...project.test, include: files, sequence: { sequencer: ListedOrder } } });
