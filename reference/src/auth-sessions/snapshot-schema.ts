/** An auth session record as the store keeps it and a saved state holds it (persistence/state-schema.ts). */
import { z } from 'zod';

const AuthSessionRecordSchema = z.object({
  id: z.string().min(1),
  /** As the client sent it; null when absent or blank (DEFAULT_DEVICE_NAME is shown). */
  deviceName: z.string().nullable(),
  callbackUrl: z.string().nullable(),
  supportsDeliveryAcknowledgement: z.boolean(),
  createdAt: z.number(),
  expiresAt: z.number(),
  /** One of transitions.ts's StoredState. */
  state: z.enum(['pending', 'completed', 'denied', 'delivered']),
  publicationId: z.string().nullable(),
  apiKey: z.string().nullable(),
  approvedAt: z.number().nullable(),
  deniedAt: z.number().nullable(),
  deliveredAt: z.number().nullable(),
  /** First time a poll answer carried the key: after that, someone may hold it. */
  handedOutAt: z.number().nullable(),
});
export type AuthSessionRecord = z.output<typeof AuthSessionRecordSchema>;

export const AuthSessionsSnapshot = z.array(AuthSessionRecordSchema);
