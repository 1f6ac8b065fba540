/**
 * The stored form of a post: the contract between the post store, the
 * fixtures, and the areas that read posts (feed, buckets, newsletters,
 * analytics).
 */
import type { TiptapDoc } from '../documents/index.js';

export type PostStatus = 'published' | 'draft' | 'scheduled' | 'archived';

export interface PostRecord {
  id: string;
  publicationId: string;
  title: string;
  slug: string;
  subtitle?: string;
  /** Given, or generated from the content when absent. */
  postPreview: string;
  /** True when postPreview was given by the client; a generated one follows the content when it changes. */
  postPreviewGiven?: boolean;
  /** The TipTap document: the source of truth for staticHtml, markdown and json. */
  doc: TiptapDoc;
  /** The cover's source URL as given (never fetched); the served URL is coverImageUrl() in posts/view.ts. */
  imageUrl?: string;
  /** Id of the re-hosted cover served at /media/<id>.svg; set whenever imageUrl is. */
  coverMediaId?: string;
  imageAlt?: string;
  categories: string[];
  canonicalUrl?: string;
  publishOnline: boolean;
  communityId?: string;
  authorIds: string[];
  status: PostStatus;
  /** Unix ms of the queued first publish while status is scheduled; null otherwise. */
  scheduledAt: number | null;
  /** Whether publishing (now or at scheduledAt) sends the newsletter. */
  sendNewsletter: boolean;
  /** Unix ms of publication; kept across unpublishing. */
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
  views: number;
  coinId?: string;
  /** Chosen by the editors for the cross-publication feed (GET /v1/posts/feed). */
  curated: boolean;
}
