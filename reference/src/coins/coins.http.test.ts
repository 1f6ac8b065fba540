/**
 * Coins over HTTP: the fixture coins by id and by contract address, holders
 * in pages, quotes and swap arguments from the pool, popular coins, and the
 * refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient } from '../testing.support.test.js';
import type { CoinRecord } from './store.js';
import { quoteBuy } from './swap.js';

let t: TestClient;
let writer: CoinRecord;
let postCoin: CoinRecord;

beforeAll(async () => {
  t = await startTestServer();
  const coins = t.server.reference.state().coins.all();
  writer = coins.find((c) => c.kind === 'writer' && c.holders.length > 20)!;
  postCoin = coins.find((c) => c.kind === 'post' && c.publicationId === writer.publicationId)!;
});
afterAll(() => t.close());

const get = (path: string) => t.request('GET', path, { key: null });
const WALLET = `0x${'ab'.repeat(20)}`;

describe('coins', () => {
  it('answers a coin by id and by contract address in any case, the same', async () => {
    const byId = await get(`/v1/coins/${postCoin.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id: postCoin.id,
      contractAddress: postCoin.contractAddress,
      metadata: { symbol: postCoin.symbol, decimals: 18, chainId: 8453, extensions: { coinType: 'post', paragraph: { blogId: postCoin.publicationId, noteId: postCoin.postId } } },
    });
    expect((await get(`/v1/coins/contract/${postCoin.contractAddress.toUpperCase().replace('0X', '0x')}`)).body).toEqual(byId.body);
  });

  it('marks the coined post with the coin id', async () => {
    const post = await get(`/v1/posts/${postCoin.postId}`);
    expect(post.body.coinId).toBe(postCoin.id);
  });

  it('pages holders largest balance first, 10 by default, and every holder once', async () => {
    const first = await get(`/v1/coins/${writer.id}/holders`);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.pagination).toMatchObject({ hasMore: true, total: writer.holders.length });
    const seen: { walletAddress: string; balance: string }[] = [...first.body.items];
    // The list is the coin's, however it is addressed: a cursor from one path pages the other.
    let cursor = first.body.pagination.cursor;
    for (let page = 0; cursor; page++) {
      const path = page % 2 === 0 ? `/v1/coins/contract/${writer.contractAddress}/holders` : `/v1/coins/${writer.id}/holders`;
      const next = await get(`${path}?limit=7&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...next.body.items);
      cursor = next.body.pagination.cursor;
    }
    expect(new Set(seen.map((h) => h.walletAddress)).size).toBe(writer.holders.length);
    for (let i = 1; i < seen.length; i++) expect(BigInt(seen[i - 1].balance) >= BigInt(seen[i].balance)).toBe(true);
    expect(seen.some((h) => 'userId' in h)).toBe(true);
    for (const limit of ['0', '101', 'x']) expect((await get(`/v1/coins/${writer.id}/holders?limit=${limit}`)).status).toBe(400);
  });

  it('quotes from the pool, more ETH buying more but less per wei', async () => {
    const small = await get(`/v1/coins/quote/${writer.id}?amount=1000000000000000`);
    const large = await get(`/v1/coins/quote/contract/${writer.contractAddress}?amount=1000000000000000000`);
    expect(small.body).toEqual({ quote: quoteBuy(writer, 10n ** 15n).toString() });
    expect(BigInt(large.body.quote)).toBeGreaterThan(BigInt(small.body.quote));
    expect(BigInt(large.body.quote)).toBeLessThan(BigInt(small.body.quote) * 1000n);
  });

  it('answers buy and sell arguments as hex encoding the coin, the wallet and the amount', async () => {
    for (const side of ['buy', 'sell']) {
      const res = await get(`/v1/coins/${side}/${writer.id}?walletAddress=${WALLET}&amount=5000`);
      expect(res.status).toBe(200);
      expect(res.body.commands).toMatch(/^0x[0-9a-f]+$/);
      const [input] = res.body.inputs as string[];
      expect(input).toMatch(/^0x[0-9a-f]{256}$/);
      expect(input).toContain(writer.contractAddress.slice(2).toLowerCase());
      expect(input).toContain(WALLET.slice(2));
      expect(input.slice(2 + 128, 2 + 192)).toBe((5000).toString(16).padStart(64, '0'));
    }
  });

  it('lists popular coins, most holders first', async () => {
    const res = await get('/v1/coins/list/popular');
    const ids = (res.body.coins as { id: string }[]).map((c) => c.id);
    expect(ids[0]).toBe(writer.id);
    expect(ids).toHaveLength(t.server.reference.state().coins.all().length);
  });

  it.each([
    ['/v1/coins/nope', 404],
    ['/v1/coins/contract/0x0000000000000000000000000000000000000000', 404],
    ['/v1/coins/contract/0x12', 400],
    ['/v1/coins/nope/holders', 404],
    ['/v1/coins/quote/nope?amount=1', 404],
    ['/v1/coins/buy/nope?walletAddress=0x0000000000000000000000000000000000000000&amount=1', 404],
  ])('GET %s answers %i in the error shape', async (path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, msg: expect.any(String) });
  });

  it.each([
    ['quote', 'amount=0', /amount must be at least 1 wei/],
    ['quote', 'amount=1.5', /amount must be a whole number/],
    ['quote', '', /amount is required/],
    ['quote', `amount=${'9'.repeat(78)}`, /fit in 256 bits/],
    ['buy', 'amount=1', /walletAddress is required/],
    ['sell', 'walletAddress=0x12&amount=1', /walletAddress must be 0x followed by 40 hexadecimal digits/],
  ])('GET /v1/coins/%s with %s is 400 naming the rule', async (side, query, msg) => {
    const res = await get(`/v1/coins/${side}/${writer.id}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
  });
});
