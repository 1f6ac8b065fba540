/**
 * The journal part of the test-control API (capability requests): read the
 * recent /v1 requests, newest first, filtered; clear them. A reset clears
 * them too.
 */
import { ControlRequestsQuery, JOURNAL_LIMITS } from '../../../schemas/journal.js';
import type { RouteDef } from '../http/types.js';
import { parseOr400, queryObject } from '../http/validate.js';
import type { JournalFilter, RequestJournal } from './store.js';

/** The filter a query asks for (the parameters of GET /_control/requests); 400 on a bad one. */
export function journalFilterOf(query: Record<string, string>): JournalFilter {
  const q = parseOr400(ControlRequestsQuery, query, 'query');
  return {
    method: q.method?.toUpperCase(),
    pathPrefix: q.path,
    status: q.status === undefined ? undefined : Number(q.status),
    publicationId: q.publicationId,
    limit: q.limit === undefined ? JOURNAL_LIMITS.listDefault : Number(q.limit),
  };
}

export const JOURNAL_CONTROL_CAPABILITIES = ['requests'];

export function journalControlRoutes(journal: RequestJournal): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/_control/requests',
      auth: 'none',
      handler: ({ query }) => ({ json: { requests: journal.list(journalFilterOf(queryObject(query))), capacity: journal.capacity } }),
    },
    {
      method: 'DELETE',
      path: '/_control/requests',
      auth: 'none',
      handler: () => {
        journal.clear();
        return { json: { success: true } };
      },
    },
  ];
}
