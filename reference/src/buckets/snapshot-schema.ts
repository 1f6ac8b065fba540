/** A content group record as the store keeps it and a saved state holds it (persistence/state-schema.ts). */
import { z } from 'zod';

const BucketRecordSchema = z.object({
  id: z.string().min(1),
  publicationId: z.string(),
  /** The seeding post (its own id, never a draft row's). */
  postId: z.string(),
  /** The post's title when the group was made; shown if the post is gone. */
  title: z.string(),
  createdAt: z.number(),
  /** The last change of the group itself (a member joining); members' changes are added in the view. */
  updatedAt: z.number(),
  /** Pieces in order of joining. */
  members: z.array(z.object({ contentId: z.string(), joinedAt: z.number() })),
});
export type BucketRecord = z.output<typeof BucketRecordSchema>;

export const BucketsSnapshot = z.array(BucketRecordSchema);
