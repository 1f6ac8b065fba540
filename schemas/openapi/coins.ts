/**
 * Coins (production's OpenAPI): each read by coin id and by contract
 * address, and the popular coins.
 */
import { Coin, CoinHolderPage, CoinHoldersQuery, CoinQuote, PopularCoins, QuoteQuery, SwapArgs, SwapQuery } from '../coins.js';
import { json, type Endpoint } from './endpoint.js';

const tag = 'Coins';
const CONTRACT_400 = 'contractAddress is not 0x and 40 hexadecimal digits';

/** One operation addressed both ways, as production has them. */
function bothWays(prefix: string, suffix: string, e: Omit<Endpoint, 'method' | 'path' | 'tag' | 'auth'>): Endpoint[] {
  const errors = (extra: Record<number, string>) => ({ 404: 'no such coin', ...extra });
  return [
    { ...e, method: 'get', path: `/v1/coins/${prefix}{id}${suffix}`, tag, auth: 'none', profile: 'extended', errors: errors({}) },
    {
      ...e,
      method: 'get',
      path: `/v1/coins/${prefix}contract/{contractAddress}${suffix}`,
      tag,
      auth: 'none',
      profile: 'extended',
      summary: `${e.summary}, by contract address`,
      errors: errors({ 400: CONTRACT_400 }),
    },
  ];
}

export const coinEndpoints: Endpoint[] = [
  ...bothWays('', '', { summary: 'Get a coin', responses: { 200: json('the coin', Coin) } }),
  ...bothWays('', '/holders', {
    summary: "A coin's holders",
    description: 'Largest balance first; limit 1..100, default 10.',
    query: CoinHoldersQuery,
    responses: { 200: json('a page of holders', CoinHolderPage) },
  }),
  ...bothWays('buy/', '', {
    summary: 'Arguments to buy a coin with ETH',
    description: 'amount is ETH in wei. The arguments are well-formed hex but the reference is not on chain: they encode the coin, the wallet, the amount and the least amount out (1% below the quote).',
    query: SwapQuery,
    responses: { 200: json('the swap arguments', SwapArgs) },
  }),
  ...bothWays('sell/', '', {
    summary: 'Arguments to sell a coin for ETH',
    description: 'amount is the coin in wei. Well-formed hex, not executable on chain (see buy).',
    query: SwapQuery,
    responses: { 200: json('the swap arguments', SwapArgs) },
  }),
  ...bothWays('quote/', '', {
    summary: 'How many coins an amount of ETH buys',
    description: "Priced by the coin's constant-product pool, less a 1% fee.",
    query: QuoteQuery,
    responses: { 200: json('the quote', CoinQuote) },
  }),
  {
    method: 'get', path: '/v1/coins/list/popular', tag, auth: 'none', profile: 'extended',
    summary: 'Popular coins',
    description: 'Most holders first, at most 20.',
    responses: { 200: json('the coins', PopularCoins) },
  },
];
