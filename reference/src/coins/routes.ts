/**
 * HTTP for coins (production's coin endpoints): a coin, its holders, swap
 * arguments and quotes, each by coin id or by contract address, and the
 * popular coins. Public reads; nothing here changes state.
 */
import { badRequest } from '../errors.js';
import { paginate } from '../pagination.js';
import { parseQuery } from '../http/validate.js';
import type { RequestContext, RouteDef } from '../http/types.js';
import { COIN_LIMITS, CoinHoldersQuery, QuoteQuery, SwapQuery } from '../../../schemas/coins.js';
import { WALLET_PATTERN } from '../../../schemas/subscribers.js';
import { HOLDER_ORDER, type CoinRecord } from './store.js';
import { buyArgs, quoteBuy, sellArgs } from './swap.js';
import { coinView, holderView } from './view.js';

type CoinOf = (ctx: RequestContext) => CoinRecord;

const byId: CoinOf = (ctx) => ctx.state.coins.require(ctx.params.id);

const byContract: CoinOf = (ctx) => {
  const address = ctx.params.contractAddress;
  if (!WALLET_PATTERN.test(address)) throw badRequest('contractAddress must be 0x followed by 40 hexadecimal digits');
  return ctx.state.coins.requireByContract(address);
};

/** Each coin endpoint, addressed both ways: `/v1/coins/<prefix>:id<suffix>` and `/v1/coins/<prefix>contract/:contractAddress<suffix>`. */
function bothWays(prefix: string, suffix: string, answer: (ctx: RequestContext, coin: CoinRecord) => unknown): RouteDef[] {
  return [
    { method: 'GET', path: `/v1/coins/${prefix}:id${suffix}`, auth: 'none', handler: (ctx) => ({ json: answer(ctx, byId(ctx)) }) },
    {
      method: 'GET',
      path: `/v1/coins/${prefix}contract/:contractAddress${suffix}`,
      auth: 'none',
      handler: (ctx) => ({ json: answer(ctx, byContract(ctx)) }),
    },
  ];
}

export const coinRoutes: RouteDef[] = [
  ...bothWays('', '', (_ctx, coin) => coinView(coin)),
  ...bothWays('', '/holders', (ctx, coin) => {
    const q = parseQuery(CoinHoldersQuery, ctx.query);
    const request = { cursor: q.cursor, limit: q.limit ?? COIN_LIMITS.holdersDefault };
    return paginate(ctx.state.cursors, `coin-holders:${coin.id}`, ctx.state.coins.holders(coin), HOLDER_ORDER, request, holderView);
  }),
  ...bothWays('buy/', '', (ctx, coin) => {
    const q = parseQuery(SwapQuery, ctx.query);
    return buyArgs(coin, q.walletAddress, BigInt(q.amount));
  }),
  ...bothWays('sell/', '', (ctx, coin) => {
    const q = parseQuery(SwapQuery, ctx.query);
    return sellArgs(coin, q.walletAddress, BigInt(q.amount));
  }),
  ...bothWays('quote/', '', (ctx, coin) => ({ quote: quoteBuy(coin, BigInt(parseQuery(QuoteQuery, ctx.query).amount)).toString() })),
  {
    method: 'GET',
    path: '/v1/coins/list/popular',
    auth: 'none',
    handler: (ctx) => ({ json: { coins: ctx.state.coins.popular(COIN_LIMITS.popularMax).map(coinView) } }),
  },
];
