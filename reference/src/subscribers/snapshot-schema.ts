/** The subscriber and suppression stores' parts of a saved state (persistence/state-schema.ts). */
import { z } from 'zod';
import { SUBSCRIBER_SOURCES } from './store.js';

export const SubscribersSnapshot = z.object({
  seq: z.number().int().min(0),
  records: z.array(
    z.object({
      id: z.string().min(1),
      publicationId: z.string(),
      email: z.string().nullable(),
      wallet: z.string().nullable(),
      createdAt: z.number(),
      source: z.enum(SUBSCRIBER_SOURCES),
      tier: z.literal('free'),
    }),
  ),
});

export const SuppressionsSnapshot = z.array(z.object({ publicationId: z.string(), email: z.string(), suppressedAt: z.number() }));
