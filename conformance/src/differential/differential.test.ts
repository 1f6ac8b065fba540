/**
 * Differential mode end to end: against the reference itself it finds
 * nothing over many seeds (the normalisation leaves only real differences),
 * and against targets that differ from the reference in one behaviour each
 * it finds that behaviour and shrinks it to a few steps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TestOutcome } from '../results/types.js';
import { startRewritingProxy, type ProxyHooks } from '../selftest/rewriting-proxy.js';
import { contentListedOldestFirst, draftsNotArchived, excerptCutShort, onlyLegitimateDifferences, refusedUpdatesAnswer422 } from './altered-targets.js';
import { startOracle } from './reference-side.js';
import { runDifferential } from './run.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

/** A reference to test against, behind a rewriting proxy when hooks are given (its links then name the proxy). */
async function startTarget(seed: number, hooks?: ProxyHooks): Promise<string> {
  const server = await startOracle(seed, { mode: 'off' });
  closers.push(server.close);
  if (!hooks) return server.url;
  const proxy = await startRewritingProxy({ upstream: server.url, hooks });
  closers.push(proxy.close);
  server.setBaseUrl(proxy.url);
  return proxy.url;
}

async function differ(url: string, seed: number, runs: number, filter: string[] = []): Promise<TestOutcome[]> {
  const control = (await (await fetch(`${url}/_control`)).json()) as { capabilities: string[] };
  return runDifferential({
    target: { url, keys: {}, publications: {}, control: { available: true, capabilities: control.capabilities } },
    seed,
    runs,
    filter,
    timeoutMs: 240_000,
    runId: `cf-${seed}-test`,
    analytics: { mode: 'off' },
    write: () => {},
  });
}

describe('differential mode against the reference itself', () => {
  it('finds no divergence over many seeds, directly and through a proxy that changes only what the spec leaves free', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const url = await startTarget(seed, seed % 2 === 0 ? onlyLegitimateDifferences() : undefined);
      const outcomes = await differ(url, seed, 5);
      expect(outcomes.map((o) => o.name)).toEqual(['differential.posts-life-cycle', 'differential.content-life-cycle', 'differential.requests']);
      for (const outcome of outcomes) expect(outcome.status, `seed ${seed} ${outcome.name}: ${outcome.reason}`).toBe('pass');
      while (closers.length > 0) await closers.pop()!();
    }
  }, 300_000);
});

describe('differential mode against a target that differs in one behaviour', () => {
  const cases: Array<{ what: string; hooks: () => ProxyHooks; filter: string; path: RegExp; step: RegExp; before?: RegExp }> = [
    { what: 'a status code', hooks: refusedUpdatesAnswer422, filter: 'differential.posts-life-cycle', path: /^status$/, step: /^PUT \/v1\/posts\/\{post#0\}/ },
    { what: 'a body field', hooks: excerptCutShort, filter: 'differential.content-life-cycle', path: /^body\.excerpt$/, step: /^GET \/v1\/content\/\{content#0\}/ },
    { what: 'an order', hooks: contentListedOldestFirst, filter: 'differential.content-life-cycle', path: /^body\.items\[\d+\]/, step: /^GET \/v1\/content\?/ },
    // Seen after the archive: a read shows the draft, or a schedule the reference refuses for an archived post is accepted.
    { what: 'a state transition', hooks: draftsNotArchived, filter: 'differential.posts-life-cycle', path: /^(status|body\.)/, step: /^(GET|PUT) \/v1\/posts/, before: /\{"status":"archived"\}/ },
  ];
  for (const { what, hooks, filter, path, step, before } of cases) {
    it(`finds ${what} and shrinks it to a few steps`, async () => {
      const seed = 7;
      const [outcome] = await differ(await startTarget(seed, hooks()), seed, 60, [filter]);
      expect(outcome?.status, outcome?.reason).toBe('fail');
      const view = outcome!.divergence!;
      expect(view.steps.length, view.steps.join('\n')).toBeLessThanOrEqual(4);
      expect(view.difference.path).toMatch(path);
      expect(view.steps[view.at]).toMatch(step);
      if (before) expect(view.steps.slice(0, view.at).some((line) => before.test(line)), view.steps.join('\n')).toBe(true);
      expect(outcome!.property?.path).toMatch(/^\d+(:\d+)*$/);
      expect(outcome!.transcript.length).toBeGreaterThan(0);
    }, 240_000);
  }
});
