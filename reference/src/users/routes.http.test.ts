/**
 * Users over HTTP: an author by id and by wallet address, without a key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient } from '../testing.support.test.js';

let t: TestClient;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('users', () => {
  it('finds an author by wallet address in any letter case, the same as by id', async () => {
    const [user] = t.server.reference.state().users.all();
    const byId = await t.request('GET', `/v1/users/${user.id}`, { key: null });
    expect(byId.status).toBe(200);
    for (const wallet of [user.walletAddress, user.walletAddress.toLowerCase(), `0x${user.walletAddress.slice(2).toUpperCase()}`]) {
      const byWallet = await t.request('GET', `/v1/users/wallet/${wallet}`, { key: null });
      expect(byWallet.body).toEqual(byId.body);
    }
  });

  it('answers 404 for an unknown address and 400 for one that is not an address', async () => {
    const unknown = await t.request('GET', `/v1/users/wallet/0x${'0'.repeat(40)}`, { key: null });
    expect(unknown).toMatchObject({ status: 404, body: { success: false, msg: expect.stringMatching(/wallet/) } });
    const malformed = await t.request('GET', '/v1/users/wallet/0x123', { key: null });
    expect(malformed).toMatchObject({ status: 400, body: { success: false, msg: expect.stringMatching(/40 hexadecimal/) } });
  });
});
