/**
 * The unit pass's vitest configuration (stryker-options.ts's unitPassOptions):
 * the project's, with only the areas' unit test files, which run.ts hands
 * over in UNIT_PASS_TESTS. Not Stryker's testFiles option: with it, Stryker
 * switches a mutant of a module's top level on after the module has loaded,
 * and calls it a survivor whatever the tests find.
 */
import { defineConfig } from 'vitest/config';
import project from '../vitest.config.js';

export const UNIT_PASS_TESTS = 'MUTATION_UNIT_PASS_TESTS';

// Read when vitest loads this file; importing the name alone (run.ts) finds none set, which is no error then.
const files = JSON.parse(process.env[UNIT_PASS_TESTS] ?? '[]') as string[];

export default defineConfig({ ...project, test: { ...project.test, include: files } });
