import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceInstance } from '../../reference/src/index.js';
import { runConformance } from './library.js';

describe('runConformance', () => {
  let reference: ReferenceInstance;
  beforeAll(async () => {
    reference = await startReference({ analytics: 'off' });
  });
  afterAll(() => reference.close());

  it('runs the suite against a URL and returns the per-rule results', async () => {
    const run = await runConformance({ url: reference.url, apiKey: reference.keys.demo, secondApiKey: reference.keys.other, profiles: ['core'], seed: 7, filter: ['auth'] });
    expect(run.exitCode).toBe(0);
    expect(run.passed).toBe(true);
    expect(run.seed).toBe(7);
    const ran = run.rules.filter((rule) => rule.status === 'pass');
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.every((rule) => rule.id.length > 0 && rule.tests.length > 0)).toBe(true);
    expect(run.counts.rules.fail).toBe(0);
  }, 120_000);

  it('throws with the suite\'s reason when the run cannot start', async () => {
    await expect(runConformance({ url: 'http://127.0.0.1:9', profiles: ['core'], seed: 1 })).rejects.toThrow(/stopped before running \(exit 2\)/);
  }, 60_000);
});
