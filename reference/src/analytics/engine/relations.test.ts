// What a query may read: the relations SILENT.md and docs/spec-gaps-analytics.md
// name ("Tables and columns"), and nothing else (the guard refuses the rest).
import { describe, expect, it } from 'vitest';
import { ANALYTICS_RELATIONS } from './relations.js';

describe('ANALYTICS_RELATIONS', () => {
  it('is the seven tables and the three views', () => {
    expect([...ANALYTICS_RELATIONS].sort()).toEqual(
      [
        'blogs', 'posts', 'subscribers', 'newsletter_metrics', 'newsletter_link_clicks', 'detailed_post_metrics', 'post_views_daily',
        'post_analytics_summary', 'subscriber_engagement_scores', 'blog_subscriber_counts',
      ].sort(),
    );
  });
});
