/** The post store's part of a saved state (persistence/state-schema.ts). */
import { z } from 'zod';

const optionalString = z.string().optional();

export const PostsSnapshot = z.array(
  z.object({
    id: z.string().min(1),
    publicationId: z.string(),
    title: z.string(),
    slug: z.string(),
    subtitle: optionalString,
    postPreview: z.string(),
    postPreviewGiven: z.boolean().optional(),
    // A TipTap document in ProseMirror's JSON form; its nodes are read by the document code.
    doc: z.looseObject({ type: z.literal('doc') }),
    imageUrl: optionalString,
    coverMediaId: optionalString,
    imageAlt: optionalString,
    categories: z.array(z.string()),
    canonicalUrl: optionalString,
    publishOnline: z.boolean(),
    communityId: optionalString,
    authorIds: z.array(z.string()),
    status: z.enum(['published', 'draft', 'scheduled', 'archived']),
    scheduledAt: z.number().nullable(),
    sendNewsletter: z.boolean(),
    publishedAt: z.number().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
    views: z.number(),
    coinId: optionalString,
    curated: z.boolean(),
  }),
);
