import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConformanceTestMeta } from '../shared/transcript-types.js';
import { ConformanceFailure, SuiteError } from './failures.js';
import { createPropertyRunner } from './property.js';
import { deriveSeed } from './seeds.js';
import { Transcript } from './transcript.js';

function runner(overrides: { runs?: number; replayPath?: string } = {}) {
  const transcript = new Transcript();
  const meta: ConformanceTestMeta = { ruleIds: ['a.b.c'], profiles: ['core'] };
  const properties = createPropertyRunner({
    runSeed: 42,
    testName: 'a property',
    runs: overrides.runs ?? 50,
    timeoutMs: 30_000,
    replayPath: overrides.replayPath,
    transcript,
    meta,
  });
  return { properties, transcript, meta };
}

const record = (transcript: Transcript, note: string) =>
  transcript.record({ method: 'GET', url: `http://x/${note}`, requestHeaders: {}, durationMs: 0, status: 200 });

describe('the property runner', () => {
  it('passes a property that holds, with --runs runs', async () => {
    const { properties } = runner({ runs: 17 });
    let calls = 0;
    await properties.check(fc.integer(), () => {
      calls++;
    });
    expect(calls).toBe(17);
  });

  it('fails with the seed, the path and the shrunk counterexample, keeping the transcript of that run', async () => {
    const { properties, transcript, meta } = runner();
    const failure = await properties
      .check(fc.integer({ min: 0, max: 1000 }), (n) => {
        record(transcript, `n=${n}`);
        if (n >= 10) throw new ConformanceFailure(`${n} is too big`);
      })
      .then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(ConformanceFailure);
    const message = (failure as Error).message;
    expect(message).toContain('counterexample: 10');
    expect(message).toMatch(/fast-check seed -?\d+, path "[\d:]+"/);
    expect(message).toContain('cause: 10 is too big');
    expect(meta.property).toMatchObject({ counterexample: '10', seed: deriveSeed(42, 'a property', 0) });
    expect(transcript.snapshot().exchanges.map((e) => e.url)).toEqual(['http://x/n=10']);
  });

  it('replays the same counterexample from the seed and path', async () => {
    const first = runner();
    const predicate = (n: number) => {
      if (n % 7 === 3) throw new ConformanceFailure('bad');
    };
    await first.properties.check(fc.nat(), predicate).catch(() => undefined);
    const { path, counterexample } = first.meta.property!;
    const replay = runner({ replayPath: path });
    await replay.properties.check(fc.nat(), predicate).catch(() => undefined);
    expect(replay.meta.property!.counterexample).toBe(counterexample);
  });

  it('treats a predicate returning false as a failure of the target', async () => {
    const { properties } = runner();
    await expect(properties.check(fc.nat(), (n) => n < 5)).rejects.toBeInstanceOf(ConformanceFailure);
  });

  it('reports an exception that is not an assertion as an error of the suite', async () => {
    const { properties } = runner();
    await expect(
      properties.check(fc.nat(), () => {
        throw new TypeError('oops');
      }),
    ).rejects.toBeInstanceOf(SuiteError);
  });

  it('gives each property of a test its own seed', () => {
    expect(deriveSeed(42, 'a property', 0)).not.toBe(deriveSeed(42, 'a property', 1));
    expect(deriveSeed(42, 'a property', 0)).not.toBe(deriveSeed(43, 'a property', 0));
    expect(deriveSeed(42, 'a property', 0)).toBe(deriveSeed(42, 'a property', 0));
  });
});
