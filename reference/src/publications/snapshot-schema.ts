/** The publication store's part of a saved state (persistence/state-schema.ts). */
import { z } from 'zod';
import { Publication } from '../../../schemas/publications.js';

export const PublicationsSnapshot = z.array(
  Publication.extend({
    pinnedPostIds: z.array(z.string()),
    emailNotifications: z.object({ newSubscriber: z.boolean() }),
    team: z.array(z.object({ userId: z.string(), status: z.enum(['active', 'invited', 'removed']) })),
    communities: z.array(z.object({ id: z.string(), name: z.string(), available: z.boolean() })),
    plan: z.enum(['free', 'starter', 'growth', 'scale']),
    customEmailApproved: z.boolean(),
    createdAt: z.number(),
  }),
);
