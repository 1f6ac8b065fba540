/**
 * The approval pages, one function per state. Plain data in, HTML out; no
 * state access (page-routes.ts gathers what they show).
 */
import { html } from '../html.js';
import { layout } from './html.js';
import { CSRF_FIELD } from '../http/csrf.js';

export interface PublicationChoice {
  id: string;
  name: string;
  slug: string;
  ownerName: string;
  selected: boolean;
}

export interface PendingView {
  device: string;
  formAction: string;
  csrfToken: string;
  /** Where the browser goes after approval (origin only, for the reader), or null. */
  callbackOrigin: string | null;
  expiresAt: number;
  now: number;
  publications: PublicationChoice[];
}

export function pendingPage(v: PendingView): string {
  const minutesLeft = Math.max(1, Math.ceil((v.expiresAt - v.now) / 60_000));
  const options = v.publications.map(
    (p) => html`<option value="${p.id}"${p.selected ? html` selected` : ''}>${p.name} (@${p.slug}), owner ${p.ownerName}</option>`,
  );
  return layout(
    `Approve ${v.device}?`,
    html`<span class="status info">Sign-in request</span>
<h1><span class="device" id="device-name">${v.device}</span> wants an API key for your publication</h1>
<p>Approve only if you started this yourself just now, for example by running a sign-in command on that device. The key lets it read and change your publication's posts, drafts, subscribers and settings until you revoke it.</p>
<dl>
<dt>Device</dt><dd class="device">${v.device}</dd>
${v.callbackOrigin ? html`<dt>After approval</dt><dd>your browser goes to ${v.callbackOrigin}</dd>` : ''}
<dt>Expires</dt><dd>in ${minutesLeft} minute${minutesLeft === 1 ? '' : 's'} (${utc(v.expiresAt)})</dd>
</dl>
<form method="post" action="${v.formAction}">
<input type="hidden" name="${CSRF_FIELD}" value="${v.csrfToken}">
<label for="publication">Give access to</label>
<select id="publication" name="publication_id">${options}</select>
<div class="actions">
<button type="submit" class="approve" name="decision" value="approve" id="approve">Approve and create key</button>
<button type="submit" name="decision" value="deny" id="deny">Deny</button>
</div>
</form>`,
  );
}

export function approvedPage(device: string, publicationName: string): string {
  return layout(
    `Approved: ${device}`,
    html`<span class="status ok">Approved</span>
<h1><span class="device">${device}</span> now has access</h1>
<p>It has a new API key for <strong>${publicationName}</strong>.</p>
<p id="close-hint">You can close this window and return to <span class="device">${device}</span>.</p>`,
  );
}

export function deliveredPage(device: string): string {
  return layout(
    'Request already used',
    html`<span class="status info">Already used</span>
<h1>This sign-in request was already approved</h1>
<p><span class="device">${device}</span> has collected its API key. The request cannot be approved again.</p>
<p>You can close this window.</p>`,
  );
}

export function deniedPage(device: string): string {
  return layout(
    `Denied: ${device}`,
    html`<span class="status bad">Denied</span>
<h1>Request denied</h1>
<p><span class="device">${device}</span> was not given access to your publication, and this request cannot be approved any more.</p>
<p>You can close this window.</p>`,
  );
}

export function expiredPage(device: string): string {
  return layout(
    'Request expired',
    html`<span class="status bad">Expired</span>
<h1>This sign-in request has expired</h1>
<p>Requests are valid for five minutes. Start the sign-in again on <span class="device">${device}</span> to get a new link.</p>`,
  );
}

export function notFoundPage(): string {
  return layout(
    'Request not found',
    html`<span class="status bad">Not found</span>
<h1>No such sign-in request</h1>
<p>The link may be mistyped, or the request ended more than an hour ago. Start the sign-in again on your device.</p>`,
  );
}

export function refusedPage(reason: string, retryPath: string): string {
  return layout(
    'Request refused',
    html`<span class="status bad">Refused</span>
<h1>This form could not be accepted</h1>
<p>For your safety, nothing was approved or denied: ${reason}.</p>
<p><a href="${retryPath}">Open the approval page again</a> from the link your device gave you, and decide there.</p>`,
  );
}

export function badFormPage(message: string, retryPath: string): string {
  return layout(
    'Invalid form',
    html`<span class="status bad">Invalid</span>
<h1>The form was incomplete</h1>
<p>${message}. Nothing was approved or denied.</p>
<p><a href="${retryPath}">Back to the approval page</a></p>`,
  );
}

function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(11, 16)} UTC`;
}
