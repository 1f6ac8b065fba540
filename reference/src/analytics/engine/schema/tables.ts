/**
 * The analytics tables, defined once: the DDL, the loaders and the checks on
 * fed rows are all generated from this list, and the compiler keeps it in
 * step with the row interfaces of mirror-types.ts (a column missing here, an
 * extra one, or a nullability that disagrees is a type error).
 *
 * Publicly named columns (SILENT.md) keep their public names; the rest are
 * ours, in the same snake_case style. Every post-scoped table carries blog_id
 * so that row-level security can scope it without a join.
 */
import { MIRROR_PRIMARY_KEYS, type MirrorTableName, type MirrorTables } from '../mirror-types.js';

/** A column's SQL type; nullable must be true exactly when the row type allows null. */
type ColumnSpec<V> = { type: string; references?: string } & (null extends V ? { nullable: true } : { nullable?: false });

export interface TableDef<R> {
  /** What one row is (becomes COMMENT ON TABLE). */
  comment: string;
  primaryKey: readonly (keyof R & string)[];
  /** In column order. */
  columns: { [K in keyof R]-?: ColumnSpec<R[K]> };
  /** Extra indexes (column lists) beyond the primary key. */
  indexes?: readonly (readonly (keyof R & string)[])[];
}

type Tables = { [T in MirrorTableName]: TableDef<MirrorTables[T]> };

const ts = 'timestamptz';

/** In creation order (referenced tables first). */
export const TABLES: Tables = {
  blogs: {
    comment: 'One row per publication.',
    primaryKey: MIRROR_PRIMARY_KEYS.blogs,
    columns: {
      id: { type: 'text' },
      name: { type: 'text' },
      slug: { type: 'text', nullable: true },
      created_at: { type: ts },
    },
  },
  posts: {
    comment:
      'One row per post, or per draft/version row of a post; version rows point at the published post through draft_of.',
    primaryKey: MIRROR_PRIMARY_KEYS.posts,
    columns: {
      id: { type: 'text' },
      blog_id: { type: 'text', references: 'blogs(id)' },
      draft_of: { type: 'text', nullable: true, references: 'posts(id)' },
      title: { type: 'text', nullable: true },
      subtitle: { type: 'text', nullable: true },
      slug: { type: 'text', nullable: true },
      status: { type: 'text' },
      categories: { type: 'text[]' },
      send_newsletter: { type: 'boolean' },
      published_at: { type: ts, nullable: true },
      scheduled_at: { type: ts, nullable: true },
      created_at: { type: ts },
      updated_at: { type: ts },
    },
    indexes: [['blog_id'], ['draft_of']],
  },
  subscribers: {
    comment: 'One row per subscriber of a publication.',
    primaryKey: MIRROR_PRIMARY_KEYS.subscribers,
    columns: {
      id: { type: 'text' },
      blog_id: { type: 'text', references: 'blogs(id)' },
      email: { type: 'text', nullable: true },
      wallet: { type: 'text', nullable: true },
      status: { type: 'text' },
      source: { type: 'text', nullable: true },
      created_at: { type: ts },
      unsubscribed_at: { type: ts, nullable: true },
    },
    indexes: [['blog_id']],
  },
  newsletter_metrics: {
    comment: "One row per subscriber per newsletter send: one subscriber's copy of a post sent by email.",
    primaryKey: MIRROR_PRIMARY_KEYS.newsletter_metrics,
    columns: {
      blog_id: { type: 'text', references: 'blogs(id)' },
      post_id: { type: 'text', references: 'posts(id)' },
      subscriber_id: { type: 'text', references: 'subscribers(id)' },
      send_status: { type: 'text' },
      sent_at: { type: ts, nullable: true },
      open_count: { type: 'integer' },
      first_opened_at: { type: ts, nullable: true },
      last_opened_at: { type: ts, nullable: true },
      click_count_total: { type: 'integer' },
      last_clicked_at: { type: ts, nullable: true },
      is_unsubscribed: { type: 'boolean' },
    },
    indexes: [['blog_id'], ['subscriber_id']],
  },
  newsletter_link_clicks: {
    comment: 'One row per link per subscriber per newsletter (post): the clicks of one subscriber on one link.',
    primaryKey: MIRROR_PRIMARY_KEYS.newsletter_link_clicks,
    columns: {
      blog_id: { type: 'text', references: 'blogs(id)' },
      post_id: { type: 'text', references: 'posts(id)' },
      subscriber_id: { type: 'text', references: 'subscribers(id)' },
      url: { type: 'text' },
      click_count: { type: 'integer' },
      first_clicked_at: { type: ts },
      last_clicked_at: { type: ts },
    },
    indexes: [['blog_id']],
  },
  detailed_post_metrics: {
    comment: "One row per reader per post: one reader's web visits to a post (read_time in seconds).",
    primaryKey: MIRROR_PRIMARY_KEYS.detailed_post_metrics,
    columns: {
      blog_id: { type: 'text', references: 'blogs(id)' },
      post_id: { type: 'text', references: 'posts(id)' },
      reader_id: { type: 'text' },
      subscriber_id: { type: 'text', nullable: true, references: 'subscribers(id)' },
      view_count: { type: 'integer' },
      read_time: { type: 'integer' },
      country: { type: 'text', nullable: true },
      referrer: { type: 'text', nullable: true },
      first_viewed_at: { type: ts },
      last_viewed_at: { type: ts },
    },
    indexes: [['blog_id']],
  },
  post_views_daily: {
    comment: 'One row per post per UTC day: web views of the post that day.',
    primaryKey: MIRROR_PRIMARY_KEYS.post_views_daily,
    columns: {
      blog_id: { type: 'text', references: 'blogs(id)' },
      post_id: { type: 'text', references: 'posts(id)' },
      day: { type: 'date' },
      views: { type: 'integer' },
      unique_visitors: { type: 'integer' },
    },
    indexes: [['blog_id']],
  },
};

export const TABLE_NAMES = Object.keys(TABLES) as MirrorTableName[];

export function columnNames(table: MirrorTableName): string[] {
  return Object.keys(TABLES[table].columns);
}

/** The column that names the publication a row belongs to (what RLS compares). */
export function scopeColumn(table: MirrorTableName): string {
  return table === 'blogs' ? 'id' : 'blog_id';
}
