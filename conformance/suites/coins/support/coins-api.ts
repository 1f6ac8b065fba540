/** Coins as the suites read them: the popular list (every coin of the target), one coin to read, a coin's holders. */
import { Coin, CoinHolder, PopularCoins } from '../../../../schemas/coins.js';
import { expectOk, type RuleContext } from '../../../src/authoring/index.js';
import { walkItems } from '../../posts/support/lists.js';

export type CoinT = ReturnType<typeof Coin.parse>;
export type CoinHolderT = ReturnType<typeof CoinHolder.parse>;

export async function popular(ctx: RuleContext): Promise<CoinT[]> {
  return expectOk(await ctx.api.anonymous.get('/v1/coins/list/popular'), PopularCoins).coins;
}

/** A coin to read; skips when the target has none. */
export async function someCoin(ctx: RuleContext): Promise<CoinT> {
  return (await popular(ctx))[0] ?? ctx.skip('the target lists no popular coins to read');
}

export const coinPath = (coin: CoinT, suffix = '') => `/v1/coins/${encodeURIComponent(coin.id)}${suffix}`;

/** Every holder of the coin, in the order listed. */
export function allHolders(ctx: RuleContext, coin: CoinT): Promise<CoinHolderT[]> {
  return walkItems(ctx.api.anonymous, coinPath(coin, '/holders'), CoinHolder, { limit: 100 });
}
