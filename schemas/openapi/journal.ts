import { ControlRequests, ControlRequestsCleared, ControlRequestsQuery, JOURNAL_LIMITS } from '../journal.js';
import { json, type Endpoint } from './endpoint.js';

const control = { tag: 'Test control', auth: 'none', profile: 'control' } as const;

export const journalControlEndpoints: Endpoint[] = [
  {
    ...control, method: 'get', path: '/_control/requests',
    summary: 'The most recent /v1 requests, newest first (capability requests)',
    description: `The journal keeps the last ${JOURNAL_LIMITS.capacity} requests: method, path, query, status, duration, the publication of the key (never the key) and the error message of a 4xx/5xx; no bodies. Filters combine: method, path (a prefix), status, publicationId; limit 1..${JOURNAL_LIMITS.capacity} (default ${JOURNAL_LIMITS.listDefault}). /_control and the pages are not recorded; a reset clears it.`,
    query: ControlRequestsQuery,
    responses: { 200: json('the recorded requests', ControlRequests) },
  },
  {
    ...control, method: 'delete', path: '/_control/requests',
    summary: 'Empty the request journal',
    responses: { 200: json('cleared', ControlRequestsCleared) },
  },
];
