/**
 * Discovery search over the live state: published public posts,
 * publications and writer coins. Every word of the query must appear
 * (case-insensitive, anywhere in a field); results are ranked by where the
 * words matched, then by popularity, then by recency, best first.
 */
import type { PostSearchResultsT, BlogSearchResultsT, CoinSearchResultsT, SearchBlogT, SearchUserT } from '../../../schemas/discover.js';
import { SEARCH_LIMITS } from '../../../schemas/discover.js';
import type { State } from '../state.js';
import type { PublicationRecord } from '../publications/store.js';
import type { PostRecord } from '../posts/record.js';
import { coverImageUrl } from '../posts/view.js';
import { publicationSiteUrl } from '../site-url.js';

/** The query's words, lower-cased; none for an empty or absent query. */
export function queryWords(q: string | undefined): string[] {
  return (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * How well `fields` (each with its weight) match every word: the sum, over
 * the words, of the best weight of a field containing it; 0 when a word is
 * found nowhere.
 */
export function matchScore(words: readonly string[], fields: ReadonlyArray<[text: string | undefined | null, weight: number]>): number {
  if (words.length === 0) return 0;
  const lowered = fields.map(([text, weight]) => [(text ?? '').toLowerCase(), weight] as const);
  let score = 0;
  for (const word of words) {
    let best = 0;
    for (const [text, weight] of lowered) if (weight > best && text.includes(word)) best = weight;
    if (best === 0) return 0;
    score += best;
  }
  return score;
}

/** The best `limit` of the scored items: score, then each tie-breaker in turn. */
function best<T>(scored: Array<{ item: T; score: number; ties: (number | string)[] }>, limit: number): T[] {
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => {
      if (a.score !== b.score) return b.score - a.score;
      for (let i = 0; i < a.ties.length; i++) {
        const [x, y] = [a.ties[i], b.ties[i]];
        if (x !== y) return typeof x === 'number' && typeof y === 'number' ? y - x : x < y ? -1 : 1;
      }
      return 0;
    })
    .slice(0, limit)
    .map((s) => s.item);
}

function blogOf(state: State, publication: PublicationRecord): SearchBlogT {
  return {
    blogId: publication.id,
    userId: publication.ownerUserId,
    name: publication.name,
    url: publicationSiteUrl(publication.slug),
    slug: publication.slug,
    logoUrl: publication.logoUrl ?? null,
    coinId: state.coins.writerCoinOf(publication.id)?.id ?? null,
    customDomain: publication.customDomain ?? null,
    summary: publication.summary ?? null,
  };
}

function userOf(state: State, userId: string): SearchUserT {
  const user = state.users.get(userId);
  return {
    userId,
    name: user?.name ?? null,
    bio: user?.bio ?? null,
    avatarUrl: user?.avatarUrl ?? null,
    walletAddress: user?.walletAddress ?? null,
  };
}

const searchable = (post: PostRecord) => post.status === 'published' && post.publishOnline;

export function searchPosts(state: State, q: string | undefined, blogId: string | undefined): PostSearchResultsT {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const scored = state.posts
    .all()
    .filter((post) => searchable(post) && (blogId === undefined || post.publicationId === blogId))
    .map((post) => ({
      item: post,
      score: matchScore(words, [
        [post.title, 3],
        [post.subtitle, 2],
        [post.categories.join(' '), 2],
        [post.postPreview, 1],
      ]),
      ties: [post.views, post.publishedAt ?? 0, post.id],
    }));
  return best(scored, SEARCH_LIMITS.resultsMax).map((post) => ({
    post: {
      postId: post.id,
      blogId: post.publicationId,
      createdAt: String(post.createdAt),
      publishedAt: post.publishedAt === null ? null : String(post.publishedAt),
      title: post.title,
      subtitle: post.subtitle ?? null,
      postPreview: post.postPreview,
      coverImageUrl: coverImageUrl(post, state.baseUrl()) ?? null,
      slug: post.slug,
      coinId: post.coinId ?? null,
    },
    blog: blogOf(state, state.publications.require(post.publicationId)),
    user: userOf(state, post.authorIds[0]),
  }));
}

export function searchBlogs(state: State, q: string | undefined): BlogSearchResultsT {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const scored = state.publications.all().map((publication) => ({
    item: publication,
    score: matchScore(words, [
      [publication.name, 3],
      [publication.slug, 3],
      [publication.summary, 1],
    ]),
    ties: [state.subscribers.count(publication.id), publication.id],
  }));
  return best(scored, SEARCH_LIMITS.resultsMax).map((publication) => ({
    blog: blogOf(state, publication),
    user: userOf(state, publication.ownerUserId),
    activeSubscriberCount: state.subscribers.count(publication.id),
  }));
}

/** Writer coins, by ticker, contract address (the whole address or its start) or publication name. */
export function searchCoins(state: State, q: string | undefined): CoinSearchResultsT {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const scored = state.coins
    .all()
    .filter((coin) => coin.kind === 'writer')
    .map((coin) => {
      const publication = state.publications.require(coin.publicationId);
      const address = coin.contractAddress.toLowerCase();
      const byAddress = words.length === 1 && words[0].startsWith('0x') && words[0].length >= 4 && address.startsWith(words[0]);
      return {
        item: { coin, publication },
        score: byAddress ? 10 : matchScore(words, [[coin.symbol, 3], [publication.name, 2]]),
        ties: [state.subscribers.count(publication.id), coin.id],
      };
    });
  return best(scored, SEARCH_LIMITS.resultsMax).map(({ coin, publication }) => ({
    coin: { coinId: coin.id, ticker: coin.symbol, contractAddress: coin.contractAddress, blogId: publication.id },
    blog: { blogId: publication.id, name: publication.name, slug: publication.slug, logoUrl: publication.logoUrl ?? null },
    activeSubscriberCount: state.subscribers.count(publication.id),
  }));
}
