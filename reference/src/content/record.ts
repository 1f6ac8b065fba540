/**
 * The stored form of a content piece: the contract between the content
 * store, its views, the bucket views and the fixtures.
 */
import type { ContentBodyT, ContentKind, ContentStatus } from '../../../schemas/content.js';

export type { ContentBodyT, ContentKind, ContentStatus };

/** A send the web app queued or is running; it locks the words of the piece. */
export interface SendRecord {
  state: 'queued' | 'in_progress';
  /** Unix ms when a queued send starts and delivers by itself; null when the web app drives it. */
  at: number | null;
}

/** Media the web app attached; never through the API, and carried over when the body is replaced. */
export interface MediaRecord {
  url: string;
  alt: string | null;
}

export interface ContentRecord {
  id: string;
  publicationId: string;
  kind: ContentKind;
  title: string;
  body: ContentBodyT;
  media: MediaRecord[];
  status: ContentStatus;
  send: SendRecord | null;
  /** Unix ms of the first delivery; kept through archive and restore (a piece delivered once stays "delivered"). */
  publishedAt: number | null;
  /** Where the first delivery went live; null for a newsletter. */
  url: string | null;
  archivedAt: number | null;
  bucketId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Delivered at least once. */
export const isDelivered = (piece: ContentRecord): boolean => piece.publishedAt !== null;
