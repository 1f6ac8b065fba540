/**
 * Test data: two publications (b1, b2) with rows in every table, so that an
 * unscoped SELECT on any table or view has something to leak if scoping
 * failed. b1's post p1 has a draft/version row p1v whose metrics roll up to p1.
 */
import type { MirrorSnapshot, PostRow } from '../mirror-types.js';

const T0 = '2024-03-01T09:00:00.000Z';

function post(id: string, blog_id: string, over: Partial<PostRow> = {}): PostRow {
  return {
    id,
    blog_id,
    draft_of: null,
    title: `Title ${id}`,
    subtitle: null,
    slug: id,
    status: 'published',
    categories: [],
    send_newsletter: true,
    published_at: T0,
    scheduled_at: null,
    created_at: T0,
    updated_at: T0,
    ...over,
  };
}

export function twoBlogs(): MirrorSnapshot {
  return {
    blogs: [
      { id: 'b1', name: 'Blog One', slug: 'one', created_at: T0 },
      { id: 'b2', name: 'Blog Two', slug: 'two', created_at: T0 },
    ],
    posts: [
      post('p1', 'b1', { categories: ['news', 'long read'] }),
      post('p1v', 'b1', { draft_of: 'p1', status: 'draft', published_at: null }),
      post('p2', 'b1', { status: 'draft', published_at: null, title: null }),
      post('q1', 'b2', { title: 'Secret of b2' }),
    ],
    subscribers: [
      { id: 's1', blog_id: 'b1', email: 's1@example.com', wallet: null, status: 'active', source: 'signup', created_at: T0, unsubscribed_at: null },
      { id: 's2', blog_id: 'b1', email: 's2@example.com', wallet: null, status: 'unsubscribed', source: 'import', created_at: T0, unsubscribed_at: '2024-03-05T00:00:00.000Z' },
      { id: 't1', blog_id: 'b2', email: 't1@example.com', wallet: null, status: 'active', source: null, created_at: T0, unsubscribed_at: null },
    ],
    newsletter_metrics: [
      { blog_id: 'b1', post_id: 'p1', subscriber_id: 's1', send_status: 'delivered', sent_at: T0, open_count: 3, first_opened_at: '2024-03-01T10:00:00.000Z', last_opened_at: '2024-03-02T10:00:00.000Z', click_count_total: 2, last_clicked_at: '2024-03-02T10:05:00.000Z', is_unsubscribed: false },
      { blog_id: 'b1', post_id: 'p1v', subscriber_id: 's2', send_status: 'sent', sent_at: T0, open_count: 0, first_opened_at: null, last_opened_at: null, click_count_total: 0, last_clicked_at: null, is_unsubscribed: true },
      { blog_id: 'b2', post_id: 'q1', subscriber_id: 't1', send_status: 'delivered', sent_at: T0, open_count: 1, first_opened_at: T0, last_opened_at: T0, click_count_total: 0, last_clicked_at: null, is_unsubscribed: false },
    ],
    newsletter_link_clicks: [
      { blog_id: 'b1', post_id: 'p1', subscriber_id: 's1', url: 'https://example.com/a', click_count: 2, first_clicked_at: T0, last_clicked_at: T0 },
      { blog_id: 'b2', post_id: 'q1', subscriber_id: 't1', url: 'https://example.com/secret', click_count: 1, first_clicked_at: T0, last_clicked_at: T0 },
    ],
    detailed_post_metrics: [
      { blog_id: 'b1', post_id: 'p1', reader_id: 'r1', subscriber_id: 's1', view_count: 4, read_time: 120, country: 'DE', referrer: null, first_viewed_at: T0, last_viewed_at: T0 },
      { blog_id: 'b1', post_id: 'p1v', reader_id: 'r2', subscriber_id: null, view_count: 1, read_time: 30, country: 'FR', referrer: 'https://news.example', first_viewed_at: T0, last_viewed_at: T0 },
      { blog_id: 'b2', post_id: 'q1', reader_id: 'r9', subscriber_id: null, view_count: 7, read_time: 15, country: 'US', referrer: null, first_viewed_at: T0, last_viewed_at: T0 },
    ],
    post_views_daily: [
      { blog_id: 'b1', post_id: 'p1', day: '2024-03-01', views: 4, unique_visitors: 1 },
      { blog_id: 'b1', post_id: 'p1v', day: '2024-03-01', views: 1, unique_visitors: 1 },
      { blog_id: 'b2', post_id: 'q1', day: '2024-03-01', views: 7, unique_visitors: 1 },
    ],
  };
}
