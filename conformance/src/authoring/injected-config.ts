/**
 * The run's configuration inside a test file, provided by the CLI through
 * vitest's provide/inject.
 */
import { inject } from 'vitest';
import { SUITE_CONFIG_KEY, type SuiteConfig } from '../shared/suite-config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    [SUITE_CONFIG_KEY]: SuiteConfig;
  }
}

let cached: SuiteConfig | undefined;

export function suiteConfig(): SuiteConfig {
  if (cached) return cached;
  const config = inject(SUITE_CONFIG_KEY);
  if (!config) {
    throw new Error('conformance suites run only through the CLI: npm run conformance -- [--url ...] (see conformance/AUTHORING.md)');
  }
  cached = config;
  return config;
}
