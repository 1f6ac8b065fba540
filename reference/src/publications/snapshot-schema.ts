/** A publication record as the store keeps it and a saved state holds it (persistence/state-schema.ts). */
import { z } from 'zod';
import { Publication } from '../../../schemas/publications.js';

const PublicationRecordSchema = Publication.extend({
  pinnedPostIds: z.array(z.string()),
  emailNotifications: z.object({ newSubscriber: z.boolean() }),
  /** Only active members may be named as post authors. */
  team: z.array(z.object({ userId: z.string(), status: z.enum(['active', 'invited', 'removed']) })),
  /** Subscriber segments; an unavailable one (deleted or not yet ready) is refused as a communityId. */
  communities: z.array(z.object({ id: z.string(), name: z.string(), available: z.boolean() })),
  plan: z.enum(['free', 'starter', 'growth', 'scale']),
  /** Whether the publication may send custom emails (POST /v1/emails/send). */
  customEmailApproved: z.boolean(),
  createdAt: z.number(),
});
export type PublicationRecord = z.output<typeof PublicationRecordSchema>;

export const PublicationsSnapshot = z.array(PublicationRecordSchema);
