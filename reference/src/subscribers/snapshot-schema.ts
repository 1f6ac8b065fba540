/** Subscriber and suppression records as the stores keep them and a saved state holds them (persistence/state-schema.ts). */
import { z } from 'zod';

/**
 * How a subscriber came: POST /v1/subscribers (api), the public site's
 * subscribe form (site), a CSV import (import), the fixtures (fixture).
 * SPEC.md names none; the analytics table `subscribers` shows it as `source`.
 */
const SUBSCRIBER_SOURCES = ['api', 'site', 'import', 'fixture'] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

const SubscriberRecordSchema = z.object({
  id: z.string().min(1),
  publicationId: z.string(),
  /** As first given (compared case-insensitively). */
  email: z.string().nullable(),
  wallet: z.string().nullable(),
  /** Unix ms. */
  createdAt: z.number(),
  source: z.enum(SUBSCRIBER_SOURCES),
  /** Every subscriber added through the API is on the free tier. */
  tier: z.literal('free'),
});
export type SubscriberRecord = z.output<typeof SubscriberRecordSchema>;

export const SubscribersSnapshot = z.object({
  /** The last number handed out as an id. */
  seq: z.number().int().min(0),
  records: z.array(SubscriberRecordSchema),
});
export type SubscriberStoreSnapshot = z.output<typeof SubscribersSnapshot>;

const SuppressionSchema = z.object({
  publicationId: z.string(),
  /** The address as it was when suppressed. */
  email: z.string(),
  suppressedAt: z.number(),
});
export type Suppression = z.output<typeof SuppressionSchema>;

export const SuppressionsSnapshot = z.array(SuppressionSchema);
