/**
 * The frame of every inspector page: navigation, the clock's reading, the
 * flash message, and the headers that go with it (a strict
 * Content-Security-Policy naming the one script and stylesheet by hash).
 */
import { Html, htmlPage, html, sourceHash } from '../html.js';
import type { Reply } from '../http/types.js';
import { CSRF_FIELD, INSPECTOR_PATH, type InspectorSession } from './access.js';
import { INSPECTOR_SCRIPT } from './script.js';
import { INSPECTOR_STYLE } from './style.js';

/**
 * No script but the inspector's own, no style attribute, nothing loaded from
 * elsewhere, frames only of this server (the email viewer), forms and fetches
 * only to this server, and the page itself never framed.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  `script-src ${sourceHash(INSPECTOR_SCRIPT)}`,
  `style-src ${sourceHash(INSPECTOR_STYLE)}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Headers of every inspector answer: nothing cached, nothing read or opened from another origin. */
export const INSPECTOR_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export type Section = 'mail' | 'clock' | 'state' | 'requests';

const SECTIONS: [Section, string][] = [
  ['mail', 'Mail'],
  ['clock', 'Clock'],
  ['state', 'State'],
  ['requests', 'Requests'],
];

export interface Frame {
  session: InspectorSession;
  /** Whether a control token guards the inspector (then there is a sign-out button). */
  signedIn: boolean;
  now: number;
  frozen: boolean;
}

export function page(frame: Frame, section: Section | null, title: string, body: Html, status = 200): Reply {
  const flash = frame.session.flash;
  frame.session.flash = null;
  return { status, html: document(title, html`${topBar(frame, section)}
<main id="main">
${flash ? html`<p class="flash${flash.error ? ' error' : ''}" role="${flash.error ? 'alert' : 'status'}" id="flash">${flash.text}</p>` : ''}
${body}
</main>`), headers: pageHeaders() };
}

/** A page outside the session (sign-in, a refused form). */
export function barePage(title: string, body: Html, status: number, extra: Record<string, string> = {}): Reply {
  return { status, html: document(title, html`<main id="main">${body}</main>`), headers: { ...pageHeaders(), ...extra } };
}

export function pageHeaders(): Record<string, string> {
  return { ...INSPECTOR_HEADERS, 'Content-Security-Policy': PAGE_POLICY };
}

/** The hidden field every state-changing form carries. */
export function csrfInput(session: InspectorSession): Html {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${session.csrf}">`;
}

export function utc(ms: number): string {
  return `${new Date(ms).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
}

function topBar(frame: Frame, section: Section | null): Html {
  const links = SECTIONS.map(([id, label]) => html`<a href="${INSPECTOR_PATH}/${id}"${id === section ? html` aria-current="page"` : ''}>${label}</a>`);
  return html`<a class="skip" href="#main">Skip to content</a>
<header class="top">
<span class="brand">Reference inspector</span>
<nav aria-label="Inspector">${links}</nav>
<span class="now" id="clock-now">${utc(frame.now)}${frame.frozen ? ' (frozen)' : ''}</span>
${frame.signedIn ? html`<form method="post" action="${INSPECTOR_PATH}/sign-out">${csrfInput(frame.session)}<button type="submit">Sign out</button></form>` : ''}
</header>`;
}

function document(title: string, body: Html): string {
  return htmlPage(`${title} · Reference inspector`, INSPECTOR_STYLE, html`${body}
<script>${new Html(INSPECTOR_SCRIPT)}</script>`);
}
