/**
 * Helpers of the email suites: custom email (dry runs unless the test is in
 * the side-effects profile), the outbox of the control API, and fresh
 * addresses at example.com.
 */
import { CustomEmailResult } from '../../../schemas/emails.js';
import { expectOk, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';

export const SEND = '/v1/emails/send';

/** Domains on every public list of disposable email domains. */
export const DISPOSABLE_DOMAINS = ['mailinator.com', 'guerrillamail.com', 'yopmail.com', '10minutemail.com'];

/** Clearly malformed addresses (no validator accepts them). */
export const MALFORMED = ['not-an-email', 'two@@example.com', '@example.com', 'spaces in@example.com', 'trailing@', 'a@', ''];

/**
 * A dry run. A 403 means publication A may not send custom emails at all
 * (SPEC.md), so nothing else about custom email can be judged: skip.
 */
export async function dryRun(ctx: RuleContext, body: { subject?: unknown; body?: unknown; emails?: unknown; [k: string]: unknown }): Promise<ApiResponse> {
  if (ctx.target.publications.a?.customEmailApproved === false) return ctx.skip('publication A is not approved for custom emails');
  const res = await ctx.api.post(SEND, { subject: 'conformance', body: 'conformance', ...body, dryRun: true });
  if (res.status === 403) return ctx.skip('publication A is not approved for custom emails (POST /v1/emails/send answered 403)');
  return res;
}

export async function dryRunSplit(ctx: RuleContext, emails: string[]) {
  return expectOk(await dryRun(ctx, { emails }), CustomEmailResult);
}

/** A real send: only in side-effects tests, only to example.com addresses. */
export function realSend(ctx: RuleContext, body: { subject: string; body: string; emails: string[] }): Promise<ApiResponse> {
  return ctx.api.post(SEND, body);
}

export interface OutboxEmail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  unsubscribeUrl?: string;
  postId?: string | null;
  publicationId?: string;
  status?: string;
  createdAt?: number;
  deliveredAt?: number | null;
}

/** Emails in the outbox to one address (newest first). */
export function outboxTo(ctx: RuleContext, to: string, kind?: string): Promise<OutboxEmail[]> {
  return ctx.control.outbox<OutboxEmail>({ to, kind, limit: 'all' });
}

export function publicationA(ctx: RuleContext): string {
  const id = ctx.target.publications.a?.id;
  if (!id) return ctx.skip('the id of publication A is unknown');
  return id;
}
