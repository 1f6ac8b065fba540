import { defineConfig } from 'vitest/config';

// Unit tests: beside the code they test. The conformance suite has its own
// configuration and runs through `npm run conformance`.
export default defineConfig({
  test: {
    include: ['reference/**/*.test.ts', 'schemas/**/*.test.ts', 'fixtures/**/*.test.ts', 'conformance/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'conformance/suites/**'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
