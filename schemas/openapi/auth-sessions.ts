/**
 * CLI auth sessions: create (SPEC.md), poll and deny/acknowledge (SILENT.md,
 * public), the approval page the verificationUrl opens, and the headless
 * approval and API keys of the test-control API.
 */
import { z } from 'zod';
import { SuccessBody } from '../common.js';
import {
  AUTH_SESSION_LIMITS,
  AuthSessionCreate,
  AuthSessionCreated,
  AuthSessionNotFound,
  AuthSessionPoll,
  CALLBACK_SESSION_PARAM,
  ControlApiKey,
  ControlApiKeys,
  ControlAuthSession,
  ControlAuthSessionApprove,
  ControlAuthSessions,
} from '../auth-sessions.js';
import { html, json, NO_STORE, type Endpoint, type JsonSchema } from './endpoint.js';

const tag = 'Auth sessions';
const UNKNOWN = 'unknown, denied, already delivered, or forgotten an hour after expiry';

/** The approval form the page posts (no JavaScript). The CSRF field name is the reference's. */
const ApprovalForm: JsonSchema = {
  type: 'object',
  required: ['decision', 'csrf_token'],
  properties: {
    decision: { type: 'string', enum: ['approve', 'deny'] },
    publication_id: { type: 'string', description: 'the publication to grant; default the demo publication' },
    csrf_token: { type: 'string', description: "the token of the page's form, bound to a cookie the page set" },
  },
};

const PAGE_HEADERS = {
  ...NO_STORE,
  'Referrer-Policy': { description: 'same-origin' },
  'Content-Security-Policy': { description: 'the page loads nothing from elsewhere; the form may post only here (and redirect to the callback origin)' },
};

const ApiKeyQuery = z.object({ publicationId: z.string().optional().describe('one publication; all when absent') });

export const authSessionEndpoints: Endpoint[] = [
  {
    method: 'post', path: '/v1/api/auth/sessions', tag, auth: 'none',
    summary: 'Start a browser-based auth session for a CLI or other API client',
    description: [
      `All fields optional; unknown fields are ignored. deviceName at most ${AUTH_SESSION_LIMITS.deviceNameMax}; callbackUrl an HTTPS URL at most ${AUTH_SESSION_LIMITS.callbackUrlMax}.`,
      'The client opens verificationUrl in the user\'s browser, where the writer approves or denies, then polls GET no more often than every few seconds. Sessions expire five minutes after creation.',
    ].join(' '),
    body: AuthSessionCreate,
    responses: { 201: json('the session', AuthSessionCreated) },
    errors: { 413: 'the body is larger than 16 KiB' },
  },
  {
    method: 'get', path: '/v1/api/auth/sessions/{sessionId}', tag, auth: 'none',
    summary: 'Poll an auth session',
    description: [
      'pending, completed (with the API key) or expired. The key is handed over once: without supportsDeliveryAcknowledgement the first completed answer is the only one;',
      'with it, completed repeats until the client DELETEs the session. An expired session answers expired for one more hour, then 404.',
    ].join(' '),
    responses: { 200: json('the session\'s state', AuthSessionPoll, NO_STORE), 404: json(UNKNOWN, AuthSessionNotFound) },
  },
  {
    method: 'delete', path: '/v1/api/auth/sessions/{sessionId}', tag, auth: 'none',
    summary: 'Deny a pending session, or acknowledge secure storage of the key of a completed one',
    description: 'Afterwards GET answers 404. A key that no answer carried yet is revoked.',
    responses: { 200: json('denied or acknowledged', SuccessBody) },
    errors: { 404: `${UNKNOWN}, or expired` },
  },
  {
    method: 'get', path: '/auth/sessions/{sessionId}', tag, auth: 'none', profile: 'reference',
    summary: 'The approval page verificationUrl opens',
    description: 'A pending session shows the device and an Approve / Deny form; any other shows its outcome.',
    responses: {
      200: html('the approval form, or the outcome of a decided session', {
        ...PAGE_HEADERS,
        'Set-Cookie': { description: 'the CSRF nonce the form token is bound to (first visit)' },
      }),
      404: html(`no such session (${UNKNOWN})`, PAGE_HEADERS),
    },
  },
  {
    method: 'post', path: '/auth/sessions/{sessionId}', tag, auth: 'none', profile: 'reference',
    summary: 'Approve or deny from the page',
    description: `On success a 303 (a reload never re-submits): on approval to callbackUrl with ${CALLBACK_SESSION_PARAM} added when the client gave one, else back to the page, which shows the outcome. The form's origin and CSRF token are checked.`,
    bodySchema: ApprovalForm,
    bodyContentType: 'application/x-www-form-urlencoded',
    responses: {
      303: { description: 'decided', headers: { Location: { description: `callbackUrl with ${CALLBACK_SESSION_PARAM}, or the page`, schema: { type: 'string', format: 'uri-reference' } } } },
      400: html('no decision, or an unknown publication (a page with a way back)', PAGE_HEADERS),
      403: html('the form came from elsewhere or its token is wrong (a page with a way back)', PAGE_HEADERS),
      404: html('no such session', PAGE_HEADERS),
      409: html('the session was decided meanwhile or has expired: its outcome page', PAGE_HEADERS),
      415: html('not sent as an HTML form (a page with a way back)', PAGE_HEADERS),
    },
    errors: { 413: 'the form is larger than 8 KiB' },
  },
];

const control = { tag: 'Test control', auth: 'none', profile: 'control' } as const;

export const authSessionControlEndpoints: Endpoint[] = [
  {
    ...control, method: 'get', path: '/_control/auth/sessions',
    summary: 'Every remembered auth session, newest first, in full',
    responses: { 200: json('the sessions', ControlAuthSessions) },
  },
  {
    ...control, method: 'post', path: '/_control/auth/sessions/{sessionId}/approve',
    summary: 'Approve a pending session headlessly, as the writer would on the page',
    description: 'Mints an API key for publicationId (default the demo publication).',
    body: ControlAuthSessionApprove,
    responses: { 200: json('the session', ControlAuthSession) },
    errors: { 404: 'no such session or publication', 409: 'the session is not pending' },
  },
  {
    ...control, method: 'post', path: '/_control/auth/sessions/{sessionId}/deny',
    summary: 'Deny a pending session headlessly',
    responses: { 200: json('the session', ControlAuthSession) },
    errors: { 404: 'no such session', 409: 'the session is not pending' },
  },
  {
    ...control, method: 'get', path: '/_control/api-keys',
    summary: 'API keys in full, with where they came from',
    query: ApiKeyQuery,
    responses: { 200: json('the keys', ControlApiKeys) },
  },
  {
    ...control, method: 'delete', path: '/_control/api-keys/{key}',
    summary: 'Revoke an API key',
    responses: { 200: json('the revoked key', ControlApiKey) },
    errors: { 404: 'no such active key' },
  },
];
