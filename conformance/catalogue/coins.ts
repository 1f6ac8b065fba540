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
    rules: [
      ['coins.refusals.400', 'A contract address, walletAddress or amount that breaks its documented pattern (or an amount of 0 or over 256 bits) is refused with 400.'],
      [
        'coins.metadata.values',
        'A Coin\'s metadata: decimals 18, chainId 8453 (Base), logoURI the image, one link {name: "Paragraph", url: external_url}, tags ["paragraph", coinType], attributes Type (coinType) and Author (authorName); coinType writer or post; a post coin names its post (noteId, postSlug), a writer coin none.',
      ],
      ['coins.holders.order', "A coin's holders are listed largest balance first, ties by wallet address."],
      ['coins.holders.users', "A holder whose wallet is a user's carries that user's userId and avatarUrl; a publication's owner holds its writer coin."],
      ['coins.quote.pricing', "Quotes (and sells) are priced by the coin's constant-product pool (x·y = k) less a 1% fee; the pool never moves."],
      [
        'coins.swap-args.contents',
        'commands is 0x00 for a buy and 0x01 for a sell; inputs is one string of four 32-byte words in lower-case hex: the contract address, the wallet, the amount and the least amount out (1% under the quote).',
      ],
      ['coins.popular.every-coin', 'GET /v1/coins/list/popular answers every coin (at most 20), most holders first, then newest, then id.'],
    ],
  },
]);
