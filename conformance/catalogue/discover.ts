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
    rules: [
      ['discover.blogs.coin-id', "A publication in a search answer names its writer coin's id as coinId, null when it has none."],
      ['discover.search.matching', 'Every word of q (letters and digits, in any case) must appear in the searched fields, each within one field (a category is one); a q without a word, or no q, finds nothing ([]) in every search.'],
      [
        'discover.posts.ranking',
        'Post search finds published posts with publishOnline by title, subtitle, categories and preview, ranked by where the words matched (title, then subtitle or categories, then preview), then views, then publishedAt, newest first, then id.',
      ],
      ['discover.posts.values', "A post search hit carries the post's own values, its publication's (url: its page /@slug; logoUrl, customDomain) and its first author's id and public profile (name, bio, avatarUrl, walletAddress)."],
      ['discover.search.at-most-20', 'A search answers at most 20 results, the best first.'],
      ['discover.blogs.ranking', 'Publication search finds by name and slug, and by summary, which ranks after them; then more active subscribers first.'],
      [
        'discover.coins.matching',
        'Coin search finds writer coins only: by the start of the contract address (0x and at least two more characters, one word), which ranks first, by ticker or by publication name; then more active subscribers first.',
      ],
    ],
  },
]);
