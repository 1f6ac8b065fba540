/**
 * What the rest of the reference feeds into the analytics database.
 *
 * The analytics tables are a mirror of the reference's in-memory state: each
 * area (publications, posts, subscribers, emails, ...) turns its own domain
 * objects into these plain rows and hands them to the engine as changes
 * (upsert / delete by primary key) or as a whole snapshot on reset.
 *
 * Value conventions (the engine loads rows through jsonb_populate_recordset,
 * so these are the JSON forms PostgreSQL accepts):
 * - timestamps: ISO 8601 strings ("2024-05-01T12:00:00.000Z") or null;
 * - days: "YYYY-MM-DD";
 * - counts: non-negative integers; read_time: whole seconds;
 * - ids: the reference's own id strings, unchanged.
 * A row must carry every column (use null where the interface allows it).
 */

/** ISO 8601 timestamp with zone, e.g. "2024-05-01T12:00:00.000Z". */
export type IsoTimestamp = string;
/** Calendar day, "YYYY-MM-DD". */
export type IsoDay = string;

/** One publication. */
export interface BlogRow {
  id: string;
  name: string;
  slug: string | null;
  created_at: IsoTimestamp;
}

/**
 * One post, or one draft/version row of a post. Version rows point at the
 * published post through draft_of; metrics may be recorded against either id.
 */
export interface PostRow {
  id: string;
  blog_id: string;
  draft_of: string | null;
  title: string | null;
  subtitle: string | null;
  slug: string | null;
  status: 'draft' | 'scheduled' | 'published' | 'archived';
  categories: string[];
  send_newsletter: boolean;
  published_at: IsoTimestamp | null;
  scheduled_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** One subscriber of a publication. */
export interface SubscriberRow {
  id: string;
  blog_id: string;
  /** A subscriber has an email address, a wallet address, or both. */
  email: string | null;
  wallet: string | null;
  status: 'active' | 'unsubscribed';
  source: string | null;
  created_at: IsoTimestamp;
  unsubscribed_at: IsoTimestamp | null;
}

/** One subscriber's copy of one newsletter send (a post emailed to subscribers). */
export interface NewsletterMetricRow {
  blog_id: string;
  post_id: string;
  subscriber_id: string;
  send_status: 'queued' | 'sent' | 'delivered' | 'bounced' | 'failed';
  sent_at: IsoTimestamp | null;
  open_count: number;
  first_opened_at: IsoTimestamp | null;
  last_opened_at: IsoTimestamp | null;
  click_count_total: number;
  last_clicked_at: IsoTimestamp | null;
  is_unsubscribed: boolean;
}

/** A send as it stands before anybody opened, clicked or unsubscribed. */
export function unopenedSend(
  send: Pick<NewsletterMetricRow, 'blog_id' | 'post_id' | 'subscriber_id' | 'send_status' | 'sent_at'>,
): NewsletterMetricRow {
  return { ...send, open_count: 0, first_opened_at: null, last_opened_at: null, click_count_total: 0, last_clicked_at: null, is_unsubscribed: false };
}

/** Clicks by one subscriber on one link of one newsletter. */
export interface NewsletterLinkClickRow {
  blog_id: string;
  post_id: string;
  subscriber_id: string;
  url: string;
  click_count: number;
  first_clicked_at: IsoTimestamp;
  last_clicked_at: IsoTimestamp;
}

/** One reader's visits to one post on the web. */
export interface DetailedPostMetricRow {
  blog_id: string;
  post_id: string;
  /** Anonymous visitor id, or the subscriber id when the reader is known. */
  reader_id: string;
  subscriber_id: string | null;
  view_count: number;
  /** Total seconds spent reading. */
  read_time: number;
  /** ISO 3166-1 alpha-2 code, when known. */
  country: string | null;
  referrer: string | null;
  first_viewed_at: IsoTimestamp;
  last_viewed_at: IsoTimestamp;
}

/** Web views of one post on one UTC day. */
export interface PostViewsDailyRow {
  blog_id: string;
  post_id: string;
  day: IsoDay;
  views: number;
  unique_visitors: number;
}

/** Row type of every mirrored table, by table name. */
export interface MirrorTables {
  blogs: BlogRow;
  posts: PostRow;
  subscribers: SubscriberRow;
  newsletter_metrics: NewsletterMetricRow;
  newsletter_link_clicks: NewsletterLinkClickRow;
  detailed_post_metrics: DetailedPostMetricRow;
  post_views_daily: PostViewsDailyRow;
}

export type MirrorTableName = keyof MirrorTables;

/** Primary key columns per table: what an upsert replaces and a delete names. */
export const MIRROR_PRIMARY_KEYS = {
  blogs: ['id'],
  posts: ['id'],
  subscribers: ['id'],
  newsletter_metrics: ['post_id', 'subscriber_id'],
  newsletter_link_clicks: ['post_id', 'subscriber_id', 'url'],
  detailed_post_metrics: ['post_id', 'reader_id'],
  post_views_daily: ['post_id', 'day'],
} as const satisfies { [T in MirrorTableName]: readonly (keyof MirrorTables[T] & string)[] };

export type MirrorKey<T extends MirrorTableName> = Pick<
  MirrorTables[T],
  Extract<(typeof MIRROR_PRIMARY_KEYS)[T][number], keyof MirrorTables[T]>
>;

/** One change: insert-or-replace a row, or delete the row with this key. */
export type MirrorChange = {
  [T in MirrorTableName]:
    | { op: 'upsert'; table: T; row: MirrorTables[T] }
    | { op: 'delete'; table: T; key: MirrorKey<T> };
}[MirrorTableName];

/** The whole data set; a missing table means "no rows". */
export type MirrorSnapshot = { [T in MirrorTableName]?: MirrorTables[T][] };
