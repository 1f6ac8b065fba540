/**
 * Discovery: the search answers of production's OpenAPI (posts,
 * publications, writer coins), arrays ranked best first, and their queries.
 */
import { z } from 'zod';

export const SEARCH_LIMITS = {
  /** Ours: characters of `q` read at most; a longer query is 400. */
  queryMax: 200,
  /** Ours: results answered at most. */
  resultsMax: 20,
} as const;

const nullableString = z.string().nullable();

export const SearchBlog = z
  .object({
    blogId: z.string(),
    userId: z.string(),
    name: nullableString,
    url: nullableString,
    slug: nullableString,
    logoUrl: nullableString,
    coinId: nullableString.describe('the publication\'s writer coin'),
    customDomain: nullableString.optional(),
    summary: nullableString.optional(),
  })
  .meta({ id: 'SearchBlog' });

export const SearchUser = z
  .object({
    userId: z.string(),
    name: nullableString,
    bio: nullableString.optional(),
    avatarUrl: nullableString.optional(),
    walletAddress: nullableString.optional(),
  })
  .meta({ id: 'SearchUser' });

export const SearchPost = z
  .object({
    postId: z.string(),
    blogId: z.string(),
    createdAt: z.string().describe('Unix ms, as a string (like the Post\'s times)'),
    publishedAt: nullableString,
    title: nullableString,
    subtitle: nullableString,
    postPreview: nullableString,
    coverImageUrl: nullableString,
    slug: nullableString,
    coinId: nullableString,
  })
  .meta({ id: 'SearchPost' });

export const PostSearchResults = z
  .array(z.object({ post: SearchPost, blog: SearchBlog, user: SearchUser }))
  .meta({ id: 'PostSearchResults' });

export const BlogSearchResults = z
  .array(z.object({ blog: SearchBlog, user: SearchUser, activeSubscriberCount: z.number().int().min(0) }))
  .meta({ id: 'BlogSearchResults' });

export const CoinSearchResults = z
  .array(
    z.object({
      coin: z.object({ coinId: z.string(), ticker: nullableString, contractAddress: nullableString, blogId: z.string() }),
      blog: z.object({ blogId: z.string(), name: nullableString, slug: nullableString, logoUrl: nullableString }),
      activeSubscriberCount: z.number().int().min(0),
    }),
  )
  .meta({ id: 'CoinSearchResults' });

const SearchText = z
  .string()
  .max(SEARCH_LIMITS.queryMax)
  .optional()
  .describe('words to find, case-insensitive; every word must match; empty or absent finds nothing');

export const SearchQuery = z.object({ q: SearchText });
export const PostSearchQuery = z.object({ q: SearchText, blogId: z.string().max(64).optional().describe('only this publication\'s posts') });

export type SearchBlogT = z.infer<typeof SearchBlog>;
export type SearchUserT = z.infer<typeof SearchUser>;
export type PostSearchResultsT = z.infer<typeof PostSearchResults>;
export type BlogSearchResultsT = z.infer<typeof BlogSearchResults>;
export type CoinSearchResultsT = z.infer<typeof CoinSearchResults>;
