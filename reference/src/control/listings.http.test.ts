/**
 * What the control API lists about itself and the fixtures. The suite reads
 * these lists to decide what to test: a capability left out, or a fixture
 * publication listed without its removed members or unavailable segments,
 * has the tests that need them skipped, not failed, so only this file
 * notices. The reset's answer is the reference's own (DESIGN.md fixes the
 * route, not its answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient } from '../testing.support.test.js';

let t: TestClient;
beforeAll(async () => {
  t = await startTestServer({ analytics: { mode: 'off' } });
});
afterAll(() => t?.close());

interface Listed {
  slug: string;
  ownerEmail: string | null;
  teamMemberIds: string[];
  removedMemberIds: string[];
  communityIds: string[];
  unavailableCommunityIds: string[];
}

describe('GET /_control', () => {
  it('lists reset, clock and publications (the routes of the protocol every implementation offers) and no empty name', async () => {
    const { capabilities } = (await t.request('GET', '/_control', { key: null })).body as { capabilities: string[] };
    expect(capabilities).toEqual(expect.arrayContaining(['reset', 'clock', 'publications', 'outbox']));
    expect(capabilities).not.toContain('');
    expect(new Set(capabilities).size).toBe(capabilities.length);
  });
});

describe('GET /_control/publications', () => {
  it("lists demo's active team, removed members, available and unavailable segments apart, and each owner's address or null", async () => {
    const { publications } = (await t.request('GET', '/_control/publications', { key: null })).body as { publications: Listed[] };
    const demo = publications.find((p) => p.slug === 'demo')!;
    for (const list of [demo.teamMemberIds, demo.removedMemberIds, demo.communityIds, demo.unavailableCommunityIds]) {
      expect(list.length).toBeGreaterThan(0);
      for (const id of list) expect(id).toMatch(/^\S+$/);
    }
    expect(demo.teamMemberIds.filter((id) => demo.removedMemberIds.includes(id))).toEqual([]);
    expect(demo.communityIds.filter((id) => demo.unavailableCommunityIds.includes(id))).toEqual([]);
    expect(demo.ownerEmail).toMatch(/@/);
    expect(publications.find((p) => p.slug === 'quiet')?.ownerEmail).toBeNull();
  });
});

describe('POST /_control/reset', () => {
  it('answers {success: true, seed, now}', async () => {
    const res = await t.request('POST', '/_control/reset', { key: null, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, seed: expect.any(Number), now: expect.any(Number) });
  });
});
