/**
 * The plain pages behind an email's unsubscribe link: a confirmation form
 * (GET, so that link scanners which prefetch URLs unsubscribe nobody) and
 * the result (POST). Every value shown is escaped.
 */
import { escapeHtml } from '../html-escape.js';

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    `<title>${escapeHtml(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>' +
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

export function confirmPage(what: string, email: string, action: string, done: boolean): string {
  if (done) return page('Already unsubscribed', `<p>${escapeHtml(email)} no longer receives ${escapeHtml(what)}.</p>`);
  return page(
    'Unsubscribe',
    `<p>Stop sending ${escapeHtml(what)} to <strong>${escapeHtml(email)}</strong>?</p>` +
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      '<button type="submit">Unsubscribe</button></form>',
  );
}

export function donePage(what: string, email: string): string {
  return page('Unsubscribed', `<p>${escapeHtml(email)} will no longer receive ${escapeHtml(what)}.</p>`);
}

export function unknownPage(): string {
  return page('Link not valid', '<p>This unsubscribe link is not valid or has expired.</p>');
}
