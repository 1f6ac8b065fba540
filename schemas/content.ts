/**
 * Content pieces (short-form drafts): the resource, the body of each kind,
 * the create and patch bodies, the list query and the limits, written once.
 *
 * "Characters" are what the writer sees: extended grapheme clusters
 * (`characterCount`), so an emoji with skin tone or a family emoji is one
 * character. JSON Schema's maxLength counts code points, which is never
 * fewer; the generated documents therefore state the limit in `description`
 * and the zod schemas enforce the grapheme count.
 */
import { z } from 'zod';
import { IsoTime, cursorParam, limitParam, pageOf } from './common.js';

export const CONTENT_KINDS = ['tweet', 'linkedin', 'newsletter', 'x_article'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The list filter: `all` is not a status but a view (SPEC.md rule 1). */
export const CONTENT_STATUS_FILTERS = ['all', ...CONTENT_STATUSES] as const;
export type ContentStatusFilter = (typeof CONTENT_STATUS_FILTERS)[number];

export const LOCKED_REASONS = ['send_queued', 'send_in_progress'] as const;
export type LockedReason = (typeof LOCKED_REASONS)[number];

export const CONTENT_LIMITS = {
  titleMax: 200,
  tweetMax: 280,
  threadMin: 1,
  threadMax: 25,
  linkedinMax: 3000,
  newsletterSubjectMax: 998,
  /** Same as a custom email's body (SPEC.md Limits). */
  newsletterBodyMax: 100_000,
  newsletterPreheaderMax: 500,
  articleHeadlineMax: 200,
  articleBodyMax: 100_000,
  canonicalUrlMax: 2048,
  pageMin: 1,
  pageMax: 50,
  pageDefault: 20,
} as const;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Segmenting cost grows with the square of the string's length in V8: long texts go in windows. */
const WINDOW = 1024;

/** Characters as the writer sees them: extended grapheme clusters. */
export function characterCount(text: string): number {
  // ASCII: every character is a cluster, except that CR LF is one.
  if (!/[^\x00-\x7f]/.test(text)) return text.length - (text.match(/\r\n/g)?.length ?? 0);
  let count = 0;
  let start = 0;
  while (start < text.length) {
    const end = start + WINDOW;
    if (end >= text.length) {
      for (const _ of segmenter.segment(text.slice(start))) count++;
      break;
    }
    // Every boundary inside a window is a true boundary except its end: keep all but the
    // last cluster, and start the next window where that cluster starts.
    let lastStart = 0;
    let inWindow = 0;
    for (const { index } of segmenter.segment(text.slice(start, end))) {
      lastStart = index;
      inWindow++;
    }
    if (lastStart === 0) {
      // One cluster longer than the window (pathological): count it once and move on.
      count++;
      start = end;
    } else {
      count += inWindow - 1;
      start += lastStart;
    }
  }
  return count;
}

/** Whether `text` has at most `max` characters, without segmenting when the answer is obvious. */
export function fitsCharacters(text: string, max: number): boolean {
  return text.length <= max || characterCount(text) <= max;
}

/** A writer's text: not empty or whitespace-only, at most `max` characters. */
export function writerText(max: number, what: string) {
  return z
    .string()
    .refine((s) => s.trim().length > 0, { message: `${what} must not be empty` })
    .refine((s) => fitsCharacters(s, max), { message: `${what} must be at most ${max} characters` })
    .describe(`${what}: 1..${max} characters (grapheme clusters), not whitespace-only`);
}

export const TweetBody = z
  .strictObject({
    text: writerText(CONTENT_LIMITS.tweetMax, 'the tweet').optional(),
    tweets: z
      .array(writerText(CONTENT_LIMITS.tweetMax, 'a thread entry'))
      .min(CONTENT_LIMITS.threadMin)
      .max(CONTENT_LIMITS.threadMax)
      .optional()
      .describe(`a thread: ${CONTENT_LIMITS.threadMin}..${CONTENT_LIMITS.threadMax} entries`),
  })
  .refine((b) => (b.text === undefined) !== (b.tweets === undefined), {
    message: 'a tweet body takes text (one post) or tweets (a thread), exactly one of them',
  })
  .meta({ id: 'TweetBody', description: 'An X post (`text`) or an X thread (`tweets`), never both.' });

export const LinkedinBody = z
  .strictObject({ text: writerText(CONTENT_LIMITS.linkedinMax, 'the LinkedIn post') })
  .meta({ id: 'LinkedinBody' });

export const NewsletterBody = z
  .strictObject({
    subject: writerText(CONTENT_LIMITS.newsletterSubjectMax, 'the subject').refine((s) => !/[\r\n]/.test(s), {
      message: 'the subject must be one line',
    }),
    body: writerText(CONTENT_LIMITS.newsletterBodyMax, 'the newsletter body').describe('markdown'),
    preheader: writerText(CONTENT_LIMITS.newsletterPreheaderMax, 'the preheader').optional(),
  })
  .meta({ id: 'NewsletterBody', description: 'A one-off email: subject, markdown body, optional preheader.' });

export const XArticleBody = z
  .strictObject({
    title: writerText(CONTENT_LIMITS.articleHeadlineMax, 'the headline').describe('the headline published on X'),
    body: writerText(CONTENT_LIMITS.articleBodyMax, 'the article body').describe('CommonMark'),
    canonicalUrl: z
      .url({ protocol: /^https?$/ })
      .max(CONTENT_LIMITS.canonicalUrlMax)
      .optional()
      .describe('must also appear as a markdown link target inside body'),
  })
  .meta({ id: 'XArticleBody', description: 'An X Article. canonicalUrl, when given, must also be linked in the body.' });

export const CONTENT_BODY_SCHEMAS = {
  tweet: TweetBody,
  linkedin: LinkedinBody,
  newsletter: NewsletterBody,
  x_article: XArticleBody,
} as const;

export type TweetBodyT = z.infer<typeof TweetBody>;
export type LinkedinBodyT = z.infer<typeof LinkedinBody>;
export type NewsletterBodyT = z.infer<typeof NewsletterBody>;
export type XArticleBodyT = z.infer<typeof XArticleBody>;
export type ContentBodyOf = {
  tweet: TweetBodyT;
  linkedin: LinkedinBodyT;
  newsletter: NewsletterBodyT;
  x_article: XArticleBodyT;
};
export type ContentBodyT = ContentBodyOf[ContentKind];

export const ContentBody = z
  .union([TweetBody, LinkedinBody, NewsletterBody, XArticleBody])
  .meta({ id: 'ContentBody', description: 'The artifact, in the shape of its kind.' });

const title = writerText(CONTENT_LIMITS.titleMax, 'title').describe('the name in the library: 1..200 characters');
const bucketId = z.string().min(1).describe('the group to put the piece in (see /v1/buckets)');
/** On create, null means "stands alone", like the response's bucketId. */
const createBucketId = bucketId.nullable().optional();

/** POST /v1/content: one strict shape per kind. */
export const ContentCreate = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('tweet'), title, body: TweetBody, bucketId: createBucketId }),
    z.strictObject({ kind: z.literal('linkedin'), title, body: LinkedinBody, bucketId: createBucketId }),
    z.strictObject({ kind: z.literal('newsletter'), title, body: NewsletterBody, bucketId: createBucketId }),
    z.strictObject({ kind: z.literal('x_article'), title, body: XArticleBody, bucketId: createBucketId }),
  ])
  .meta({ id: 'ContentCreate', description: 'Unknown fields, here or inside body, are rejected; media is never accepted.' });

