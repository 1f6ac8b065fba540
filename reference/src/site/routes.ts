/**
 * The public site: `/@{slug}` (the publication's home as its settings say;
 * also `/` under its custom domain, custom-domain.ts), `/@{slug}/{postSlug}`
 * (a public post), and the subscribe form of both, which adds a subscriber
 * through the same store rule as POST /v1/subscribers and is protected like
 * the approval page (signed double-submit token, origin checks). Pages are
 * HTML in the frame of layout.ts (404 included) and follow the host policy
 * of every page outside /v1 (app.ts); no CORS, no script.
 */
import { ApiError } from '../errors.js';
import { readHtmlForm } from '../http/body.js';
import type { Reply, RequestContext, RouteDef } from '../http/types.js';
import { parseOr400 } from '../http/validate.js';
import { CSRF_FIELD, nonceFor, setCookieHeader, tokenFor, verify, allowedOrigins } from '../http/csrf.js';
import { html } from '../html.js';
import { isPublic } from '../posts/lists.js';
import type { PostRecord } from '../posts/record.js';
import { authorsOf, coverImageUrl } from '../posts/view.js';
import { docToHtml } from '../documents/index.js';
import type { PublicationRecord } from '../publications/store.js';
import type { State } from '../state.js';
import { SubscriberAdd } from '../../../schemas/subscribers.js';
import { customDomainPublication } from './custom-domain.js';
import { homePage, notFoundPage, postPage, type PostCard, type SiteLinks, type SubscribeForm } from './pages.js';
import { sitePageHeaders, type SitePage } from './layout.js';

/** How many posts the home lists (newest first), and the most-popular widget. */
const HOME_FEED_POSTS = 20;
const MOST_POPULAR_POSTS = 5;
/** One email field and a token. */
const FORM_LIMIT = 4 * 1024;

export const siteRoutes: RouteDef[] = [
  { method: 'GET', path: '/', auth: 'none', handler: showDomainHome },
  { method: 'GET', path: '/@:slug', auth: 'none', handler: showHome },
  { method: 'GET', path: '/@:slug/:postSlug', auth: 'none', handler: showPost },
  { method: 'POST', path: '/@:slug/subscribe', auth: 'none', bodyLimit: FORM_LIMIT, handler: subscribe },
];

const homePath = (publication: PublicationRecord) => `/@${encodeURIComponent(publication.slug)}`;
const postPath = (publication: PublicationRecord, post: PostRecord) => `${homePath(publication)}/${encodeURIComponent(post.slug)}`;
/** The CSRF token binds to the publication's form. */
const formId = (publication: PublicationRecord) => `subscribe:${publication.id}`;

/**
 * Where a publication's pages link to. Under its custom domain the links
 * stay on that name (root-relative); elsewhere they are absolute on the base
 * URL. Canonical addresses are on the base URL either way: one address per
 * page, the one emails link to.
 */
interface Site {
  publication: PublicationRecord;
  /** '' under the custom domain, the base URL otherwise. */
  prefix: string;
  onCustomDomain: boolean;
}

function siteFor(ctx: RequestContext, publication: PublicationRecord): Site {
  const onCustomDomain = customDomainPublication(ctx.state, ctx.headers.host)?.id === publication.id;
  return { publication, prefix: onCustomDomain ? '' : ctx.baseUrl, onCustomDomain };
}

function linksOf(ctx: RequestContext, site: Site): SiteLinks {
  return { homeHref: site.onCustomDomain ? '/' : `${ctx.baseUrl}${homePath(site.publication)}`, homeCanonicalUrl: `${ctx.baseUrl}${homePath(site.publication)}` };
}

function rendered(ctx: RequestContext, status: number, page: SitePage, extra: Record<string, string> = {}): Reply {
  return { status, html: page.body, headers: { ...sitePageHeaders(page, ctx.baseUrl), ...extra } };
}

function notFound(ctx: RequestContext, message: string): Reply {
  return rendered(ctx, 404, notFoundPage(message));
}

