/** The content, suggestion and content-group stores' parts of a saved state (persistence/state-schema.ts). */
import { z } from 'zod';
import { CONTENT_KINDS, CONTENT_STATUSES } from '../../../schemas/content.js';

export const ContentSnapshot = z.array(
  z.object({
    id: z.string().min(1),
    publicationId: z.string(),
    kind: z.enum(CONTENT_KINDS),
    title: z.string(),
    // The artifact in its kind's shape; read by the content code, which checked it when it was written.
    body: z.record(z.string(), z.unknown()),
    media: z.array(z.object({ url: z.string(), alt: z.string().nullable() })),
    status: z.enum(CONTENT_STATUSES),
    send: z.object({ state: z.enum(['queued', 'in_progress']), at: z.number().nullable() }).nullable(),
    publishedAt: z.number().nullable(),
    url: z.string().nullable(),
    archivedAt: z.number().nullable(),
    bucketId: z.string().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);

export const SuggestionsSnapshot = z.array(
  z.object({
    id: z.string().min(1),
    publicationId: z.string(),
    contentId: z.string(),
    text: z.string(),
    status: z.enum(['open', 'dismissed']),
    createdAt: z.number(),
    dismissedAt: z.number().nullable(),
  }),
);
