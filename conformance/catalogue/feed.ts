/** The curated feed. */
import { defineRules } from './types.js';

export const feedRules = defineRules([
  {
    section: 'Endpoints › Posts',
    rules: [
      ['feed.get.page', 'GET /v1/posts/feed answers a page of items {post: Post, publication: Publication, user: Author}.'],
      ['feed.get.no-auth', 'The feed needs no API key.'],
      ['feed.get.include-content', 'The feed takes includeContent; without it posts carry no markdown, json or staticHtml.'],
    ],
  },
]);
