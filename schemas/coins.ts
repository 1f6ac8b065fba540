/**
 * Coins: writer and post coins as production's OpenAPI describes them (the
 * Coin with token-list metadata, holders, swap arguments, quotes, popular
 * coins), and the queries their endpoints take.
 */
import { z } from 'zod';
import { cursorParam, limitParam, pageOf } from './common.js';
import { WALLET_PATTERN } from './subscribers.js';

export const COIN_LIMITS = {
  holdersMin: 1,
  holdersMax: 100,
  holdersDefault: 10,
  /** Ours: popular coins answered at most. */
  popularMax: 20,
} as const;

const Address = z.string().regex(WALLET_PATTERN, { message: 'must be 0x followed by 40 hexadecimal digits' });
const Hex = z.string().regex(/^0x[a-fA-F0-9]*$/);
const UINT256_MAX = (1n << 256n) - 1n;

/** A positive whole number of wei that fits in 256 bits, as digits. */
const WeiAmount = z
  .string({ message: 'is required: a whole number of wei, as digits' })
  .regex(/^[0-9]{1,78}$/, { message: 'must be a whole number of wei, as digits (at most 78)', abort: true })
  .refine((v) => BigInt(v) > 0n && BigInt(v) <= UINT256_MAX, { message: 'must be at least 1 wei and fit in 256 bits' });

export const Coin = z
  .object({
    id: z.string(),
    contractAddress: Address,
    metadata: z.object({
      name: z.string(),
      symbol: z.string(),
      decimals: z.number().int(),
      description: z.string(),
      image: z.string().optional(),
      logoURI: z.string().optional(),
      chainId: z.number().int(),
      external_url: z.string(),
      links: z.array(z.object({ name: z.string(), url: z.string() })),
      tags: z.array(z.string()),
      extensions: z.object({
        coinType: z.string().describe('writer (a publication\'s coin) or post (a post\'s coin)'),
        paragraph: z.object({
          blogId: z.string(),
          blogUrl: z.string(),
          authorName: z.string().optional(),
          noteId: z.string().optional().describe('the coined post\'s id'),
          postSlug: z.string().optional(),
        }),
      }),
      attributes: z.array(z.object({ trait_type: z.string(), value: z.string() })),
    }),
  })
  .meta({ id: 'Coin' });

export const CoinHolder = z
  .object({
    walletAddress: Address,
    userId: z.string().optional().describe('the user with this wallet, when it is one'),
    balance: z.string().regex(/^[0-9]+$/).describe('tokens held, in wei'),
    avatarUrl: z.url().optional(),
  })
  .meta({ id: 'CoinHolder' });

export const CoinHolderPage = pageOf(CoinHolder).meta({ id: 'CoinHolderPage' });

export const PopularCoins = z.object({ coins: z.array(Coin) }).meta({ id: 'PopularCoins' });

export const SwapArgs = z
  .object({ commands: Hex, inputs: z.array(Hex) })
  .meta({ id: 'SwapArgs', description: 'Arguments of a swap, as hex: well-formed, but not executable on chain.' });

export const CoinQuote = z
  .object({ quote: z.string().regex(/^[0-9]+$/).describe('coins (in wei) the amount of ETH buys now') })
  .meta({ id: 'CoinQuote' });

export const CoinHoldersQuery = z.object({
  cursor: cursorParam,
  limit: limitParam(COIN_LIMITS.holdersMin, COIN_LIMITS.holdersMax, COIN_LIMITS.holdersDefault),
});

export const SwapQuery = z.object({
  walletAddress: Address.describe('the wallet that swaps'),
  amount: WeiAmount.describe('wei to swap: ETH for a buy, the coin for a sell'),
});

export const QuoteQuery = z.object({ amount: WeiAmount.describe('ETH to swap, in wei') });

export type CoinJsonT = z.infer<typeof Coin>;
export type CoinHolderJsonT = z.infer<typeof CoinHolder>;
