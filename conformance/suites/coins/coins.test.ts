/**
 * Coins (production's OpenAPI): the fixtures' coins as the target lists them
 * (popular coins), each read by id and by contract address, holders in
 * pages, quotes and swap arguments, and the refusals. Read-only.
 */
import { Coin, CoinHolderPage, CoinQuote, SwapArgs } from '../../../schemas/coins.js';
import { expectError, expectOk, fail, ListWalk, rule } from '../../src/authoring/index.js';
import { popular, someCoin } from './support/coins-api.js';

const UNKNOWN_CONTRACT = `0x${'0'.repeat(40)}`;

rule(['coins.get.both-ways'], 'a coin reads the same by id and by contract address, and an unknown one is 404', async (ctx) => {
  const coin = await someCoin(ctx);
  const byId = expectOk(await ctx.api.anonymous.get(`/v1/coins/${encodeURIComponent(coin.id)}`), Coin);
  const byContract = expectOk(await ctx.api.anonymous.get(`/v1/coins/contract/${coin.contractAddress}`), Coin);
  if (byId.id !== coin.id || byContract.id !== coin.id) fail(`the coin ${coin.id} read as ${byId.id} by id and ${byContract.id} by contract`);
  expectError(await ctx.api.anonymous.get(`/v1/coins/${ctx.runId}-no-such-coin`), 404);
  expectError(await ctx.api.anonymous.get(`/v1/coins/contract/${UNKNOWN_CONTRACT}`), 404);
});

rule(['coins.holders.page'], "a coin's holders page with limit 1..100 (default 10), each holder once", async (ctx) => {
  const coin = await someCoin(ctx);
  const first = expectOk(await ctx.api.anonymous.get(`/v1/coins/${encodeURIComponent(coin.id)}/holders`), CoinHolderPage);
  if (first.items.length > 10) fail(`the default page has ${first.items.length} holders`);
  const path = `/v1/coins/contract/${coin.contractAddress}/holders`;
  const walk = new ListWalk(`GET ${path}`);
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let more = true; more; ) {
    const page = expectOk(await ctx.api.anonymous.get(path, { query: { limit: 3, cursor } }), CoinHolderPage);
    const ids = page.items.map((h) => h.walletAddress.toLowerCase());
    for (const id of ids) {
      if (seen.has(id)) fail(`holder ${id} is listed twice`);
      seen.add(id);
    }
    more = walk.next({ askedWith: cursor, hasMore: page.pagination.hasMore, cursor: page.pagination.cursor, ids });
    cursor = page.pagination.cursor;
  }
  expectError(await ctx.api.anonymous.get(`/v1/coins/${encodeURIComponent(coin.id)}/holders`, { query: { limit: 101 } }), 400);
});

rule(['coins.quote.get'], 'a quote answers coins for an amount of ETH in wei, more for more', async (ctx) => {
  const coin = await someCoin(ctx);
  const small = expectOk(await ctx.api.anonymous.get(`/v1/coins/quote/${encodeURIComponent(coin.id)}`, { query: { amount: '1000000000000' } }), CoinQuote);
  const large = expectOk(await ctx.api.anonymous.get(`/v1/coins/quote/contract/${coin.contractAddress}`, { query: { amount: '1000000000000000000' } }), CoinQuote);
  if (BigInt(large.quote) < BigInt(small.quote)) fail(`1 ETH quotes ${large.quote}, less than 0.000001 ETH (${small.quote})`);
});

rule(['coins.swap-args.get'], 'buy and sell arguments answer commands and inputs as hex, for a wallet and an amount', async (ctx) => {
  const coin = await someCoin(ctx);
  const query = { walletAddress: ctx.names.wallet(), amount: '1000000000000000' };
  for (const side of ['buy', 'sell']) {
    expectOk(await ctx.api.anonymous.get(`/v1/coins/${side}/${encodeURIComponent(coin.id)}`, { query }), SwapArgs);
    expectOk(await ctx.api.anonymous.get(`/v1/coins/${side}/contract/${coin.contractAddress}`, { query }), SwapArgs);
    expectError(await ctx.api.anonymous.get(`/v1/coins/${side}/${ctx.runId}-no-such-coin`, { query }), 404);
  }
});

rule(['coins.refusals.400'], 'a malformed contract address, wallet or amount is refused with 400', async (ctx) => {
  const coin = await someCoin(ctx);
  const id = encodeURIComponent(coin.id);
  expectError(await ctx.api.anonymous.get('/v1/coins/contract/0x1234'), 400);
  expectError(await ctx.api.anonymous.get(`/v1/coins/quote/${id}`, { query: { amount: '1.5' } }), 400);
  expectError(await ctx.api.anonymous.get(`/v1/coins/quote/${id}`), 400);
  expectError(await ctx.api.anonymous.get(`/v1/coins/buy/${id}`, { query: { walletAddress: '0x12', amount: '1' } }), 400);
  expectError(await ctx.api.anonymous.get(`/v1/coins/sell/${id}`, { query: { amount: '1' } }), 400);
});

rule(['coins.post.coin-id'], "a coined post's coinId reads as a post coin of the post's publication", async (ctx) => {
  const coins = await popular(ctx);
  const postCoin = coins.find((c) => c.metadata.extensions.coinType === 'post' && c.metadata.extensions.paragraph.noteId);
  if (!postCoin) return ctx.skip('the target lists no post coin with its post id');
  const postId = postCoin.metadata.extensions.paragraph.noteId!;
  const post = await ctx.api.anonymous.get(`/v1/posts/${encodeURIComponent(postId)}`);
  if (post.status === 404) return ctx.skip(`the coined post ${postId} is not public`);
  const coinId = (post.body as { coinId?: unknown }).coinId;
  if (coinId !== postCoin.id) fail(`post ${postId} has coinId ${JSON.stringify(coinId)}, expected ${postCoin.id}`);
});
