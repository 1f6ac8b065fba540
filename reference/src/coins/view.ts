/**
 * Coins as the API answers them: production's Coin (metadata in the token
 * list style: name, symbol, decimals, logo, chain, links, extensions) and
 * the holders of a page.
 */
import type { CoinJsonT, CoinHolderJsonT } from '../../../schemas/coins.js';
import { COIN_CHAIN_ID, COIN_DECIMALS, type CoinHolder, type CoinRecord } from './store.js';

export function coinView(coin: CoinRecord): CoinJsonT {
  return {
    id: coin.id,
    contractAddress: coin.contractAddress,
    metadata: {
      name: coin.name,
      symbol: coin.symbol,
      decimals: COIN_DECIMALS,
      description: coin.description,
      image: coin.image,
      logoURI: coin.image,
      chainId: COIN_CHAIN_ID,
      external_url: coin.externalUrl,
      links: [{ name: 'Paragraph', url: coin.externalUrl }],
      tags: ['paragraph', coin.kind],
      extensions: {
        coinType: coin.kind,
        paragraph: {
          blogId: coin.publicationId,
          blogUrl: coin.blogUrl,
          authorName: coin.authorName,
          ...(coin.postId !== null ? { noteId: coin.postId } : {}),
          ...(coin.postSlug !== null ? { postSlug: coin.postSlug } : {}),
        },
      },
      attributes: [
        { trait_type: 'Type', value: coin.kind },
        { trait_type: 'Author', value: coin.authorName },
      ],
    },
  };
}

export function holderView(holder: CoinHolder): CoinHolderJsonT {
  return {
    walletAddress: holder.walletAddress,
    balance: holder.balance,
    ...(holder.userId !== null ? { userId: holder.userId } : {}),
    ...(holder.avatarUrl !== null ? { avatarUrl: holder.avatarUrl } : {}),
  };
}
