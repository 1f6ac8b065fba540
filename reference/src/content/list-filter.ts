/**
 * The list views of GET /v1/content (SPEC.md rule 1) and the order of the
 * list: newest activity first, meaning updatedAt descending, ties by id.
 */
import type { ContentStatusFilter } from '../../../schemas/content.js';
import type { ListOrder } from '../pagination.js';
import { isDelivered, type ContentRecord } from './record.js';

export const STATUS_FILTERS: Record<ContentStatusFilter, (piece: ContentRecord) => boolean> = {
  // Drafts plus delivered pieces; a delivered piece stays listed after archiving.
  all: (p) => p.status !== 'archived' || isDelivered(p),
  draft: (p) => p.status === 'draft',
  published: (p) => p.status === 'published',
  // Archived and never delivered: what the writer can still bring back from the bin.
  archived: (p) => p.status === 'archived' && !isDelivered(p),
};

export const CONTENT_ORDER: ListOrder<ContentRecord> = {
  key: (p) => [p.updatedAt, p.id],
  descending: [true, false],
};
