/**
 * The control API of the email area: the outbox (every email the service
 * would have sent), unsubscribes and suppressions, fault switches for custom
 * email, and custom-email approval. Under /_control, never /v1.
 */
import { z } from 'zod';
import { cursorParam, pageOf } from './common.js';

export const EMAIL_KINDS = ['newsletter', 'custom', 'test', 'owner_notification'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const OutboxEmail = z
  .object({
    id: z.string(),
    kind: z.enum(EMAIL_KINDS),
    publicationId: z.string(),
    postId: z.string().nullable().describe('newsletter and test: the post it came from'),
    requestId: z.string().nullable().describe('custom: the POST /v1/emails/send request it came from'),
    subscriberId: z.string().nullable().describe('newsletter: the recipient subscriber'),
    communityId: z.string().nullable().describe('newsletter: the segment the post chose (recorded; not used for targeting)'),
    to: z.string(),
    from: z.string(),
    replyTo: z.string().nullable(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    headers: z.record(z.string(), z.string()).describe('List-Unsubscribe, List-Unsubscribe-Post, Message-ID'),
    unsubscribeUrl: z.string(),
    status: z.enum(['queued', 'delivered']),
    createdAt: z.number().int().describe('queued, Unix ms'),
    sentAt: z.number().int().nullable().describe('handed to the transport, Unix ms'),
    deliveredAt: z.number().int().nullable().describe('delivered, Unix ms; null while queued'),
  })
  .meta({ id: 'OutboxEmail' });

export const OutboxPage = pageOf(OutboxEmail).meta({ id: 'OutboxPage' });

export const OUTBOX_LIMITS = { listMin: 1, listMax: 10_000, listDefault: 100 } as const;

export const OutboxQuery = z.object({
  to: z.string().optional(),
  kind: z.enum(EMAIL_KINDS).optional(),
  postId: z.string().optional(),
  publicationId: z.string().optional(),
  requestId: z.string().optional(),
  status: z.enum(['queued', 'delivered']).optional(),
  cursor: cursorParam,
  limit: z
    .string()
    .regex(/^(\d+|all)$/, { message: `must be an integer from ${OUTBOX_LIMITS.listMin} to ${OUTBOX_LIMITS.listMax}, or all` })
    .optional(),
});

/** POST /_control/unsubscribe: an address of a publication, or follow a token from an email. */
export const ControlUnsubscribe = z.union([
  z.strictObject({ publicationId: z.string().min(1), email: z.string().min(1) }),
  z.strictObject({ token: z.string().min(1) }),
]);

export const ControlSuppression = z.strictObject({ publicationId: z.string().min(1), email: z.string().min(1) });

export const Suppression = z.object({ publicationId: z.string(), email: z.string(), suppressedAt: z.number().int() });

/**
 * POST /_control/email-faults. `emailSend`: null (normal), `unavailable`
 * (503 on real sends) or `scheduling_failed` (addresses that pass filtering
 * are skipped as scheduling_failed: all of them, those listed in
 * `schedulingFailedAddresses`, or a seeded fraction `schedulingFailedRate`).
 * `remaining` limits the fault to that many send requests, then it clears
 * itself, so a client's retry can succeed.
 */
export const ControlEmailFaults = z.strictObject({
  emailSend: z.enum(['unavailable', 'scheduling_failed']).nullable(),
  schedulingFailedRate: z.number().min(0).max(1).optional(),
  schedulingFailedAddresses: z.array(z.string()).max(10_000).optional(),
  remaining: z.number().int().min(1).optional(),
});

export const EmailFaultsView = z.object({
  emailSend: z.enum(['unavailable', 'scheduling_failed']).nullable(),
  schedulingFailedRate: z.number(),
  schedulingFailedAddresses: z.array(z.string()),
  remaining: z.number().int().nullable(),
});

export const ControlCustomEmailApproval = z.strictObject({ approved: z.boolean() });

export type OutboxEmailT = z.infer<typeof OutboxEmail>;
export type ControlEmailFaultsT = z.infer<typeof ControlEmailFaults>;
export type EmailFaultsViewT = z.infer<typeof EmailFaultsView>;
