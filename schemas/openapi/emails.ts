/**
 * Email: the custom email and the test newsletter (SPEC.md, with the test
 * newsletter's path from SILENT.md), the unsubscribe page every email links
 * to, and the email area's test-control API (outbox, unsubscribes,
 * suppressions, approval, fault switches).
 */
import { z } from 'zod';
import { SuccessBody } from '../common.js';
import { CustomEmailResult, CustomEmailSend, TestEmailRequest } from '../emails.js';
import {
  ControlCustomEmailApproval,
  ControlEmailFaults,
  ControlSuppression,
  ControlUnsubscribe,
  EMAIL_KINDS,
  EmailFaultsView,
  OutboxEmail,
  OutboxPage,
  OutboxQuery,
  Suppression,
} from '../outbox.js';
import { html, json, NO_STORE, type Endpoint, type JsonSchema } from './endpoint.js';

const tag = 'Email';

// Answers of control endpoints the area returns inline (no schema of their own in schemas/outbox.ts).
const OutboxCleared = z.object({ success: z.literal(true), deleted: z.number().int().min(0) });
const UnsubscribeResult = z.object({
  success: z.literal(true),
  changed: z.boolean().describe('false when the address was already unsubscribed'),
  purpose: z.enum(['subscriber', 'owner']).describe('owner: the new-subscriber notification of the publication owner'),
  publicationId: z.string(),
  email: z.string(),
});
const Suppressions = z.object({ items: z.array(Suppression) });
const SuppressionQuery = z.object({ publicationId: z.string().optional().describe('one publication; all when absent') });
const CustomEmailApproval = z.object({ publicationId: z.string(), customEmailApproved: z.boolean() });

/** What mail clients POST for RFC 8058 one-click; the body is read past, not interpreted. */
const OneClickForm: JsonSchema = {
  type: 'object',
  properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } },
};

const PAGE_HEADERS = {
  ...NO_STORE,
  'Referrer-Policy': { description: 'same-origin' },
  'Content-Security-Policy': { description: 'no script; the page stylesheet by hash; the form may post only here' },
};
const UNKNOWN_TOKEN = 'unknown unsubscribe link (an HTML page)';

export const emailEndpoints: Endpoint[] = [
  {
    method: 'post', path: '/v1/emails/send', tag, auth: 'required',
    summary: 'Send a custom email to a list of addresses',
    description: [
      'Strict body: subject 1..998, body (Markdown, rendered to HTML server-side) 1..100000 characters, emails 1..10000 items, dryRun.',
      'Malformed addresses and known disposable domains are skipped as invalid, addresses that unsubscribed earlier as suppressed; scheduling_failed means filtering passed but queuing failed and the address should be retried.',
      'Each recipient gets an individual email with a mandatory unsubscribe footer; a repeated address counts once.',
      'Sending is asynchronous: 200 means accepted, not delivered. dryRun filters and returns the split without queuing anything.',
    ].join(' '),
    body: CustomEmailSend,
    responses: { 200: json('accepted and skipped recipients', CustomEmailResult) },
    errors: {
      403: 'the publication is not approved for custom emails',
      503: 'the publication is temporarily unable to send; retry later',
    },
  },
  {
    method: 'post', path: '/v1/posts/{postId}/test-email', tag, auth: 'required',
    summary: "Send a test newsletter of a draft post to the publication owner's address",
    description: 'Takes an empty object. Works only for draft posts.',
    body: TestEmailRequest,
    responses: { 200: json('sent', SuccessBody) },
    errors: {
      400: 'the post is not a draft, the owner has no email address, or the body is not a JSON object',
      404: "no such post in the key's publication",
    },
  },
  {
    method: 'get', path: '/unsubscribe/{token}', tag, auth: 'none', profile: 'reference',
    summary: 'The unsubscribe page of an email: a confirmation with a button',
    description: 'The token comes from the unsubscribe link of an email (footer and List-Unsubscribe). Showing the page changes nothing.',
    responses: { 200: html('the confirmation page (or "already unsubscribed")', PAGE_HEADERS), 404: html(UNKNOWN_TOKEN, PAGE_HEADERS) },
  },
  {
    method: 'post', path: '/unsubscribe/{token}', tag, auth: 'none', profile: 'reference',
    summary: 'Unsubscribe (the page\'s button and the RFC 8058 one-click target)',
    description:
      'Suppresses the address for the publication (or turns off the owner\'s new-subscriber notification). Repeating it changes nothing. The body (List-Unsubscribe=One-Click from mail clients) is read past, at most 16 KiB. A mail client\'s POST comes without Origin and is taken; a browser form from another site is refused.',
    bodySchema: OneClickForm,
    bodyContentType: 'application/x-www-form-urlencoded',
    bodyRequired: false,
    responses: {
      200: html('the "you are unsubscribed" page', PAGE_HEADERS),
      403: html('a browser says another site sent the form (Origin, Sec-Fetch-Site): nothing changed', PAGE_HEADERS),
      404: html(UNKNOWN_TOKEN, PAGE_HEADERS),
    },
    errors: { 413: 'the body is larger than 16 KiB' },
  },
];