function publicationOf(state: State, slug: string): PublicationRecord | undefined {
  try {
    return state.publications.bySlugOrAt(slug);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
}

function card(ctx: RequestContext, site: Site, post: PostRecord): PostCard {
  return {
    post,
    href: `${site.prefix}${postPath(site.publication, post)}`,
    canonicalUrl: post.canonicalUrl ?? `${ctx.baseUrl}${postPath(site.publication, post)}`,
    coverUrl: coverImageUrl(post, ctx.baseUrl),
    authors: authorsOf(post, ctx.state.users),
    staticHtml: docToHtml(post.doc),
  };
}

/** The subscribe form's token, and the cookie it pairs with when the browser has none yet. */
function subscribeFormFor(ctx: RequestContext, publication: PublicationRecord, extra: Record<string, string>): SubscribeForm {
  const { nonce, isNew } = nonceFor(ctx.headers);
  if (isNew) extra['Set-Cookie'] = setCookieHeader(nonce, homePath(publication), ctx.baseUrl.startsWith('https:'));
  return {
    fields: html`<input type="hidden" name="${CSRF_FIELD}" value="${tokenFor(formId(publication), nonce)}">`,
    action: `${homePath(publication)}/subscribe`,
  };
}

function showPost(ctx: RequestContext): Reply {
  const publication = publicationOf(ctx.state, ctx.params.slug);
  if (!publication) return notFound(ctx, `There is no publication @${ctx.params.slug}.`);
  let post: PostRecord | undefined;
  try {
    post = ctx.state.posts.publishedBySlug(publication.id, ctx.params.postSlug);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  // Drafts, scheduled and archived posts, and newsletter-only ones, are not on the site.
  if (!post || !isPublic(post)) return notFound(ctx, `${publication.name} has no published post "${ctx.params.postSlug}".`);
  const site = siteFor(ctx, publication);
  const extra: Record<string, string> = {};
  const form = subscribeFormFor(ctx, publication, extra);
  return rendered(ctx, 200, postPage(publication, card(ctx, site, post), linksOf(ctx, site), form), extra);
}

/**
 * GET / under a publication's custom domain: its home. Under any other name
 * the root is an unknown path like any other (the API's JSON 404).
 */
function showDomainHome(ctx: RequestContext): Reply {
  const publication = customDomainPublication(ctx.state, ctx.headers.host);
  if (!publication) throw new ApiError(404, 'no route for GET /: a publication is at /@{slug}, or at the root of its custom domain');
  return showHomeOf(ctx, publication);
}

function showHome(ctx: RequestContext): Reply {
  const publication = publicationOf(ctx.state, ctx.params.slug);
  if (!publication) return notFound(ctx, `There is no publication @${ctx.params.slug}.`);
  return showHomeOf(ctx, publication);
}

function showHomeOf(ctx: RequestContext, publication: PublicationRecord): Reply {
  // A fixed text: the query never puts words on the page.
  const subscribed = ctx.query.get('subscribed') === '1';
  return home(ctx, publication, 200, subscribed ? { ok: true, text: 'You are subscribed. Thank you!' } : null);
}

function home(ctx: RequestContext, publication: PublicationRecord, status: number, notice: { ok: boolean; text: string } | null): Reply {
  const { state } = ctx;
  const site = siteFor(ctx, publication);
  const toCard = (post: PostRecord) => card(ctx, site, post);
  const own = (id: string) => {
    const post = state.posts.get(id);
    return post && post.publicationId === publication.id && isPublic(post) ? post : undefined;
  };
  const pinned = publication.pinnedPostIds.map(own).filter((p): p is PostRecord => p !== undefined);
  const feed: PostRecord[] = [];
  const items = state.posts.listPublication(publication.id).source.after(null);
  for (let next = items.next(); !next.done && feed.length < HOME_FEED_POSTS; next = items.next()) feed.push(next.value);
  const everyPublic = () => state.posts.listPublication(publication.id).posts.concat(pinned);
  const mostPopular = publication.showMostPopular ? [...everyPublic()].sort((a, b) => b.views - a.views).slice(0, MOST_POPULAR_POSTS) : [];
  const featured = featuredPost(publication.featuredPost ?? 'latest', feed, everyPublic, own);

  const extra: Record<string, string> = {};
  const page = homePage({
    publication,
    links: linksOf(ctx, site),
    pinned: pinned.map(toCard),
    featured: featured ? toCard(featured) : null,
    feed: feed.map(toCard),
    mostPopular: mostPopular.map(toCard),
    subscribe: subscribeFormFor(ctx, publication, extra),
    notice,
  });
  return rendered(ctx, status, page, extra);
}

/** featuredPost: latest | popular | disabled | a post id (a post that is not public shows none). */
function featuredPost(setting: string, feed: PostRecord[], everyPublic: () => PostRecord[], own: (id: string) => PostRecord | undefined): PostRecord | undefined {
  if (setting === 'disabled') return undefined;
  if (setting === 'latest') return feed[0];
  if (setting === 'popular') return everyPublic().reduce<PostRecord | undefined>((best, p) => (!best || p.views > best.views ? p : best), undefined);
  return own(setting);
}

async function subscribe(ctx: RequestContext): Promise<Reply> {
  const publication = publicationOf(ctx.state, ctx.params.slug);
  if (!publication) return notFound(ctx, `There is no publication @${ctx.params.slug}.`);
  const form = await readHtmlForm(ctx.req, FORM_LIMIT);
  if (!form) return home(ctx, publication, 415, { ok: false, text: 'The subscribe form must be sent as an HTML form.' });
  const verdict = verify(ctx.headers, formId(publication), form.get(CSRF_FIELD), allowedOrigins(ctx));
  if (!verdict.ok) return home(ctx, publication, 403, { ok: false, text: `Not subscribed: ${verdict.reason}. Reload the page and try again.` });
  try {
    const { email } = parseOr400(SubscriberAdd, { email: form.get('email') ?? undefined });
    ctx.state.subscribers.add(publication.id, { email: email ?? null, wallet: null }, { source: 'site', strict: true });
    const back = siteFor(ctx, publication).onCustomDomain ? '/' : homePath(publication);
    return { status: 303, redirect: `${back}?subscribed=1`, headers: { 'Cache-Control': 'no-store' } };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return home(ctx, publication, err.status, { ok: false, text: `Not subscribed: ${err.message}` });
    throw err;
  }
}
