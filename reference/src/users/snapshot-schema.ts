/** A user record as the store keeps it and a saved state holds it (persistence/state-schema.ts). */
import { z } from 'zod';

const UserRecordSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** The account's email; the owner's address for test newsletters and notifications. Null when none is set. */
  email: z.string().nullable(),
  walletAddress: z.string(),
  avatarUrl: z.string(),
  bio: z.string(),
  /** The user's own publication. */
  publicationId: z.string(),
});
export type UserRecord = z.output<typeof UserRecordSchema>;

export const UsersSnapshot = z.array(UserRecordSchema);
