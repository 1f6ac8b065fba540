/**
 * The frame of every page a reader sees: the public site's pages and the
 * unsubscribe pages (a reader arrives there from an email). One stylesheet,
 * the publication's theme when there is one, and the strict policy that goes
 * with it: no script, the stylesheet by its hash, forms to this server only.
 * Every interpolation goes through the one escaper (html.ts, by way
 * of the `html` template).
 */
import { htmlPage, html, type Html } from '../html.js';
import type { PublicationRecord } from '../publications/store.js';
import { siteContentSecurityPolicy, siteStyle } from './style.js';

/** A rendered page and the stylesheet its policy must allow. */
export interface SitePage {
  body: string;
  style: string;
}

type Theme = Pick<PublicationRecord, 'themeColor' | 'headerFont' | 'bodyFont'>;
const NO_THEME: Theme = { themeColor: 'default', headerFont: 'default', bodyFont: 'default' };

export interface SitePageParts {
  /** Whose page it is (its name heads the page, its theme styles it); null: the reference's own. */
  publication: (Theme & Pick<PublicationRecord, 'name'>) | null;
  /** Where the publication's name links to. */
  homeHref?: string;
  title: string;
  head?: Html;
  body: Html;
}

export function sitePage(parts: SitePageParts): SitePage {
  const { publication } = parts;
  const style = siteStyle(publication ?? NO_THEME);
  const header = publication ? html`<a class="name" href="${parts.homeHref ?? '/'}">${publication.name}</a>` : '';
  const body = htmlPage(
    parts.title,
    style,
    html`<header class="site">${header}</header>
<main>
${parts.body}
</main>
<footer class="site muted">Served by the Publishing API reference server, a local mock.</footer>`,
    parts.head,
  );
  return { body, style };
}

/**
 * The headers of a reader's page: its policy, never cached, and a Referer
 * only to this server (an unsubscribe link's token never leaves it). Not
 * no-referrer: under it Chromium sends `Origin: null` with the page's own
 * form, which the cross-site checks must then refuse.
 */
export function sitePageHeaders(page: SitePage, baseUrl: string): Record<string, string> {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin', 'Content-Security-Policy': siteContentSecurityPolicy(page.style, new URL(baseUrl).origin) };
}
