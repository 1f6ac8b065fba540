import { describe, expect, it } from 'vitest';
import { discoverTarget, TargetUnreachable } from './discover.js';
import type { Probe, ProbeResult } from './http-probe.js';

const PUBLICATIONS = {
  publications: [
    { id: 'p1', slug: 'demo', name: 'Demo', ownerUserId: 'u1', apiKeys: ['KEY_A'], teamMemberIds: [], communityIds: [], customEmailApproved: true },
    { id: 'p2', slug: 'other', name: 'Other', ownerUserId: 'u2', apiKeys: ['KEY_B'], teamMemberIds: [], communityIds: [], customEmailApproved: false },
  ],
};

function probe(routes: Record<string, ProbeResult>): Probe {
  return async (path, authorization) => routes[`${path}${authorization ? ` ${authorization}` : ''}`] ?? routes[path] ?? { status: 404, body: {} };
}

const control = { status: 200, body: { implementation: 'publishing-api-reference', version: '1', seed: 1, now: 0, capabilities: ['clock'] } };

describe('discoverTarget', () => {
  it('reads both keys from /_control/publications when none are given', async () => {
    const found = await discoverTarget({
      url: 'http://x',
      inProcess: false,
      probe: probe({ '/_control': control, '/_control/publications': { status: 200, body: PUBLICATIONS } }),
    });
    expect(found.apiKey).toBe('KEY_A');
    expect(found.secondApiKey).toBe('KEY_B');
    expect(found.target.publications.a).toMatchObject({ id: 'p1', slug: 'demo' });
    expect(found.target.publications.b).toMatchObject({ id: 'p2', slug: 'other', customEmailApproved: false });
    expect(JSON.stringify(found.target)).not.toContain('KEY_');
    expect(found.target.control).toMatchObject({ available: true, capabilities: ['clock'] });
    expect(found.target.isReference).toBe(true);
  });

  it('matches given keys to their publications', async () => {
    const found = await discoverTarget({
      url: 'http://x',
      inProcess: false,
      apiKey: 'KEY_B',
      secondApiKey: 'KEY_A',
      probe: probe({ '/_control': control, '/_control/publications': { status: 200, body: PUBLICATIONS } }),
    });
    expect(found.target.publications.a!.id).toBe('p2');
    expect(found.target.publications.b!.id).toBe('p1');
  });

  it('without control, says why, and learns the publication from GET /v1/me', async () => {
    const found = await discoverTarget({
      url: 'http://x',
      inProcess: false,
      apiKey: 'K',
      probe: probe({
        '/_control': { status: 404, body: { success: false, msg: 'no route' } },
        '/v1/posts/feed': { status: 200, body: {} },
        '/v1/me Bearer K': { status: 200, body: { id: 'pm', slug: 'mine' } },
      }),
    });
    expect(found.target.control).toEqual({ available: false, missingReason: 'GET /_control answered 404', capabilities: [] });
    expect(found.target.publications.a).toMatchObject({ id: 'pm', slug: 'mine' });
    expect(found.target.isReference).toBe(false);
    expect(found.notes.join('\n')).toMatch(/second publication B/);
  });

  it('fails when the target does not answer at all', async () => {
    const down: Probe = async () => ({ networkError: 'ECONNREFUSED: connect ECONNREFUSED' });
    await expect(discoverTarget({ url: 'http://x', inProcess: false, probe: down })).rejects.toBeInstanceOf(TargetUnreachable);
  });
});
