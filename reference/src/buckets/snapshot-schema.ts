/** The content-group store's part of a saved state (persistence/state-schema.ts). */
import { z } from 'zod';

export const BucketsSnapshot = z.array(
  z.object({
    id: z.string().min(1),
    publicationId: z.string(),
    postId: z.string(),
    title: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
    members: z.array(z.object({ contentId: z.string(), joinedAt: z.number() })),
  }),
);
