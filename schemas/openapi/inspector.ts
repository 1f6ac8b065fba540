import { NO_STORE, html, type Endpoint, type EndpointResponse, type JsonSchema, type ResponseHeader } from './endpoint.js';

const tag = 'Inspector';
const PAGE_HEADERS: Record<string, ResponseHeader> = {
  ...NO_STORE,
  'Content-Security-Policy': { description: "the inspector's script and stylesheet by hash, connect/frame/form to this server, frame-ancestors 'none'" },
};
const SESSION = 'The inspector session cookie (`inspector_session`): handed out by the first page without a control token, by the sign-in form with one.';
const FIRST_VISIT = { ...PAGE_HEADERS, 'Set-Cookie': { description: 'the session cookie, on a first visit without a control token' } };
const SIGN_IN = html('with a control token and no session: the sign-in form', { ...PAGE_HEADERS, 'WWW-Authenticate': { description: 'Bearer realm="_control"' } });

const seeOther = (to: string): EndpointResponse => ({ description: 'done', headers: { Location: { description: to, schema: { type: 'string', format: 'uri-reference' } } } });

/** A form of the inspector: the session's CSRF token and the fields of the action. */
const form = (fields: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  required: ['csrf_token', ...required],
  properties: { csrf_token: { type: 'string', description: "the hidden field of the page's forms (the session's CSRF token)" }, ...fields },
});

const ACTION_REFUSALS = {
  403: html('no session cookie, a wrong CSRF token, or a form from another origin; nothing changed', PAGE_HEADERS),
  415: html('not sent as an HTML form', PAGE_HEADERS),
};

const view = (path: string, summary: string, description: string, extra: Record<number, EndpointResponse> = {}): Endpoint => ({
  method: 'get', path, tag, auth: 'none', profile: 'reference', summary, description: `${description} ${SESSION}`,
  responses: { 200: html(summary, FIRST_VISIT), 401: SIGN_IN, ...extra },
});

export const inspectorEndpoints: Endpoint[] = [
  {
    method: 'get', path: '/_inspector', tag, auth: 'none', profile: 'reference',
    summary: 'The inspector', description: 'Served with the control API only. Redirects to the Mail page.',
    responses: { 303: seeOther('/_inspector/mail') },
  },
  view('/_inspector/mail', 'Mail: the captured emails', 'Filters `to`, `kind`, `publication`, `post`, `q` (text search); `open` shows one email in full.', {
    400: html('an unknown kind', PAGE_HEADERS),
    404: html('`open` names no email in the outbox', PAGE_HEADERS),
  }),
  view('/_inspector/mail/stamp', 'What the Mail page polls to update itself', 'Plain text that changes when an email is queued or delivered, or the outbox emptied.'),
  view('/_inspector/mail/{emailId}/body', "An email's HTML, for the viewer's sandboxed frame", 'Served with a policy that allows no script (script-src none and the sandbox directive), framed by the inspector only.', {
    404: html('no such email', PAGE_HEADERS),
  }),
  view('/_inspector/clock', 'Clock: now and the scheduled work', 'The reading, frozen or running, every scheduled task with its due time, and the forms that move the clock.'),
  {
    method: 'post', path: '/_inspector/clock', tag, auth: 'none', profile: 'reference',
    summary: 'Move the clock from the Clock page',
    description: '`do`: advance (`advanceMs`), to (`to`, a UTC date-time), next (the next due item), freeze, unfreeze: what POST /_control/clock does.',
    bodySchema: form({ do: { type: 'string', enum: ['advance', 'to', 'next', 'freeze', 'unfreeze'] }, advanceMs: { type: 'string' }, to: { type: 'string', description: 'YYYY-MM-DDTHH:MM(:SS), UTC' } }, ['do']),
    bodyContentType: 'application/x-www-form-urlencoded',
    responses: { 303: seeOther('/_inspector/clock'), 400: html('a time out of range or an unknown action; nothing changed', PAGE_HEADERS), ...ACTION_REFUSALS },
  },
  view('/_inspector/state', 'State: sign-ins, publications, posts, content, subscribers', '`publication` picks the publication shown (default demo), `q` searches its subscribers.', {
    404: html('no such publication', PAGE_HEADERS),
  }),
  {
    method: 'post', path: '/_inspector/state/sign-ins/{sessionId}', tag, auth: 'none', profile: 'reference',
    summary: 'Approve or deny a pending CLI sign-in from the State page',
    description: 'What POST /_control/auth/sessions/{id}/approve and /deny do.',
    bodySchema: form({ decision: { type: 'string', enum: ['approve', 'deny'] }, publicationId: { type: 'string' } }, ['decision']),
    bodyContentType: 'application/x-www-form-urlencoded',
    responses: {
      303: seeOther('/_inspector/state'),
      400: html('no decision', PAGE_HEADERS),
      404: html('no such session or publication', PAGE_HEADERS),
      409: html('the session is no longer pending', PAGE_HEADERS),
      ...ACTION_REFUSALS,
    },
  },
  view('/_inspector/requests', 'Requests: the request journal', 'The filters of GET /_control/requests (`method`, `path`, `status`, `publicationId`, `limit`); `seq` shows one request in full and as curl.', {
    400: html('a bad filter', PAGE_HEADERS),
    404: html('`seq` is no longer in the journal', PAGE_HEADERS),
  }),
  {
    method: 'post', path: '/_inspector/sign-in', tag, auth: 'none', profile: 'reference',
    summary: 'Sign in to the inspector with the control token',
    description: 'Only with --control-token: the token is checked like the bearer token of /_control, and a new session cookie replaces it.',
    bodySchema: { type: 'object', required: ['token'], properties: { token: { type: 'string' }, next: { type: 'string', description: 'an inspector path to go to' } } },
    bodyContentType: 'application/x-www-form-urlencoded',
    responses: {
      303: { description: 'signed in', headers: { Location: { description: 'next, or the Mail page', schema: { type: 'string', format: 'uri-reference' } }, 'Set-Cookie': { description: 'the session cookie' } } },
      401: SIGN_IN,
      403: html('sent from another origin', PAGE_HEADERS),
      415: html('not sent as an HTML form', PAGE_HEADERS),
    },
  },
  {
    method: 'post', path: '/_inspector/sign-out', tag, auth: 'none', profile: 'reference',
    summary: 'Sign out of the inspector', description: 'Forgets the session and clears its cookie.',
    bodySchema: form({}),
    bodyContentType: 'application/x-www-form-urlencoded',
    responses: { 303: seeOther('/_inspector'), ...ACTION_REFUSALS },
  },
];
