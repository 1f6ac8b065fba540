/**
 * GET /_control/requests: the journal of recent /v1 requests (capability
 * requests), so a test can assert on the calls its client made.
 */
import { z } from 'zod';

/** How many requests the journal keeps, and the default page of GET /_control/requests. */
export const JOURNAL_LIMITS = { capacity: 1000, listDefault: 100 } as const;

export const ControlRequestsQuery = z.strictObject({
  method: z.string().regex(/^[A-Za-z]+$/, { message: 'must be an HTTP method such as GET' }).optional(),
  path: z.string().startsWith('/', { message: 'must be a path prefix starting with /' }).optional(),
  status: z.string().regex(/^[1-5]\d\d$/, { message: 'must be an HTTP status from 100 to 599' }).optional(),
  publicationId: z.string().min(1).optional(),
  limit: z
    .string()
    .regex(/^\d+$/, { message: `must be an integer from 1 to ${JOURNAL_LIMITS.capacity}` })
    .refine((v) => Number(v) >= 1 && Number(v) <= JOURNAL_LIMITS.capacity, { message: `must be an integer from 1 to ${JOURNAL_LIMITS.capacity}` })
    .optional(),
});

export const ControlRequestEntry = z
  .object({
    seq: z.number().int().describe('increasing per request since the server started'),
    at: z.string().describe('when the request arrived, on the reference clock (ISO 8601)'),
    method: z.string(),
    path: z.string(),
    query: z.string().describe("the query string without '?', cut at 2048 characters"),
    status: z.number().int().nullable().describe('the status the client received; null when it received none (a fault rule dropped the connection)'),
    outcome: z
      .enum(['answered', 'dropped', 'stalled', 'truncated'])
      .describe('what the client got: the whole answer, or (a fault rule of /_control/faults) a reset connection, the headers alone, or the headers and part of the body'),
    fault: z.string().nullable().describe('the id of the fault rule that touched the request (as in X-Reference-Fault), null when none did'),
    durationMs: z.number().describe('wall time spent answering'),
    publicationId: z.string().nullable().describe("the publication of the API key sent (the key itself is never kept)"),
    msg: z.string().nullable().describe('the error message of a 4xx or 5xx answer'),
  })
  .meta({ id: 'ControlRequestEntry' });

export const ControlRequests = z
  .object({ requests: z.array(ControlRequestEntry).describe('newest first'), capacity: z.number().int() })
  .meta({ id: 'ControlRequests' });

export const ControlRequestsCleared = z.object({ success: z.literal(true) });
