/**
 * Coins: writer coins (one per publication) and post coins (one per coined
 * post), with their holders and pools. Read-only: the fixtures mint them, and
 * nothing the API does changes them (trades happen on chain, never here).
 */
import { notFound } from '../errors.js';
import { sortByOrder, type ListOrder } from '../pagination.js';

/** Base mainnet, the chain production's coins live on. */
export const COIN_CHAIN_ID = 8453;
export const COIN_DECIMALS = 18;

export interface CoinHolder {
  walletAddress: string;
  /** The user with this wallet, when it is one. */
  userId: string | null;
  avatarUrl: string | null;
  /** Tokens held, in wei, as a decimal string. */
  balance: string;
}

export interface CoinRecord {
  id: string;
  contractAddress: string;
  kind: 'writer' | 'post';
  publicationId: string;
  /** The coined post; null for a writer coin. */
  postId: string | null;
  name: string;
  symbol: string;
  description: string;
  image: string;
  externalUrl: string;
  blogUrl: string;
  authorName: string;
  postSlug: string | null;
  createdAt: number;
  /** The pool that prices quotes: reserves in wei, decimal strings. */
  pool: { ethReserve: string; coinReserve: string };
  holders: CoinHolder[];
}

/** Holders, largest balance first, ties by wallet address. */
export const HOLDER_ORDER: ListOrder<CoinHolder> = {
  key: (h) => [h.balance.padStart(80, '0'), h.walletAddress.toLowerCase()],
  descending: [true, false],
};

export class CoinStore {
  private byId = new Map<string, CoinRecord>();
  /** Lowercased contract address -> coin: an address is the same in any letter case. */
  private byContract = new Map<string, CoinRecord>();
  private writerCoins = new Map<string, CoinRecord>();
  private sortedHolders = new Map<string, CoinHolder[]>();

  constructor(records: readonly CoinRecord[]) {
    for (const record of records) {
      this.byId.set(record.id, record);
      this.byContract.set(record.contractAddress.toLowerCase(), record);
      if (record.kind === 'writer') this.writerCoins.set(record.publicationId, record);
      this.sortedHolders.set(record.id, sortByOrder([...record.holders], HOLDER_ORDER));
    }
  }

  all(): CoinRecord[] {
    return [...this.byId.values()];
  }

  require(id: string): CoinRecord {
    const coin = this.byId.get(id);
    if (!coin) throw notFound(`no coin with id ${id}`);
    return coin;
  }

  requireByContract(contractAddress: string): CoinRecord {
    const coin = this.byContract.get(contractAddress.toLowerCase());
    if (!coin) throw notFound(`no coin with contract address ${contractAddress}`);
    return coin;
  }

  /** The publication's writer coin, if it has one. */
  writerCoinOf(publicationId: string): CoinRecord | undefined {
    return this.writerCoins.get(publicationId);
  }

  /** The coin's holders in HOLDER_ORDER. */
  holders(coin: CoinRecord): readonly CoinHolder[] {
    return this.sortedHolders.get(coin.id) ?? [];
  }

  /** Most holders first, ties by newest, then id. */
  popular(limit: number): CoinRecord[] {
    return this.all()
      .sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }
}
