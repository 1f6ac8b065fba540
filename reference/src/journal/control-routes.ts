/**
 * The journal part of the test-control API (capability requests): read the
 * recent /v1 requests, newest first, filtered; clear them. A reset clears
 * them too.
 */
import { ControlRequestsQuery, JOURNAL_LIMITS } from '../../../schemas/journal.js';
import type { RouteDef } from '../http/types.js';
import { parseOr400, queryObject } from '../http/validate.js';
import type { RequestJournal } from './store.js';

export const JOURNAL_CONTROL_CAPABILITIES = ['requests'];

export function journalControlRoutes(journal: RequestJournal): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/_control/requests',
      auth: 'none',
      handler: ({ query }) => {
        const q = parseOr400(ControlRequestsQuery, queryObject(query), 'query');
        const requests = journal.list({
          method: q.method?.toUpperCase(),
          pathPrefix: q.path,
          status: q.status === undefined ? undefined : Number(q.status),
          publicationId: q.publicationId,
          limit: q.limit === undefined ? JOURNAL_LIMITS.listDefault : Number(q.limit),
        });
        return { json: { requests, capacity: journal.capacity } };
      },
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
