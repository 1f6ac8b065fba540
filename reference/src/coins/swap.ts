/**
 * Quotes and swap arguments, priced by each coin's constant-product pool
 * (x * y = k) less a 1% fee. The arguments are well-formed hex in the shape
 * production answers (`commands`, `inputs`), but they name no real router
 * command: the reference is not on chain, and a transaction built from them
 * would be refused there. They encode what was asked, so a client can check
 * its own plumbing.
 */
import type { CoinRecord } from './store.js';

const FEE_NUMERATOR = 99n;
const FEE_DENOMINATOR = 100n;
/** The least a swap accepts: 1% below the quote. */
const SLIPPAGE_NUMERATOR = 99n;

/** Command bytes of the two swaps (ours). */
const BUY_COMMAND = '0x00';
const SELL_COMMAND = '0x01';

/** What `amountIn` of one side buys of the other, in a pool holding `reserveIn` and `reserveOut`. */
function swapOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const afterFee = (amountIn * FEE_NUMERATOR) / FEE_DENOMINATOR;
  return (reserveOut * afterFee) / (reserveIn + afterFee);
}

/** Coins (in wei) that `ethWei` buys now. */
export function quoteBuy(coin: CoinRecord, ethWei: bigint): bigint {
  return swapOut(ethWei, BigInt(coin.pool.ethReserve), BigInt(coin.pool.coinReserve));
}

/** ETH (in wei) that selling `coinWei` gives now. */
export function quoteSell(coin: CoinRecord, coinWei: bigint): bigint {
  return swapOut(coinWei, BigInt(coin.pool.coinReserve), BigInt(coin.pool.ethReserve));
}

const word = (value: bigint | string) => (typeof value === 'string' ? value.slice(2).toLowerCase() : value.toString(16)).padStart(64, '0');

/** One input: the coin, the wallet, the amount in and the least amount out, as four 32-byte words. */
function swapInput(coin: CoinRecord, wallet: string, amountIn: bigint, expectedOut: bigint): string {
  const minimumOut = (expectedOut * SLIPPAGE_NUMERATOR) / FEE_DENOMINATOR;
  return `0x${word(coin.contractAddress)}${word(wallet)}${word(amountIn)}${word(minimumOut)}`;
}

export function buyArgs(coin: CoinRecord, wallet: string, ethWei: bigint): { commands: string; inputs: string[] } {
  return { commands: BUY_COMMAND, inputs: [swapInput(coin, wallet, ethWei, quoteBuy(coin, ethWei))] };
}

export function sellArgs(coin: CoinRecord, wallet: string, coinWei: bigint): { commands: string; inputs: string[] } {
  return { commands: SELL_COMMAND, inputs: [swapInput(coin, wallet, coinWei, quoteSell(coin, coinWei))] };
}
