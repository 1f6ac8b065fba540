/** A post record as the store keeps it and a saved state holds it (persistence/state-schema.ts); record.ts gives it its type. */
import { z } from 'zod';

const optionalString = z.string().optional();

export const PostRecordSchema = z.object({
  id: z.string().min(1),
  publicationId: z.string(),
  title: z.string(),
  slug: z.string(),
  subtitle: optionalString,
  /** Given, or generated from the content when absent. */
  postPreview: z.string(),
  /** True when postPreview was given by the client; a generated one follows the content when it changes. */
  postPreviewGiven: z.boolean().optional(),
  // A TipTap document in ProseMirror's JSON form (the source of truth for staticHtml, markdown and json); its nodes are read by the document code.
  doc: z.looseObject({ type: z.literal('doc') }),
  /** The cover's source URL as given (never fetched); the served URL is coverImageUrl() in posts/view.ts. */
  imageUrl: optionalString,
  /** Id of the re-hosted cover served at /media/<id>.svg; set whenever imageUrl is. */
  coverMediaId: optionalString,
  imageAlt: optionalString,
  categories: z.array(z.string()),
  canonicalUrl: optionalString,
  publishOnline: z.boolean(),
  communityId: optionalString,
  authorIds: z.array(z.string()),
  status: z.enum(['published', 'draft', 'scheduled', 'archived']),
  /** Unix ms of the queued first publish while status is scheduled; null otherwise. */
  scheduledAt: z.number().nullable(),
  /** Whether publishing (now or at scheduledAt) sends the newsletter. */
  sendNewsletter: z.boolean(),
  /** Unix ms of publication; kept across unpublishing. */
  publishedAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  views: z.number(),
  coinId: optionalString,
  /** Chosen by the editors for the cross-publication feed (GET /v1/posts/feed). */
  curated: z.boolean(),
});

export const PostsSnapshot = z.array(PostRecordSchema);
