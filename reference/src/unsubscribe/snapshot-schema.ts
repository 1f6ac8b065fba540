/** The unsubscribe tokens' part of a saved state (persistence/state-schema.ts). */
import { z } from 'zod';

export const TokensSnapshot = z.object({
  secret: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits'),
  issued: z.array(z.object({ token: z.string().min(1), purpose: z.enum(['subscriber', 'owner']), publicationId: z.string(), email: z.string() })),
});
