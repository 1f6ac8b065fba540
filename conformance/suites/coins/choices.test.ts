/**
 * The reference's coin choices (docs/spec-gaps-production.md, Coins): the
 * metadata values, the holders' order and the users among them, the pool
 * that prices quotes and sells, what swap arguments encode, and the popular
 * list that holds every coin in order of holders.
 */
import { Coin, CoinHolderPage, CoinQuote, SwapArgs } from '../../../schemas/coins.js';
import { Publication } from '../../../schemas/publications.js';
import { Author } from '../../../schemas/users.js';
import { expectError, expectOk, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { ownPostsWithStatus } from '../posts/support/posts-api.js';
import { allHolders, coinPath, popular, someCoin, type CoinT } from './support/coins-api.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

rule(
  ['coins.metadata.values'],
  "a coin's metadata: decimals 18, chain 8453, the image as logo, one Paragraph link to its page, tags and attributes naming its type and author; a post coin names its post",
  async (ctx) => {
    const coins = await popular(ctx);
    if (coins.length === 0) return ctx.skip('the target lists no popular coins to read');
    for (const coin of coins) {
      const m = coin.metadata;
      const type = m.extensions.coinType;
      const paragraph = m.extensions.paragraph;
      const where = `coin ${coin.id}`;
      if (type !== 'writer' && type !== 'post') fail(`${where} has coinType ${JSON.stringify(type)}, expected writer or post`);
      if (m.decimals !== 18) fail(`${where} has decimals ${m.decimals}, expected 18`);
      if (m.chainId !== 8453) fail(`${where} has chainId ${m.chainId}, expected 8453 (Base)`);
      if (m.logoURI !== m.image) fail(`${where} has logoURI ${m.logoURI}, not its image ${m.image}`);
      const links = [{ name: 'Paragraph', url: m.external_url }];
      if (!same(m.links, links)) fail(`${where} has links ${JSON.stringify(m.links)}, expected ${JSON.stringify(links)}`);
      const tags = ['paragraph', type];
      if (!same(m.tags, tags)) fail(`${where} has tags ${JSON.stringify(m.tags)}, expected ${JSON.stringify(tags)}`);
      const attributes = [
        { trait_type: 'Type', value: type },
        { trait_type: 'Author', value: paragraph.authorName },
      ];
      if (!same(m.attributes, attributes)) fail(`${where} has attributes ${JSON.stringify(m.attributes)}, expected ${JSON.stringify(attributes)}`);
      const namesPost = paragraph.noteId !== undefined && paragraph.postSlug !== undefined;
      const namesNone = paragraph.noteId === undefined && paragraph.postSlug === undefined;
      if (type === 'post' && !namesPost) fail(`the post coin ${coin.id} lacks noteId or postSlug: ${JSON.stringify(paragraph)}`);
      if (type === 'writer' && !namesNone) fail(`the writer coin ${coin.id} names a post: ${JSON.stringify(paragraph)}`);
    }
  },
);

rule(
  ['coins.post.coin-id', 'coins.popular.every-coin'],
  "the coin a published post names by coinId is a post coin of that post, and is among the popular coins",
  async (ctx) => {
    const coined = (await ownPostsWithStatus(ctx.api, 'published')).filter((p) => p.coinId !== undefined);
    if (coined.length === 0) return ctx.skip('publication A has no coined published post');
    const listed = await popular(ctx);
    for (const post of coined) {
      const coin = expectOk(await ctx.api.anonymous.get(`/v1/coins/${encodeURIComponent(post.coinId!)}`), Coin);
      const { coinType } = coin.metadata.extensions;
      const { noteId } = coin.metadata.extensions.paragraph;
      if (coinType !== 'post' || noteId !== post.id) fail(`post ${post.id}'s coin ${coin.id} is a ${coinType} coin of note ${noteId}`);
      if (listed.length < 20 && !listed.some((c) => c.id === coin.id)) fail(`post ${post.id}'s coin ${coin.id} is not among the ${listed.length} popular coins`);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['coins.holders.order', 'coins.popular.every-coin'],
  "holders are listed largest balance first (ties by address), and the popular coins most holders first",
  async (ctx) => {
    const coins = await popular(ctx);
    if (coins.length === 0) return ctx.skip('the target lists no popular coins to read');
    let previous: { coin: CoinT; count: number } | undefined;
    for (const coin of coins) {
      const holders = await allHolders(ctx, coin);
      for (let i = 1; i < holders.length; i++) {
        const [a, b] = [holders[i - 1], holders[i]];
        const [x, y] = [BigInt(a.balance), BigInt(b.balance)];
        if (x < y || (x === y && a.walletAddress.toLowerCase() > b.walletAddress.toLowerCase())) {
          fail(`coin ${coin.id} lists ${a.walletAddress} (${a.balance}) before ${b.walletAddress} (${b.balance})`);
        }
      }
      if (previous && previous.count < holders.length) {
        fail(`the popular coins list ${previous.coin.id} (${previous.count} holders) before ${coin.id} (${holders.length})`);
      }
      previous = { coin, count: holders.length };
    }
  },
);

rule(
  ['coins.holders.page', 'pagination.cursor.tampered-400'],
  "a page of holders holds at most the limit asked, and one coin's holder cursor is refused (400) on another coin",
  async (ctx) => {
    const coins = await popular(ctx);
    const [first, second] = coins;
    if (!first || !second) return ctx.skip('the target lists fewer than two coins');
    const page = expectOk(await ctx.api.anonymous.get(coinPath(first, '/holders'), { query: { limit: 1 } }), CoinHolderPage);
    if (page.items.length > 1) fail(`limit 1 answered ${page.items.length} holders`);
    if (!page.pagination.hasMore) return ctx.skip(`coin ${first.id} has fewer than two holders`);
    expectError(await ctx.api.anonymous.get(coinPath(second, '/holders'), { query: { limit: 1, cursor: page.pagination.cursor } }), 400);
  },
);

rule(
  ['coins.holders.users'],
  "a holder whose wallet is a user's carries that user's id and avatar, and a publication's owner holds its writer coin",
  async (ctx) => {
    const publicationId = ctx.target.publications.a!.id;
    const writer = (await popular(ctx)).find((c) => c.metadata.extensions.coinType === 'writer' && c.metadata.extensions.paragraph.blogId === publicationId);
    if (!writer) return ctx.skip(`publication A (${publicationId}) has no writer coin`);
    const publication = expectOk(await ctx.api.anonymous.get(`/v1/publications/${encodeURIComponent(publicationId)}`), Publication);
    const owner = expectOk(await ctx.api.anonymous.get(`/v1/users/${encodeURIComponent(publication.ownerUserId)}`), Author);
    const holders = await allHolders(ctx, writer);
    if (!holders.some((h) => h.walletAddress.toLowerCase() === owner.walletAddress.toLowerCase())) {
      fail(`the owner ${owner.id} (wallet ${owner.walletAddress}) is not among the ${holders.length} holders of the writer coin ${writer.id}`);
    }
    for (const holder of holders) {
      const res = await ctx.api.anonymous.get(`/v1/users/wallet/${holder.walletAddress}`);
      const user = res.status === 404 ? undefined : expectOk(res, Author);
      const expected = { userId: user?.id, avatarUrl: user?.avatarUrl };
      const got = { userId: holder.userId, avatarUrl: holder.avatarUrl };
      if (!same(got, expected)) fail(`holder ${holder.walletAddress} shows ${JSON.stringify(got)}, its user is ${JSON.stringify(expected)}`);
    }
  },
  { needs: ['publicationIds'] },
);

/** The 32-byte words of one swap input. */
function wordsOf(input: string): string[] {
  return input.slice(2).match(/.{64}/g) ?? [];
}

const word = (value: bigint) => value.toString(16).padStart(64, '0');
const addressWord = (address: string) => address.slice(2).toLowerCase().padStart(64, '0');

async function quote(ctx: RuleContext, coin: CoinT, amount: bigint): Promise<bigint> {
  return BigInt(expectOk(await ctx.api.anonymous.get(`/v1/coins/quote/${encodeURIComponent(coin.id)}`, { query: { amount: amount.toString() } }), CoinQuote).quote);
}

async function swapInput(ctx: RuleContext, side: 'buy' | 'sell', coin: CoinT, wallet: string, amount: bigint): Promise<{ commands: string; inputs: string[] }> {
  const path = `/v1/coins/${side}/${encodeURIComponent(coin.id)}`;
  return expectOk(await ctx.api.anonymous.get(path, { query: { walletAddress: wallet, amount: amount.toString() } }), SwapArgs);
}

/** The least amount out a swap input names (its fourth word). */
async function leastOut(ctx: RuleContext, side: 'buy' | 'sell', coin: CoinT, amount: bigint): Promise<bigint> {
  const { inputs } = await swapInput(ctx, side, coin, ctx.names.wallet(), amount);
  return BigInt(`0x${wordsOf(inputs[0] ?? '')[3] ?? '0'}`);
}

rule(
  ['coins.swap-args.contents'],
  'buy (0x00) and sell (0x01) arguments are one input of four lower-case words: the coin, the wallet, the amount and the least amount out, 1% under the quote',
  async (ctx) => {
    const coin = await someCoin(ctx);
    const wallet = ctx.names.wallet();
    const amount = 10n ** 16n;
    const quoted = await quote(ctx, coin, amount);
    for (const [side, command] of [['buy', '0x00'], ['sell', '0x01']] as const) {
      const args = await swapInput(ctx, side, coin, wallet, amount);
      if (args.commands !== command) fail(`${side} answers commands ${args.commands}, expected ${command}`);
      if (args.inputs.length !== 1) fail(`${side} answers ${args.inputs.length} inputs, expected one`);
      const head = `0x${addressWord(coin.contractAddress)}${addressWord(wallet)}${word(amount)}`;
      const input = args.inputs[0];
      if (input.length !== 2 + 4 * 64 || !input.startsWith(head)) fail(`${side} input ${input} is not ${head} followed by one word`);
      const least = BigInt(`0x${wordsOf(input)[3]}`);
      if (side === 'buy' && least !== (quoted * 99n) / 100n) fail(`buy names ${least} as the least out, 1% under the quote ${quoted} is ${(quoted * 99n) / 100n}`);
    }
  },
);

/** A line through two points (1/amount, 1/out): out = R·amount / (S + amount) has 1/out = (S/R)(1/amount) + 1/R. */
function poolOf(points: [amount: bigint, out: bigint][]): { reserveOut: number; reserveInOverFee: number } {
  const [[x1, y1], [x2, y2]] = points.map(([a, out]) => [1 / Number(a), 1 / Number(out)]);
  const slope = (y1 - y2) / (x1 - x2);
  const intercept = y1 - slope * x1;
  return { reserveOut: 1 / intercept, reserveInOverFee: slope / intercept };
}

rule(
  ['coins.quote.pricing'],
  "quotes and sells are priced by one constant-product pool (x·y = k) less a 1% fee, a pool that never moves",
  async (ctx) => {
    const coin = await someCoin(ctx);
    // Amounts of the order of the pool's reserves, where the curve bends enough to read them back.
    const ethIn = [10n ** 19n, 10n ** 20n];
    const coinIn = [10n ** 26n, 10n ** 27n];
    const quotes = await Promise.all(ethIn.map((a) => quote(ctx, coin, a)));
    // A sell's least amount out is 1% under its price (coins.swap-args.contents).
    const sells = await Promise.all(coinIn.map(async (c) => ((await leastOut(ctx, 'sell', coin, c)) * 100n) / 99n));
    const buying = poolOf([[ethIn[0], quotes[0]], [ethIn[1], quotes[1]]]);
    const selling = poolOf([[coinIn[0], sells[0]], [coinIn[1], sells[1]]]);
    // Buying reads the coin reserve and the ETH reserve over the fee; selling the other way round.
    const fees = [selling.reserveOut / buying.reserveInOverFee, buying.reserveOut / selling.reserveInOverFee];
    if (fees.some((f) => !(Math.abs(f - 0.99) < 1e-6))) {
      fail(`quotes ${quotes.join(', ')} and sells ${sells.join(', ')} are not one constant-product pool less 1%: they read as fees ${fees.join(' and ')}`);
    }
    const again = await quote(ctx, coin, ethIn[0]);
    if (again !== quotes[0]) fail(`the same quote answered ${quotes[0]}, then ${again}: the pool moved`);
  },
);
