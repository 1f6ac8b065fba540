import { defineConfig } from 'vitest/config';

// Unit tests: beside the code they test. The conformance suite has its own
// configuration and runs through `npm run conformance`. Helpers only tests
// use are named *.support.test.ts: the build leaves them out like any test,
// and they hold no tests to run.
export default defineConfig({
  test: {
    include: ['reference/**/*.test.ts', 'schemas/**/*.test.ts', 'fixtures/**/*.test.ts', 'conformance/src/**/*.test.ts', 'mutation/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'conformance/suites/**', '**/*.support.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
