/** Coins. */
import type { Area } from './area.js';

export const coinsAreas: readonly Area[] = [
  {
    name: 'coins',
    mutate: ['reference/src/coins/**/*.ts'],
    // Coin search reads the coins (writer coins, their symbols and addresses) and each publication's writer coin.
    filter: ['coins.', 'discover.'],
  },
];
