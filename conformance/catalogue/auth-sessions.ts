/** The CLI auth session: browser-based approval handing an API key to a client. */
import { defineRules } from './types.js';

export const authSessionRules = defineRules([
  {
    section: 'Endpoints › CLI auth session',
    rules: [
      ['auth-sessions.create.no-auth', 'POST /v1/api/auth/sessions needs no Authorization header.'],
      ['auth-sessions.create.fields', 'The create body takes deviceName, callbackUrl and supportsDeliveryAcknowledgement.'],
      ['auth-sessions.create.device-name-max-100', 'deviceName is at most 100 characters.'],
      ['auth-sessions.create.callback-max-2048', 'callbackUrl is at most 2048 characters.'],
      ['auth-sessions.create.callback-https', 'callbackUrl must be an HTTPS URL.'],
      ['auth-sessions.create.error-shape', 'Auth session errors have the error body of the Errors section.'],
      ['auth-sessions.approval.flow', 'The user approves the session by opening verificationUrl in a browser.', { section: 'Authentication' }],
    ],
  },
  {
    section: 'Endpoints › CLI auth session',
    source: 'SILENT.md public',
    rules: [
      ['auth-sessions.create.response', 'POST /v1/api/auth/sessions answers 201 {sessionId, verificationUrl, expiresAt}.'],
      ['auth-sessions.create.all-optional', 'All three create body fields are optional.'],
      ['auth-sessions.poll.pending', 'GET /v1/api/auth/sessions/{sessionId} answers {status: "pending", deviceName, callbackUrl?} before approval.'],
      ['auth-sessions.poll.completed', 'After approval the session answers {status: "completed", apiKey}.'],
      ['auth-sessions.poll.expired', 'Sessions expire five minutes after creation and answer {status: "expired"}.'],
      ['auth-sessions.poll.unknown-404', 'GET of an unknown session id answers 404.'],
      ['auth-sessions.delete.deny', 'DELETE on a pending session denies it; GET then answers 404.'],
      ['auth-sessions.key.once', 'The API key is handed over once.'],
      ['auth-sessions.key.works', "The handed-over API key authenticates as the approving writer's publication."],
      ['auth-sessions.approval.deny', 'The verification page lets the signed-in writer approve or deny.'],
    ],
  },
  {
    section: 'SILENT.md › Auth sessions',
    source: 'SILENT.md ours',
    rules: [
      [
        'auth-sessions.ack.keeps-completed',
        'With supportsDeliveryAcknowledgement true, a completed session keeps answering completed with the key until DELETE, then 404.',
      ],
      ['auth-sessions.ack.without-once', 'Without delivery acknowledgement, the first completed answer is the only one; the session then answers 404.'],
      ['auth-sessions.poll.expired-one-hour', 'An expired session answers expired for one more hour of clock time, then 404.'],
      ['auth-sessions.poll.unknown-error-shape', 'The 404 of an unknown session has the {success: false, msg} body ({message} is also accepted).'],
    ],
  },
  {
    // The reference's own choices where SILENT.md is silent too (docs/spec-gaps-auth-sessions.md).
    section: 'SILENT.md › Auth sessions',
    source: 'SILENT.md ours',
    rules: [
      ['auth-sessions.create.unknown-fields-ignored', 'Unknown fields in the create body are ignored, not refused.'],
      [
        'auth-sessions.poll.completed-until-forgotten',
        'An approved session whose key no poll has collected answers completed past its expiry, until an hour after it, then 404.',
      ],
      ['auth-sessions.poll.no-store', 'Every poll answer (pending, completed, expired) has Cache-Control: no-store: it may carry a key.'],
      [
        'auth-sessions.delete.answer',
        'DELETE answers 200 {success: true} for a pending or completed session, and 404 for an unknown, expired, denied or already delivered one.',
      ],
      ['auth-sessions.delete.unseen-key-revoked', 'DELETE of a completed session whose key no poll ever carried revokes that key.'],
      [
        'auth-sessions.key.form',
        "A handed-over API key is para_ and 32 letters and digits: production's form, which its MCP server accepts (docs/spec-gaps-production.md).",
      ],
      ['auth-sessions.page.shows-device', 'The verification page shows the device name, HTML-escaped, with Approve and Deny; it reads no Authorization header.'],
      [
        'auth-sessions.page.callback-redirect',
        'Approving on the verification page redirects (303) to callbackUrl with session=<sessionId> added to its query.',
      ],
      [
        'auth-sessions.page.csrf',
        'A decision posted to the verification page from another origin, or without the cookie and token of the page, is refused with 403 and changes nothing.',
      ],
      ['auth-sessions.page.outcome', 'Once decided or expired, the verification page says so and offers no form.'],
      [
        'auth-sessions.page.shows-request',
        "The pending verification page shows where the browser goes after approval (the callback's origin), when the request expires, and a select of the publications (name, @slug and owner) with the demo one chosen.",
      ],
      [
        'auth-sessions.page.approve',
        'Approving on the verification page mints a key for the chosen publication (the demo one when none is sent); without a callbackUrl it redirects 303 back to the page, which says so and names the publication.',
      ],
      [
        'auth-sessions.page.bad-form',
        "The verification page of an unknown session is a 404 page; a decision that is not url-encoded is 415, one without a decision or approving an unknown publication 400; none changes the session.",
      ],
      [
        'auth-sessions.page.headers',
        "The verification page and its redirects are not cached (no-store), send Referrer-Policy: same-origin, and each page X-Frame-Options: DENY and a Content-Security-Policy allowing no script, the page's one stylesheet by hash, and forms to the server itself plus, on the pending page, the callback's origin.",
      ],
    ],
  },
  {
    section: 'Production OpenAPI › Auth sessions',
    source: 'production OpenAPI',
    profile: 'extended',
    rules: [
      ['auth-sessions.poll.unknown-message', 'The 404 of an unknown session carries its message as a non-empty `message`, the body production documents there.'],
    ],
  },
  {
    section: 'DESIGN.md › The test-control API',
    source: 'DESIGN.md',
    profile: 'control',
    rules: [
      ['auth-sessions.control.approve', 'POST /_control/auth/sessions/{id}/approve {publicationId?} approves a pending session as the writer would, minting a key.'],
      ['auth-sessions.control.deny', 'POST /_control/auth/sessions/{id}/deny denies a pending session as the writer would.'],
      ['auth-sessions.control.list', 'GET /_control/auth/sessions lists the sessions with their status.'],
      [
        'auth-sessions.control.api-keys',
        'GET /_control/api-keys lists the keys in full (?publicationId= filters); DELETE /_control/api-keys/{key} revokes one, and an already revoked key is 404.',
      ],
    ],
  },
]);
