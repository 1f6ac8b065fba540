/**
 * Custom email (POST /v1/emails/send) and the test newsletter
 * (POST /v1/posts/{postId}/test-email): bodies, responses and limits.
 */
import { z } from 'zod';

export const EMAIL_LIMITS = {
  subjectMin: 1,
  subjectMax: 998,
  bodyMin: 1,
  bodyMax: 100_000,
  emailsMin: 1,
  emailsMax: 10_000,
} as const;

/** SPEC.md lists invalid, suppressed and scheduling_failed; disposable domains are reported as invalid. */
export const SKIP_REASONS = ['invalid', 'suppressed', 'scheduling_failed'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/**
 * Strict: an unknown property is refused, so that a misspelt `dryRun`
 * ("dryrun", "dry_run") cannot turn a rehearsal into a real send.
 */
export const CustomEmailSend = z
  .strictObject({
    subject: z.string().min(EMAIL_LIMITS.subjectMin).max(EMAIL_LIMITS.subjectMax),
    body: z.string().min(EMAIL_LIMITS.bodyMin).max(EMAIL_LIMITS.bodyMax).describe('Markdown; rendered to HTML server-side, raw HTML is shown as text'),
    emails: z.array(z.string()).min(EMAIL_LIMITS.emailsMin).max(EMAIL_LIMITS.emailsMax),
    dryRun: z.boolean().optional(),
  })
  .meta({ id: 'CustomEmailSend' });

export const SkippedRecipient = z
  .object({ email: z.string(), reason: z.enum(SKIP_REASONS) })
  .meta({ id: 'SkippedRecipient' });

export const CustomEmailResult = z
  .object({
    accepted: z.number().int().min(0).describe('recipients queued, or that would be queued on a dry run'),
    skipped: z.array(SkippedRecipient),
  })
  .meta({ id: 'CustomEmailResult' });

/** POST /v1/posts/{postId}/test-email takes an empty object. */
export const TestEmailRequest = z.object({}).meta({ id: 'TestEmailRequest' });

export type CustomEmailSendT = z.infer<typeof CustomEmailSend>;
export type CustomEmailResultT = z.infer<typeof CustomEmailResult>;
