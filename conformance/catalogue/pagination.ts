/** The pagination envelope and the page sizes of every list. */
import { defineRules } from './types.js';

export const paginationRules = defineRules([
  {
    section: 'Resources › Pagination envelope',
    rules: [
      ['pagination.envelope.shape', 'List responses are {items: [...], pagination: {cursor: string, hasMore: boolean, total: integer}}.'],
      ['pagination.cursor.next-page', 'Passing back cursor answers the next page: no item repeated, none skipped.'],
      ['pagination.has-more.last-page', 'hasMore is true while more items follow and false on the last page.'],
      ['pagination.total.count', 'total is the number of items in the whole list.'],
      ['pagination.limit.honoured', 'A page holds at most limit items.'],
      ['pagination.cursor.opaque', 'Cursors are opaque strings.', { source: 'SILENT.md public' }],
    ],
  },
  {
    section: 'Limits',
    rules: [
      ['pagination.limit.posts', '/v1/posts takes limit 1..100, default 10.'],
      ['pagination.limit.publication-posts', '/v1/publications/{id}/posts takes limit 1..100, default 10.'],
      ['pagination.limit.feed', '/v1/posts/feed takes limit 1..60, default 20.'],
      ['pagination.limit.content', '/v1/content takes limit 1..50, default 20.'],
      ['pagination.limit.buckets', '/v1/buckets takes limit 1..50, default 20.'],
      ['pagination.limit.subscribers', 'GET /v1/subscribers takes limit 1..100, default 10.', { source: 'SILENT.md public', profile: 'extended' }],
    ],
  },
  {
    section: 'SILENT.md › Identifiers and cursors',
    source: 'SILENT.md ours',
    rules: [
      [
        'pagination.cursor.position-based',
        'A cursor encodes the position of the last item returned, so page boundaries stay correct when items are added or removed meanwhile.',
      ],
      ['pagination.cursor.tampered-400', 'A tampered or foreign cursor answers 400.'],
      ['pagination.cursor.empty-when-done', 'The cursor is empty when there is no next page.'],
      ['pagination.limit.out-of-range-400', 'A limit outside its range (or not an integer) answers 400 rather than being clamped.'],
      ['pagination.limit.repeated-first-value', 'A query parameter given twice counts once, with its first value: ?limit=1&limit=5 answers a page of one item.'],
      [
        'pagination.order.posts',
        "Post lists keep the reference's order: published posts newest publishedAt first, drafts and archived posts latest updatedAt first, scheduled posts next to go out first; ties by id ascending.",
        { section: 'Resources › Pagination envelope' },
      ],
    ],
  },
]);
