/**
 * The verification page as a browser uses it, over plain HTTP: open it
 * keeping its cookie and hidden fields, post its form from its own origin.
 */
import { type ApiResponse, type RuleContext } from '../../src/authoring/index.js';

export interface OpenedPage {
  path: string;
  res: ApiResponse;
  cookie: string;
  token: string;
  publicationId: string;
}

/** The page's path on the target; skips when verificationUrl points elsewhere. */
export function pagePathOf(ctx: RuleContext, verificationUrl: string): string {
  const url = new URL(verificationUrl);
  if (url.origin !== new URL(ctx.target.url).origin) ctx.skip(`verificationUrl is on another origin (${url.origin}) than the target`);
  return url.pathname + url.search;
}

/** GET the page like a browser would, keeping the cookie and the hidden fields; `cookie` is sent along when given. */
export async function openPage(ctx: RuleContext, verificationUrl: string, cookie?: string): Promise<OpenedPage> {
  const path = pagePathOf(ctx, verificationUrl);
  const res = await ctx.api.anonymous.get(path, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const setCookie = /(?:^|,\s*)(auth_session_csrf=[^;,]+)/.exec(res.headers['set-cookie'] ?? '')?.[1];
  const token = /name="csrf_token" value="([^"]+)"/.exec(res.text)?.[1] ?? '';
  const publicationId = /<option value="([^"]+)" selected>/.exec(res.text)?.[1] ?? '';
  return { path, res, cookie: setCookie ?? cookie ?? '', token, publicationId };
}

/** POST the page's form, url-encoded, from the target's own origin with the page's cookie. */
export function submit(ctx: RuleContext, page: OpenedPage, fields: Record<string, string>, headers: Record<string, string> = {}, contentType = 'application/x-www-form-urlencoded') {
  return ctx.api.anonymous.post(page.path, undefined, {
    body: new URLSearchParams(fields).toString(),
    contentType,
    headers: { origin: new URL(ctx.target.url).origin, ...(page.cookie ? { cookie: page.cookie } : {}), ...headers },
  });
}

export const approveFields = (page: OpenedPage) => ({ csrf_token: page.token, decision: 'approve', publication_id: page.publicationId });

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The page's <title>, which names the state it shows. */
export const titleOf = (text: string) => /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? '';

/** The page's text without its head: what the writer reads. */
export const bodyOf = (text: string) => text.slice(text.indexOf('<body'));

/** A refused form's page says nothing was decided and links back to the page (docs/spec-gaps-auth-sessions.md). */
export function refusalProblem(text: string, pagePath: string): string | undefined {
  if (titleOf(text).trim() === '') return 'has no title';
  if (!/nothing was approved or denied/i.test(text)) return 'does not say that nothing was approved or denied';
  // An invalid form's page says why before it; a refused one after (the origin or token check that failed).
  if (/<p>\. Nothing was approved or denied/i.test(text)) return 'does not say why';
  if (!text.includes(`href="${escapeHtml(pagePath)}"`)) return `does not link back to the page ${pagePath}`;
  return undefined;
}
