/**
 * createReference: what shows only in its logs and its draws. 5xx and
 * analytics' failures are logged by default (logErrors), and the fault rules
 * draw from the reference's seed. The other options are app.test.ts's.
 */
import { describe, expect, it, vi } from 'vitest';
import { useServers } from './app-servers.support.test.js';
import type { TestClient } from './testing.support.test.js';

const server = useServers();

describe('logErrors', () => {
  it("by default a 5xx and analytics' failures are logged; with logErrors false, neither", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failures = async (t: TestClient) => {
      vi.spyOn(t.server.reference.state().posts, 'readable').mockImplementation(() => {
        throw new Error('broken store');
      });
      expect((await t.request('GET', '/v1/posts/anything')).status).toBe(500);
      // The service's logger, which it calls when its engine fails outside a request.
      (Reflect.get(t.server.reference.analytics, 'logError') as (error: unknown) => void)(new Error('engine failed'));
    };
    await failures(await server({ logErrors: false }));
    expect(logged).not.toHaveBeenCalled();
    // startTestServer passes no logErrors: the default.
    await failures(await server());
    expect(logged.mock.calls.map(([error]) => (error as Error).message)).toEqual(['broken store', 'engine failed']);
  });
});

describe('fault rules', () => {
  it("draw from the reference's seed: the same seed, the same failures; another seed, others", async () => {
    const outcomes = async (seed: number) => {
      const t = await server({ seed, faults: [{ match: { path: '/v1/posts/feed' }, action: { type: 'status', status: 503 }, probability: 0.5 }] });
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) statuses.push((await t.request('GET', '/v1/posts/feed', { key: null })).status);
      return statuses.join(' ');
    };
    const first = await outcomes(1);
    expect(first).toContain('503');
    expect(first).toContain('200');
    expect(await outcomes(1)).toBe(first);
    expect(await outcomes(2)).not.toBe(first);
  });
});