/** PATCH /v1/content/{contentId}: body is checked against the piece's kind. */
export const ContentPatch = z
  .strictObject({
    title: title.optional(),
    body: ContentBody.optional().describe("the whole artifact in the piece's kind; replaces the old one"),
    bucketId: bucketId.optional(),
  })
  .refine((p) => p.title !== undefined || p.body !== undefined || p.bucketId !== undefined, {
    message: 'give at least one of title, body, bucketId',
  })
  .meta({ id: 'ContentPatch' });

const pieceFields = {
  // A UUID in the reference and the public examples; SILENT.md makes that a choice, not a rule.
  id: z.string().min(1).describe('a UUID in the reference'),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  excerpt: z.string().describe('first non-empty line of the readable text, markdown stripped, at most 280 characters'),
  status: z.enum(CONTENT_STATUSES),
  scheduled: z.boolean().describe('a send is queued against the piece'),
  lockedReason: z.enum(LOCKED_REASONS).nullable(),
  publishedAt: IsoTime.nullable().describe('time of first delivery'),
  url: z.string().nullable().describe('where the piece went live; always null for a newsletter'),
  archivedAt: IsoTime.nullable(),
  bucketId: z.string().nullable(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
};

/** A piece in a list: no body. */
export const ContentPieceSummary = z.object(pieceFields).meta({ id: 'ContentPieceSummary' });

/** A piece on a single-piece response (create, get, patch, archive, restore): with its body. */
export const ContentPiece = z.object({ ...pieceFields, body: ContentBody }).meta({ id: 'ContentPiece' });

export const ContentPage = pageOf(ContentPieceSummary).meta({ id: 'ContentPage' });

export const ContentListQuery = z
  // Unknown query parameters are ignored, as on every list.
  .object({
    cursor: cursorParam,
    limit: limitParam(CONTENT_LIMITS.pageMin, CONTENT_LIMITS.pageMax, CONTENT_LIMITS.pageDefault),
    kind: z.enum(CONTENT_KINDS).optional(),
    status: z.enum(CONTENT_STATUS_FILTERS).default('all'),
  })
  .meta({ id: 'ContentListQuery' });

/** Archive and restore take an empty object (or no body). */
export const EmptyObject = z.strictObject({}).meta({ id: 'EmptyObject' });

export type ContentCreateT = z.infer<typeof ContentCreate>;
export type ContentPatchT = z.infer<typeof ContentPatch>;
export type ContentPieceT = z.infer<typeof ContentPiece>;
export type ContentPieceSummaryT = z.infer<typeof ContentPieceSummary>;
export type ContentListQueryT = z.infer<typeof ContentListQuery>;

// ---- test-control API (/_control/content, /_control/suggestions) ----

export const SEND_STATES = ['queued', 'in_progress'] as const;

export const ControlQueueSend = z
  .strictObject({
    at: z.number().int().min(0).optional().describe('Unix ms; when given, the send starts and delivers when the clock reaches it'),
  })
  .meta({ id: 'ControlQueueSend' });

export const ControlAttachMedia = z
  .strictObject({ url: z.url({ protocol: /^https?$/ }).max(2048), alt: z.string().max(1000).optional() })
  .meta({ id: 'ControlAttachMedia' });

export const ControlContentPiece = ContentPiece.extend({
  publicationId: z.string(),
  send: z.object({ state: z.enum(SEND_STATES), at: z.number().int().nullable() }).nullable(),
  media: z.array(z.object({ url: z.string(), alt: z.string().nullable() })),
}).meta({ id: 'ControlContentPiece' });

export const SUGGESTION_STATUSES = ['open', 'dismissed'] as const;

export const Suggestion = z
  .object({
    id: z.string(),
    publicationId: z.string(),
    contentId: z.string(),
    text: z.string(),
    status: z.enum(SUGGESTION_STATUSES),
    createdAt: IsoTime,
    dismissedAt: IsoTime.nullable(),
  })
  .meta({ id: 'Suggestion' });

export const ControlSuggestionCreate = z
  .strictObject({ contentId: z.string().min(1), text: z.string().min(1).max(500).optional() })
  .meta({ id: 'ControlSuggestionCreate' });

export const ControlSuggestionQuery = z.object({
  publicationId: z.string().optional(),
  contentId: z.string().optional(),
  status: z.enum(SUGGESTION_STATUSES).optional(),
});

export const ControlSuggestions = z.object({ suggestions: z.array(Suggestion) }).meta({ id: 'ControlSuggestions' });
