/**
 * The test-control API (under /_control, never /v1): what only the web app or
 * time can do, for tests. A small protocol other implementations may offer.
 */
import { z } from 'zod';

export const ControlInfo = z
  .object({
    implementation: z.string(),
    version: z.string(),
    seed: z.number().int(),
    now: z.number().int(),
    capabilities: z.array(z.string()),
  })
  .meta({ id: 'ControlInfo' });

export const ControlReset = z.strictObject({ empty: z.boolean().optional(), seed: z.number().int().optional() });

export const ControlClock = z.object({ now: z.number().int(), frozen: z.boolean() }).meta({ id: 'ControlClock' });

export const ControlClockChange = z
  .strictObject({
    advanceMs: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
    frozen: z.boolean().optional(),
  })
  .refine((v) => !(v.advanceMs !== undefined && v.to !== undefined), { message: 'give advanceMs or to, not both' });

export const ControlPublication = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  ownerUserId: z.string(),
  ownerEmail: z.string().nullable(),
  apiKeys: z.array(z.string()),
  teamMemberIds: z.array(z.string()),
  removedMemberIds: z.array(z.string()),
  communityIds: z.array(z.string()),
  unavailableCommunityIds: z.array(z.string()),
  customEmailApproved: z.boolean(),
  plan: z.string(),
});

export const ControlPublications = z.object({ publications: z.array(ControlPublication) }).meta({ id: 'ControlPublications' });
