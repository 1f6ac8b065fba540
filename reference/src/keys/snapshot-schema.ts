/** The key store's part of a saved state (persistence/state-schema.ts): checked before any record is used. */
import { z } from 'zod';

export const ApiKeysSnapshot = z.array(
  z.object({
    key: z.string().min(1),
    publicationId: z.string(),
    label: z.string(),
    createdAt: z.number(),
    source: z.enum(['fixture', 'auth-session', 'control']),
    revokedAt: z.number().nullable(),
  }),
);
