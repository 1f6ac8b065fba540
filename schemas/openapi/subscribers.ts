/**
 * Subscribers: add, delete and CSV import (SPEC.md, with the import path of
 * SILENT.md), and the extended list and count.
 */
import { SuccessBody } from '../common.js';
import {
  CSV_CONTENT_TYPES,
  SUBSCRIBER_LIMITS,
  SubscriberAdd,
  SubscriberCount,
  SubscriberDelete,
  SubscriberListQuery,
  SubscriberPage,
} from '../subscribers.js';
import { json, type Endpoint, type JsonSchema } from './endpoint.js';

const tag = 'Subscribers';

/** The import's form: one CSV file in the field `file` (zod has no multipart file type). */
const ImportForm: JsonSchema = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      contentMediaType: 'text/csv',
      description: `the CSV file, at most ${SUBSCRIBER_LIMITS.importMaxBytes} bytes (10 MB)`,
    },
  },
};

export const subscriberEndpoints: Endpoint[] = [
  {
    method: 'post', path: '/v1/subscribers', tag, auth: 'required',
    summary: 'Add a subscriber',
    description:
      'At least one of email or wallet. An existing subscriber (by email or wallet) is not duplicated; a subscriber given both credentials is associated with both. createdAt is Unix ms, default now, not in the future.',
    body: SubscriberAdd,
    responses: { 200: json('added (or already there)', SuccessBody) },
    errors: { 400: 'a field breaks its rule, or email and wallet belong to different subscribers' },
  },
  {
    method: 'delete', path: '/v1/subscribers', tag, auth: 'required',
    summary: 'Delete a subscriber (hard delete)',
    description: 'At least one of email or wallet; if both, they must resolve to the same subscriber.',
    body: SubscriberDelete,
    responses: { 200: json('deleted', SuccessBody) },
    errors: {
      400: 'a field breaks its rule, or email and wallet do not belong to the same subscriber',
      404: 'no subscriber with this email or wallet',
    },
  },
  {
    method: 'post', path: '/v1/subscribers/import', tag, auth: 'required',
    summary: 'Import subscribers from a CSV file',
    description: [
      `multipart/form-data with the file in the field file; at most 10 MB; text/csv (also ${CSV_CONTENT_TYPES.slice(1).join(', ')}, or application/octet-stream with a .csv name).`,
      'Columns (case-insensitive): email or subscriberEmail; wallet_address; optionally created_at, subscription date, created or createdAt.',
      'A row without a valid email or wallet is skipped. The answer means the import has started and reports no counts; nothing is applied unless the whole file reads cleanly.',
    ].join(' '),
    bodySchema: ImportForm,
    bodyContentType: 'multipart/form-data',
    bodyEncoding: { file: { contentType: CSV_CONTENT_TYPES.join(', ') } },
    responses: {
      200: json('the import has started', SuccessBody, {
        'X-Import-Summary': { description: "the reference's own count of rows, created, attached, unchanged, invalid and conflicts" },
      }),
    },
    errors: {
      400: 'the multipart body cannot be read, has no file in the field file, or the CSV cannot be read',
      413: 'the file is larger than 10 MB (the connection is closed)',
      415: 'the body is not multipart/form-data, or the file is not a CSV',
    },
  },
  {
    method: 'get', path: '/v1/subscribers', tag, auth: 'required', profile: 'extended',
    summary: 'List active subscribers, newest first',
    description: 'limit 1..100, default 10.',
    query: SubscriberListQuery,
    responses: { 200: json('a page of subscribers', SubscriberPage) },
  },
  {
    method: 'get', path: '/v1/publications/{publicationId}/subscribers/count', tag, auth: 'none', profile: 'extended',
    summary: "Count a publication's active subscribers",
    description: 'Public: any publication\'s count, without a key.',
    responses: { 200: json('the count', SubscriberCount) },
    errors: { 404: 'no such publication' },
  },
];
