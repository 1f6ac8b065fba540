/**
 * The email area's part of the test-control API (under /_control): the
 * outbox, unsubscribes and suppressions, custom-email approval, and the
 * fault switches of custom email.
 */
import { badRequest, notFound } from '../errors.js';
import { parseOr400, parseQuery } from '../http/validate.js';
import type { RouteDef } from '../http/types.js';
import { paginate, type ListOrder } from '../pagination.js';
import {
  ControlCustomEmailApproval,
  ControlEmailFaults,
  ControlSuppression,
  ControlUnsubscribe,
  OUTBOX_LIMITS,
  OutboxQuery,
} from '../../../schemas/outbox.js';
import { applyUnsubscribe, unsubscribeAddress } from '../unsubscribe/apply.js';
import type { OutboxRecord } from './outbox.js';

export const EMAIL_CONTROL_CAPABILITIES = ['outbox', 'unsubscribe', 'suppressions', 'email-faults', 'custom-email-approval'];

const NEWEST_FIRST: ListOrder<OutboxRecord> = { key: (r) => [r.createdAt, r.id], descending: [true, true] };

function outboxLimit(raw: string | undefined): number | 'all' {
  if (raw === undefined) return OUTBOX_LIMITS.listDefault;
  if (raw === 'all') return 'all';
  const n = Number(raw);
  if (!(n >= OUTBOX_LIMITS.listMin && n <= OUTBOX_LIMITS.listMax))
    throw badRequest(`limit must be an integer from ${OUTBOX_LIMITS.listMin} to ${OUTBOX_LIMITS.listMax}, or all`);
  return n;
}

export const emailControlRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/_control/outbox',
    auth: 'none',
    handler: (ctx) => {
      const { cursor, limit: rawLimit, ...filter } = parseQuery(OutboxQuery, ctx.query);
      const items = ctx.state.emails.outbox.list(filter);
      const limit = outboxLimit(rawLimit);
      if (limit === 'all') return { json: { items, pagination: { cursor: '', hasMore: false, total: items.length } } };
      const scope = `outbox:${JSON.stringify(filter)}`;
      return { json: paginate(ctx.state.cursors, scope, items, NEWEST_FIRST, { cursor, limit }) };
    },
  },
  {
    method: 'GET',
    path: '/_control/outbox/:emailId',
    auth: 'none',
    handler: (ctx) => {
      const email = ctx.state.emails.outbox.get(ctx.params.emailId);
      if (!email) throw notFound(`no email ${ctx.params.emailId} in the outbox`);
      return { json: email };
    },
  },
  {
    method: 'DELETE',
    path: '/_control/outbox',
    auth: 'none',
    handler: (ctx) => ({ json: { success: true, deleted: ctx.state.emails.outbox.clear() } }),
  },
  {
    method: 'POST',
    path: '/_control/unsubscribe',
    auth: 'none',
    handler: async (ctx) => {
      const body = parseOr400(ControlUnsubscribe, await ctx.json());
      if ('token' in body) {
        const entry = ctx.state.emails.tokens.resolve(body.token);
        if (!entry) throw notFound('unknown unsubscribe token');
        const { changed } = applyUnsubscribe(ctx.state, entry);
        return { json: { success: true, changed, purpose: entry.purpose, publicationId: entry.publicationId, email: entry.email } };
      }
      ctx.state.publications.require(body.publicationId);
      const { changed } = unsubscribeAddress(ctx.state, body.publicationId, body.email, ctx.state.clock.now());
      return { json: { success: true, changed, purpose: 'subscriber', publicationId: body.publicationId, email: body.email } };
    },
  },
  {
    method: 'GET',
    path: '/_control/suppressions',
    auth: 'none',
    handler: (ctx) => {
      const publicationId = ctx.query.get('publicationId') ?? undefined;
      return { json: { items: ctx.state.subscribers.suppressions.list(publicationId) } };
    },
  },
  {
    method: 'DELETE',
    path: '/_control/suppressions',
    auth: 'none',
    handler: async (ctx) => {
      const body = parseOr400(ControlSuppression, await ctx.json());
      const lifted = ctx.state.subscribers.suppressions.lift(body.publicationId, body.email);
      if (!lifted) throw notFound(`${body.email} is not suppressed for publication ${body.publicationId}`);
      return { json: { success: true } };
    },
  },
  {
    method: 'POST',
    path: '/_control/publications/:publicationId/custom-email',
    auth: 'none',
    handler: async (ctx) => {
      const { approved } = parseOr400(ControlCustomEmailApproval, await ctx.json());
      const publication = ctx.state.publications.require(ctx.params.publicationId);
      publication.customEmailApproved = approved;
      return { json: { publicationId: publication.id, customEmailApproved: approved } };
    },
  },
  {
    method: 'GET',
    path: '/_control/email-faults',
    auth: 'none',
    handler: (ctx) => ({ json: ctx.state.emails.faults.view() }),
  },
  {
    method: 'POST',
    path: '/_control/email-faults',
    auth: 'none',
    handler: async (ctx) => {
      ctx.state.emails.faults.set(parseOr400(ControlEmailFaults, await ctx.json()));
      return { json: ctx.state.emails.faults.view() };
    },
  },
];
