/**
 * HTTP for discovery search (production's discover endpoints): posts,
 * publications and writer coins. Public reads.
 */
import { parseQuery } from '../http/validate.js';
import type { RouteDef } from '../http/types.js';
import { PostSearchQuery, SearchQuery } from '../../../schemas/discover.js';
import { searchBlogs, searchCoins, searchPosts } from './search.js';

export const searchRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/discover/search',
    auth: 'none',
    handler: (ctx) => {
      const q = parseQuery(PostSearchQuery, ctx.query);
      return { json: searchPosts(ctx.state, q.q, q.blogId) };
    },
  },
  {
    method: 'GET',
    path: '/v1/discover/blogs/search',
    auth: 'none',
    handler: (ctx) => ({ json: searchBlogs(ctx.state, parseQuery(SearchQuery, ctx.query).q) }),
  },
  {
    method: 'GET',
    path: '/v1/discover/coins/search',
    auth: 'none',
    handler: (ctx) => ({ json: searchCoins(ctx.state, parseQuery(SearchQuery, ctx.query).q) }),
  },
];
