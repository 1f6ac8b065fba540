/**
 * Discovery search (production's OpenAPI): posts, publications, writer coins.
 */
import { BlogSearchResults, CoinSearchResults, PostSearchQuery, PostSearchResults, SearchQuery } from '../discover.js';
import { json, type Endpoint } from './endpoint.js';

const tag = 'Discover';
const MATCHING = 'Every word of q must appear (case-insensitive); an empty or absent q finds nothing; at most 20 results, best first.';

export const discoverEndpoints: Endpoint[] = [
  {
    method: 'get', path: '/v1/discover/search', tag, auth: 'none', profile: 'extended',
    summary: 'Search posts',
    description: `Published public posts of every publication (or of blogId), by title, subtitle, categories and preview; ranked by where the words matched, then views, then recency. ${MATCHING}`,
    query: PostSearchQuery,
    responses: { 200: json('the posts found', PostSearchResults) },
  },
  {
    method: 'get', path: '/v1/discover/blogs/search', tag, auth: 'none', profile: 'extended',
    summary: 'Search publications',
    description: `By name, slug and summary; ranked by where the words matched, then active subscribers. ${MATCHING}`,
    query: SearchQuery,
    responses: { 200: json('the publications found', BlogSearchResults) },
  },
  {
    method: 'get', path: '/v1/discover/coins/search', tag, auth: 'none', profile: 'extended',
    summary: 'Search writer coins',
    description: `By ticker, publication name, or the start of the contract address (at least 0x and two digits); ranked by where the words matched, then active subscribers. ${MATCHING}`,
    query: SearchQuery,
    responses: { 200: json('the coins found', CoinSearchResults) },
  },
];
