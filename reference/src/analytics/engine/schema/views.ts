/**
 * The analytics views, computed by SQL from the tables.
 *
 * Every view is created WITH (security_invoker = true): by default a view
 * reads its tables with the view owner's rights, and the owner (the engine's
 * privileged role) bypasses row-level security, so a plain view would show
 * every publication's rows. With security_invoker the tables are read as the
 * querying role and their RLS policies apply inside the view.
 *
 * Roll-up rule (SPEC: "join through posts.draft_of"): metrics recorded against
 * a draft/version row count for the post it is a version of,
 * COALESCE(posts.draft_of, posts.id).
 *
 * A view may read the current time (now(), CURRENT_DATE, ...): ddl.ts
 * rewrites its SQL as the guard rewrites a query's, so it answers the
 * reference clock of the query that reads it (clock.ts).
 */

/** Emails that reached the subscriber (queued, bounced and failed did not). */
const RECEIVED = "m.send_status IN ('sent', 'delivered')";

export interface ViewDef {
  name: string;
  /** What one row is (becomes COMMENT ON VIEW). */
  comment: string;
  sql: string;
}

export const VIEWS: ViewDef[] = [
  {
    name: 'post_analytics_summary',
    comment:
      'One row per published post: newsletter and web metrics of the post and of its draft/version rows. ' +
      'Rates are fractions (0..1) of newsletter_sent, null when nothing was sent; avg_read_time is in seconds; ' +
      'top_countries lists up to five country codes by views.',
    sql: `
WITH roots AS (
  SELECT p.id AS post_id, COALESCE(p.draft_of, p.id) AS root_id FROM analytics.posts p
),
newsletter AS (
  SELECT r.root_id,
         count(DISTINCT m.subscriber_id) FILTER (WHERE ${RECEIVED}) AS sent,
         count(DISTINCT m.subscriber_id) FILTER (WHERE m.open_count > 0) AS unique_opens,
         count(DISTINCT m.subscriber_id) FILTER (WHERE m.click_count_total > 0) AS unique_clicks,
         count(DISTINCT m.subscriber_id) FILTER (WHERE m.is_unsubscribed) AS unsubscribes
  FROM analytics.newsletter_metrics m JOIN roots r ON r.post_id = m.post_id
  GROUP BY r.root_id
),
daily AS (
  SELECT r.root_id, sum(d.views) AS total_views
  FROM analytics.post_views_daily d JOIN roots r ON r.post_id = d.post_id
  GROUP BY r.root_id
),
readers AS (
  SELECT r.root_id, count(DISTINCT dm.reader_id) AS unique_viewers, avg(dm.read_time) AS avg_read_time
  FROM analytics.detailed_post_metrics dm JOIN roots r ON r.post_id = dm.post_id
  GROUP BY r.root_id
),
countries AS (
  SELECT c.root_id, (array_agg(c.country ORDER BY c.views DESC, c.country))[1:5] AS top_countries
  FROM (
    SELECT r.root_id, dm.country, sum(dm.view_count) AS views
    FROM analytics.detailed_post_metrics dm JOIN roots r ON r.post_id = dm.post_id
    WHERE dm.country IS NOT NULL
    GROUP BY r.root_id, dm.country
  ) c
  GROUP BY c.root_id
)
SELECT p.id AS post_id,
       p.blog_id,
       p.title,
       p.slug,
       p.published_at,
       COALESCE(n.sent, 0)::integer AS newsletter_sent,
       COALESCE(n.unique_opens, 0)::integer AS newsletter_unique_opens,
       COALESCE(n.unique_clicks, 0)::integer AS newsletter_unique_clicks,
       COALESCE(n.unsubscribes, 0)::integer AS newsletter_unsubscribes,
       CASE WHEN n.sent > 0 THEN round(n.unique_opens::numeric / n.sent, 4) END AS open_rate,
       CASE WHEN n.sent > 0 THEN round(n.unique_clicks::numeric / n.sent, 4) END AS ctr,
       COALESCE(d.total_views, 0)::bigint AS total_views,
       COALESCE(rd.unique_viewers, 0)::integer AS unique_viewers,
       round(rd.avg_read_time, 1) AS avg_read_time,
       COALESCE(c.top_countries, '{}'::text[]) AS top_countries
FROM analytics.posts p
LEFT JOIN newsletter n ON n.root_id = p.id
LEFT JOIN daily d ON d.root_id = p.id
LEFT JOIN readers rd ON rd.root_id = p.id
LEFT JOIN countries c ON c.root_id = p.id
WHERE p.status = 'published' AND p.draft_of IS NULL`,
  },
  {
    name: 'subscriber_engagement_scores',
    comment:
      'One row per subscriber: newsletter engagement. engagement_score (0..1) = 0.7 x share of received emails ' +
      'opened + 0.3 x share clicked, capped at 1; 0 when nothing was received.',
    sql: `
SELECT s.id AS subscriber_id,
       s.blog_id,
       s.email,
       s.status,
       COALESCE(e.emails_received, 0)::integer AS emails_received,
       COALESCE(e.emails_opened, 0)::integer AS emails_opened,
       COALESCE(e.total_clicks, 0)::bigint AS total_clicks,
       e.last_engaged_at,
       CASE WHEN COALESCE(e.emails_received, 0) = 0 THEN 0::numeric
            ELSE round(least(1, (0.7 * e.emails_opened + 0.3 * e.emails_clicked) / e.emails_received), 4)
       END AS engagement_score
FROM analytics.subscribers s
LEFT JOIN (
  SELECT m.subscriber_id,
         count(*) FILTER (WHERE ${RECEIVED}) AS emails_received,
         count(*) FILTER (WHERE m.open_count > 0) AS emails_opened,
         count(*) FILTER (WHERE m.click_count_total > 0) AS emails_clicked,
         sum(m.click_count_total) AS total_clicks,
         max(GREATEST(m.first_opened_at, m.last_opened_at, m.last_clicked_at)) AS last_engaged_at
  FROM analytics.newsletter_metrics m
  GROUP BY m.subscriber_id
) e ON e.subscriber_id = s.id`,
  },
  {
    name: 'blog_subscriber_counts',
    comment:
      "A single row: the publication's subscriber counts (an aggregate without GROUP BY, so there is a row even " +
      'with no subscribers; blog_id is null if the publication row is not mirrored yet).',
    sql: `
SELECT (SELECT b.id FROM analytics.blogs b ORDER BY b.id LIMIT 1) AS blog_id,
       (count(*) FILTER (WHERE s.status = 'active'))::integer AS active_subscriber_count,
       (count(*) FILTER (WHERE s.status = 'unsubscribed'))::integer AS unsubscribed_subscriber_count,
       count(*)::integer AS total_subscriber_count
FROM analytics.subscribers s`,
  },
];

export const VIEW_NAMES = VIEWS.map((v) => v.name);
