/** Discovery search: production's search endpoints for posts, publications and writer coins. */
import { defineRules } from './types.js';

export const discoverRules = defineRules([
  {
    section: 'Production OpenAPI › Discover',
    source: 'production OpenAPI',
    profile: 'extended',
    rules: [
      ['discover.posts.search', 'GET /v1/discover/search?q= answers an array of {post, blog, user} for published posts (blogId restricts it to one publication); drafts are never found.'],
      ['discover.blogs.search', 'GET /v1/discover/blogs/search?q= answers an array of {blog, user, activeSubscriberCount}; a publication is found by its name.'],
      ['discover.coins.search', 'GET /v1/discover/coins/search?q= answers an array of {coin, blog, activeSubscriberCount}; a writer coin is found by its ticker.'],
    ],
  },
  {
    section: 'Production OpenAPI › Discover',
    source: 'SILENT.md ours',
    rules: [['discover.blogs.coin-id', "A publication in a search answer names its writer coin's id as coinId, null when it has none."]],
  },
]);
