/** A key record as the store keeps it and a saved state holds it (persistence/state-schema.ts): checked before any record is used. */
import { z } from 'zod';

const ApiKeyRecordSchema = z.object({
  key: z.string().min(1),
  publicationId: z.string(),
  label: z.string(),
  createdAt: z.number(),
  /** Where the key came from: the fixtures, an approved auth session, the control API. */
  source: z.enum(['fixture', 'auth-session', 'control']),
  revokedAt: z.number().nullable(),
});
export type ApiKeyRecord = z.output<typeof ApiKeyRecordSchema>;

export const ApiKeysSnapshot = z.array(ApiKeyRecordSchema);
