import { describe, expect, it } from 'vitest';
import type { SuiteConfig } from '../shared/suite-config.js';
import { phasesOf } from './run-suites.js';
import { ALL_SUITES, SERIAL_FILES } from './schedule.js';

const config = { rateLimit: 10, timeoutMs: 1 } as SuiteConfig;

describe('phasesOf', () => {
  it('runs every file one at a time by default', () => {
    expect(phasesOf(config, {})).toEqual([{ include: [ALL_SUITES], exclude: [], workers: 1, config }]);
  });

  it('with workers, runs the files that tolerate each other in parallel first, sharing the rate limit, then the serial ones', () => {
    const [parallel, serial] = phasesOf(config, { workers: 4 });
    const serialGlobs = SERIAL_FILES.map((f) => f.glob);
    expect(parallel).toMatchObject({ include: [ALL_SUITES], exclude: serialGlobs, workers: 4, config: { rateLimit: 2.5, parallel: true } });
    expect(serial).toEqual({ include: serialGlobs, exclude: [], workers: 1, config });
  });

  it('keeps a chosen set of files (the self-tests) in one serial run', () => {
    expect(phasesOf(config, { workers: 4, include: ['x.test.ts'] })).toEqual([{ include: ['x.test.ts'], exclude: [], workers: 1, config }]);
  });
});
