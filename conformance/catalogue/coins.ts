/** Coins: production's coin endpoints (writer and post coins, holders, quotes, swap arguments). */
import { defineRules } from './types.js';

export const coinRules = defineRules([
  {
    section: 'Production OpenAPI › Coins',
    source: 'production OpenAPI',
    profile: 'extended',
    rules: [
      ['coins.get.both-ways', 'GET /v1/coins/{id} and GET /v1/coins/contract/{contractAddress} answer the same Coin; an unknown coin is 404.'],
      ['coins.holders.page', "A coin's holders (by id or contract address) page with cursor and limit 1..100, default 10; items {walletAddress, balance, userId?, avatarUrl?}."],
      ['coins.quote.get', 'GET /v1/coins/quote/{id} (or by contract) with amount in wei answers {quote}, the coins that amount of ETH buys.'],
      ['coins.swap-args.get', 'GET /v1/coins/buy/{id} and /v1/coins/sell/{id} (or by contract) with walletAddress and amount answer {commands, inputs} as hex.'],
      ['coins.post.coin-id', "A coined post's coinId is the id of its coin."],
    ],
  },
  {
    section: 'Production OpenAPI › Coins',
    source: 'SILENT.md ours',
    rules: [['coins.refusals.400', 'A contract address, walletAddress or amount that breaks its documented pattern (or an amount of 0 or over 256 bits) is refused with 400.']],
  },
]);
