/**
 * GET /unsubscribe/{token}: a confirmation page with a button.
 * POST /unsubscribe/{token}: unsubscribe and show the result; this is also
 * the RFC 8058 one-click target of List-Unsubscribe-Post (mail clients POST
 * `List-Unsubscribe=One-Click`; the body is read past, not interpreted).
 * Outside /v1: these are pages for people, not API endpoints.
 */
import { readRaw } from '../http/body.js';
import type { RequestContext, RouteDef } from '../http/types.js';
import type { State } from '../state.js';
import { applyUnsubscribe } from './apply.js';
import { confirmPage, donePage, unknownPage } from './pages.js';
import type { TokenEntry } from './tokens.js';

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

function describe(state: State, entry: TokenEntry): string {
  const name = state.publications.get(entry.publicationId)?.name ?? 'this publication';
  return entry.purpose === 'owner' ? `new-subscriber notifications for ${name}` : `emails from ${name}`;
}

function isDone(state: State, entry: TokenEntry): boolean {
  if (entry.purpose === 'owner') return !state.publications.get(entry.publicationId)?.emailNotifications.newSubscriber;
  return state.subscribers.suppressions.isSuppressed(entry.publicationId, entry.email);
}

function lookup(ctx: RequestContext): TokenEntry | undefined {
  return ctx.state.emails.tokens.resolve(ctx.params.token);
}

export const unsubscribeRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/unsubscribe/:token',
    auth: 'none',
    handler: (ctx) => {
      const entry = lookup(ctx);
      if (!entry) return { status: 404, html: unknownPage(), headers: NO_STORE };
      const action = `/unsubscribe/${encodeURIComponent(ctx.params.token)}`;
      return { html: confirmPage(describe(ctx.state, entry), entry.email, action, isDone(ctx.state, entry)), headers: NO_STORE };
    },
  },
  {
    method: 'POST',
    path: '/unsubscribe/:token',
    auth: 'none',
    handler: async (ctx) => {
      await readRaw(ctx.req, 16 * 1024);
      const entry = lookup(ctx);
      if (!entry) return { status: 404, html: unknownPage(), headers: NO_STORE };
      applyUnsubscribe(ctx.state, entry);
      return { html: donePage(describe(ctx.state, entry), entry.email), headers: NO_STORE };
    },
  },
];