const control = { tag: 'Test control', auth: 'none', profile: 'control' } as const;

export const emailControlEndpoints: Endpoint[] = [
  {
    ...control, method: 'get', path: '/_control/outbox',
    summary: 'Every email the service would have sent, newest first',
    description: `Filters combine. limit 1..10000 (default 100) or all. Kinds: ${EMAIL_KINDS.join(', ')}.`,
    query: OutboxQuery,
    responses: { 200: json('a page of emails', OutboxPage) },
  },
  {
    ...control, method: 'get', path: '/_control/outbox/{emailId}',
    summary: 'One email of the outbox',
    responses: { 200: json('the email', OutboxEmail) },
    errors: { 404: 'no such email in the outbox' },
  },
  {
    ...control, method: 'delete', path: '/_control/outbox',
    summary: 'Empty the outbox',
    responses: { 200: json('how many emails were removed', OutboxCleared) },
  },
  {
    ...control, method: 'post', path: '/_control/unsubscribe',
    summary: 'Unsubscribe an address of a publication, or follow an unsubscribe token',
    body: ControlUnsubscribe,
    responses: { 200: json('the unsubscribe', UnsubscribeResult) },
    errors: { 404: 'unknown token, or no such publication' },
  },
  {
    ...control, method: 'get', path: '/_control/suppressions',
    summary: 'Suppressed addresses',
    query: SuppressionQuery,
    responses: { 200: json('the suppressions', Suppressions) },
  },
  {
    ...control, method: 'delete', path: '/_control/suppressions',
    summary: 'Lift a suppression',
    body: ControlSuppression,
    responses: { 200: json('lifted', SuccessBody) },
    errors: { 404: 'the address is not suppressed for the publication' },
  },
  {
    ...control, method: 'post', path: '/_control/publications/{publicationId}/custom-email',
    summary: 'Approve a publication for custom emails, or withdraw the approval',
    body: ControlCustomEmailApproval,
    responses: { 200: json('the approval', CustomEmailApproval) },
    errors: { 404: 'no such publication' },
  },
  {
    ...control, method: 'get', path: '/_control/email-faults',
    summary: 'The fault switches of custom email',
    responses: { 200: json('the switches', EmailFaultsView) },
  },
  {
    ...control, method: 'post', path: '/_control/email-faults',
    summary: 'Set the fault switches of custom email',
    description:
      'emailSend: null (normal), unavailable (503 on real sends) or scheduling_failed (addresses that pass filtering are skipped as scheduling_failed: all, those listed, or a seeded fraction). remaining limits the fault to that many send requests.',
    body: ControlEmailFaults,
    responses: { 200: json('the switches', EmailFaultsView) },
  },
];
