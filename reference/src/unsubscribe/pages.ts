/**
 * The pages behind an email's unsubscribe link, in the public site's frame
 * and the publication's theme (site/layout.ts): a confirmation form (GET, so
 * that link scanners which prefetch URLs unsubscribe nobody), the result
 * (POST), an unknown link, and a form refused because another site sent it.
 */
import { html } from '../html.js';
import type { PublicationRecord } from '../publications/store.js';
import { sitePage, type SitePage } from '../site/layout.js';

/** What a link stops, for whom, and whose pages these are. */
export interface UnsubscribeView {
  /** null when the publication is gone. */
  publication: PublicationRecord | null;
  homeHref: string;
  /** e.g. "emails from Demo Dispatch". */
  what: string;
  email: string;
}

const frame = (view: UnsubscribeView, title: string, body: ReturnType<typeof html>): SitePage =>
  sitePage({ publication: view.publication, homeHref: view.homeHref, title, body: html`<section class="unsubscribe">\n<h1>${title}</h1>\n${body}\n</section>` });

export function confirmPage(view: UnsubscribeView, action: string, done: boolean): SitePage {
  if (done) return frame(view, 'Already unsubscribed', html`<p><strong>${view.email}</strong> no longer receives ${view.what}.</p>`);
  return frame(
    view,
    'Unsubscribe',
    html`<p>Stop sending ${view.what} to <strong>${view.email}</strong>?</p>
<form class="unsubscribe" method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(view: UnsubscribeView): SitePage {
  return frame(view, 'Unsubscribed', html`<p><strong>${view.email}</strong> will no longer receive ${view.what}.</p>`);
}

export function refusedPage(view: UnsubscribeView, reason: string): SitePage {
  return frame(view, 'Not unsubscribed', html`<p class="notice error" role="status">Nothing changed: ${reason}.</p>
<p>Open the link from the email again and press the button on that page.</p>`);
}

export function unknownPage(): SitePage {
  return sitePage({ publication: null, title: 'Link not valid', body: html`<h1>Link not valid</h1>\n<p>This unsubscribe link is not valid or has expired.</p>` });
}
