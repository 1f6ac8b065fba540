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
]);
