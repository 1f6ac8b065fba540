/** The user store's part of a saved state (persistence/state-schema.ts). */
import { z } from 'zod';

export const UsersSnapshot = z.array(
  z.object({
    id: z.string().min(1),
    name: z.string(),
    email: z.string().nullable(),
    walletAddress: z.string(),
    avatarUrl: z.string(),
    bio: z.string(),
    publicationId: z.string(),
  }),
);
