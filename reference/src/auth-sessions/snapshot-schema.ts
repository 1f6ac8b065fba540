/** The auth session store's part of a saved state (persistence/state-schema.ts). */
import { z } from 'zod';

export const AuthSessionsSnapshot = z.array(
  z.object({
    id: z.string().min(1),
    deviceName: z.string().nullable(),
    callbackUrl: z.string().nullable(),
    supportsDeliveryAcknowledgement: z.boolean(),
    createdAt: z.number(),
    expiresAt: z.number(),
    state: z.enum(['pending', 'completed', 'denied', 'delivered']),
    publicationId: z.string().nullable(),
    apiKey: z.string().nullable(),
    approvedAt: z.number().nullable(),
    deniedAt: z.number().nullable(),
    deliveredAt: z.number().nullable(),
    handedOutAt: z.number().nullable(),
  }),
);
