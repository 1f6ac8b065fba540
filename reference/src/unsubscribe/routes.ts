/**
 * GET /unsubscribe/{token}: a confirmation page with a button.
 * POST /unsubscribe/{token}: unsubscribe and show the result; this is also
 * the RFC 8058 one-click target of List-Unsubscribe-Post (mail clients POST
 * `List-Unsubscribe=One-Click` from their servers; the body is read past, not
 * interpreted). A POST a browser says another site sent (Origin,
 * Sec-Fetch-Site) is refused and changes nothing: the token is in the link,
 * and a page that learnt one must not unsubscribe its reader behind their back.
 * Outside /v1: these are pages for people, not API endpoints.
 */
import { crossSiteReason, allowedOrigins } from '../http/csrf.js';
import { readRaw } from '../http/body.js';
import type { Reply, RequestContext, RouteDef } from '../http/types.js';
import { sitePageHeaders, type SitePage } from '../site/layout.js';
import type { State } from '../state.js';
import { applyUnsubscribe } from './apply.js';
import { confirmPage, donePage, refusedPage, unknownPage, type UnsubscribeView } from './pages.js';
import type { TokenEntry } from './tokens.js';

function rendered(ctx: RequestContext, status: number, page: SitePage): Reply {
  return { status, html: page.body, headers: sitePageHeaders(page, ctx.baseUrl) };
}

function viewOf(ctx: RequestContext, entry: TokenEntry): UnsubscribeView {
  const publication = ctx.state.publications.get(entry.publicationId) ?? null;
  const name = publication?.name ?? 'this publication';
  return {
    publication,
    homeHref: publication ? `${ctx.baseUrl}/@${encodeURIComponent(publication.slug)}` : '/',
    what: entry.purpose === 'owner' ? `new-subscriber notifications for ${name}` : `emails from ${name}`,
    email: entry.email,
  };
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
      if (!entry) return rendered(ctx, 404, unknownPage());
      const action = `/unsubscribe/${encodeURIComponent(ctx.params.token)}`;
      return rendered(ctx, 200, confirmPage(viewOf(ctx, entry), action, isDone(ctx.state, entry)));
    },
  },
  {
    method: 'POST',
    path: '/unsubscribe/:token',
    auth: 'none',
    handler: async (ctx) => {
      await readRaw(ctx.req, 16 * 1024);
      const entry = lookup(ctx);
      if (!entry) return rendered(ctx, 404, unknownPage());
      const foreign = crossSiteReason(ctx.headers, allowedOrigins(ctx));
      if (foreign) return rendered(ctx, 403, refusedPage(viewOf(ctx, entry), foreign));
      applyUnsubscribe(ctx.state, entry);
      return rendered(ctx, 200, donePage(viewOf(ctx, entry)));
    },
  },
];
