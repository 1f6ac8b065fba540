/** The curated feed. */
import { defineRules } from './types.js';

export const feedRules = defineRules([
  {
    section: 'Endpoints › Posts',
    rules: [
      ['feed.get.page', 'GET /v1/posts/feed answers a page of items {post: Post, publication: Publication, user: Author}.'],
      ['feed.get.no-auth', 'The feed needs no API key.'],
      ['feed.get.include-content', 'The feed takes includeContent; without it posts carry no markdown, json or staticHtml.'],
      [
        'feed.get.curated-only',
        'The feed lists the posts the fixtures mark as curated (published and public, from every publication): a post published through the API is not in it.',
        { source: 'SILENT.md ours' },
      ],
    ],
  },
]);
