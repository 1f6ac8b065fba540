/**
 * Subscribers: the add/delete bodies of SPEC.md, the CSV import limits, and the
 * extended endpoints (GET /v1/subscribers, the count) of SILENT.md.
 */
import { z } from 'zod';
import { limitParam, cursorParam, pageOf } from './common.js';

/** SPEC.md: a wallet is 0x followed by 40 hex digits. */
export const WALLET_PATTERN = /^0x[a-fA-F0-9]{40}$/;

export const SUBSCRIBER_LIMITS = {
  /** CSV import: at most 10 MB (read as 10 MiB = 10,485,760 bytes). */
  importMaxBytes: 10 * 1024 * 1024,
  /** RFC 5321: an address is at most 254 characters. */
  emailMax: 254,
  listMin: 1,
  listMax: 100,
  listDefault: 10,
} as const;

export const SubscriberEmail = z.email().max(SUBSCRIBER_LIMITS.emailMax);
export const SubscriberWallet = z.string().regex(WALLET_PATTERN, { message: 'must be 0x followed by 40 hexadecimal digits' });

const atLeastOne = (v: { email?: string; wallet?: string }) => v.email !== undefined || v.wallet !== undefined;
const ONE_OF = { message: 'give at least one of email or wallet' };

/**
 * POST /v1/subscribers. `createdAt` is Unix ms, default now, never in the
 * future; a fractional value is truncated to whole milliseconds.
 * Unknown properties are ignored (SPEC.md does not list this body as strict).
 */
export const SubscriberAdd = z
  .object({
    email: SubscriberEmail.optional(),
    wallet: SubscriberWallet.optional(),
    createdAt: z.number().min(0).finite().optional().describe('Unix ms; default now; not in the future'),
  })
  .refine(atLeastOne, ONE_OF)
  .meta({ id: 'SubscriberAdd' });

/** DELETE /v1/subscribers: if both are given they must name the same subscriber. */
export const SubscriberDelete = z
  .object({ email: SubscriberEmail.optional(), wallet: SubscriberWallet.optional() })
  .refine(atLeastOne, ONE_OF)
  .meta({ id: 'SubscriberDelete' });

/** An item of GET /v1/subscribers (extended). */
export const SubscriberItem = z
  .object({
    email: z.string().optional(),
    walletAddress: z.string().optional(),
    createdAt: z.number().int().describe('Unix ms'),
  })
  .meta({ id: 'Subscriber' });

export const SubscriberPage = pageOf(SubscriberItem).meta({ id: 'SubscriberPage' });

export const SubscriberListQuery = z.object({
  cursor: cursorParam,
  limit: limitParam(SUBSCRIBER_LIMITS.listMin, SUBSCRIBER_LIMITS.listMax, SUBSCRIBER_LIMITS.listDefault),
});

export const SubscriberCount = z.object({ count: z.number().int().min(0) }).meta({ id: 'SubscriberCount' });

/** Content types accepted for the `file` part of the CSV import (see the spec-gaps register). */
export const CSV_CONTENT_TYPES = ['text/csv', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel', 'text/plain'] as const;

export type SubscriberAddT = z.infer<typeof SubscriberAdd>;
export type SubscriberDeleteT = z.infer<typeof SubscriberDelete>;
export type SubscriberItemT = z.infer<typeof SubscriberItem>;
