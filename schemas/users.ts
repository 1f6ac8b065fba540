import { z } from 'zod';

/** The Author of SPEC.md (also the `user` of feed items). */
export const Author = z
  .object({
    id: z.string(),
    walletAddress: z.string(),
    avatarUrl: z.url(),
    publicationId: z.string(),
    name: z.string(),
    bio: z.string(),
  })
  .meta({ id: 'Author' });
