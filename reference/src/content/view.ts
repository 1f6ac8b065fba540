/**
 * A content piece as the API shows it: ISO 8601 times, the derived excerpt,
 * scheduled and lockedReason; the body only on single-piece responses.
 */
import type { ContentPieceSummaryT, ContentPieceT } from '../../../schemas/content.js';
import { iso, isoOrNull } from '../iso-time.js';
import { excerptOf } from './excerpt.js';
import { lockedReason } from './transitions.js';
import type { ContentRecord } from './record.js';


export function contentSummaryView(piece: ContentRecord): ContentPieceSummaryT {
  return {
    id: piece.id,
    kind: piece.kind,
    title: piece.title,
    excerpt: excerptOf(piece.kind, piece.body),
    status: piece.status,
    scheduled: piece.send?.state === 'queued',
    lockedReason: lockedReason(piece),
    publishedAt: isoOrNull(piece.publishedAt),
    url: piece.url,
    archivedAt: isoOrNull(piece.archivedAt),
    bucketId: piece.bucketId,
    createdAt: iso(piece.createdAt),
    updatedAt: iso(piece.updatedAt),
  };
}

export function contentView(piece: ContentRecord): ContentPieceT {
  return { ...contentSummaryView(piece), body: structuredClone(piece.body) };
}
