/** Content and suggestion records as the stores keep them and a saved state holds them (persistence/state-schema.ts); record.ts gives a piece its type. */
import { z } from 'zod';
import { CONTENT_KINDS, CONTENT_STATUSES, type ContentKind } from '../../../schemas/content.js';
import { ApiError } from '../errors.js';
import { parseContentBody } from './body-rules.js';

export const ContentRecordSchema = z
  .object({
    id: z.string().min(1),
    publicationId: z.string(),
    kind: z.enum(CONTENT_KINDS),
    title: z.string(),
    // The artifact in its kind's shape, checked below by the rules a write meets.
    body: z.record(z.string(), z.unknown()),
    /** Media the web app attached; never through the API, and carried over when the body is replaced. */
    media: z.array(z.object({ url: z.string(), alt: z.string().nullable() })),
    status: z.enum(CONTENT_STATUSES),
    /** A send the web app queued or is running; it locks the words of the piece. `at`: Unix ms when a queued send starts and delivers by itself; null when the web app drives it. */
    send: z.object({ state: z.enum(['queued', 'in_progress']), at: z.number().nullable() }).nullable(),
    /** Unix ms of the first delivery; kept through archive and restore (a piece delivered once stays "delivered"). */
    publishedAt: z.number().nullable(),
    /** Where the first delivery went live; null for a newsletter. */
    url: z.string().nullable(),
    archivedAt: z.number().nullable(),
    bucketId: z.string().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .superRefine((record, ctx) => {
    const problem = bodyProblem(record.kind, record.body);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['body'], message: problem });
  });

/** Why a write could not have left this body, in the words a write is refused with; null when one could. */
function bodyProblem(kind: ContentKind, body: unknown): string | null {
  try {
    parseContentBody(kind, body);
    return null;
  } catch (err) {
    if (err instanceof ApiError) return err.message;
    throw err;
  }
}

export const ContentSnapshot = z.array(ContentRecordSchema);

const SuggestionRecordSchema = z.object({
  id: z.string().min(1),
  publicationId: z.string(),
  contentId: z.string(),
  text: z.string(),
  status: z.enum(['open', 'dismissed']),
  createdAt: z.number(),
  dismissedAt: z.number().nullable(),
});
export type SuggestionRecord = z.output<typeof SuggestionRecordSchema>;

export const SuggestionsSnapshot = z.array(SuggestionRecordSchema);
