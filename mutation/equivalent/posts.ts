/** Equivalent mutants of reference/src/posts/ but store.ts, whose are in posts-store.ts (mutation/equivalent.ts says how they are named). */
import { NONE_IS_OPTIONAL_ON_V1 } from './reasons.js';
import type { EquivalentMutant } from './types.js';

/** The first line of wrapCaption (posts/media.ts): white space collapsed, trimmed, split, empty words dropped. */
const CAPTION_WORDS = "const words = text.replace(/\\s+/g, ' ').trim().split(' ').filter(Boolean);";

const ONE_STEP_OF_WORDS =
  'collapsing runs of white space, trimming and dropping empty words each cover what the others leave: the words are the same with any one of them left out';

const MARKDOWN_IN_A_WORKER =
  "requests convert markdown in a worker (requestDocument); converted on the request's thread instead, or by documentFrom, a body gives the same document: the worker keeps the event loop free, and the input checks keep every accepted body far inside its CPU budget";

const SAME_VALUE_BY_TYPE =
  'sameValue: a value compared with undefined is the same only when it is undefined or null, which a === b and the null check decide, and anything else is not an object and so differs: the undefined checks only shorten that';

const SINGLE_DASHES = 'slugify has replaced every run of other characters by one "-" before these steps: a run of dashes never reaches them, nor does the cut at 200 leave more than one';

export const FIRST_SUFFIX_SAVES_WORK =
  "the first suffix worth trying for a generated slug (suffixedSlug, freeSuffixFrom) only saves work: uniqueSlug checks every candidate from there, and this mutant only starts it lower or never records it, so the slug is the same";

const BASE_NEVER_CUT = 'a generated base has at most 200 characters and its suffix at most 16, so base and suffix never reach the 256 of a slug and the base is never cut';

const UNDEFINED_LEFT_OUT =
  'postView sets a member only when it is defined so that every view keeps one shape; set to undefined, it is left out of the answer all the same (every reply, the read cache too, is written with JSON.stringify)';

const ALT_ONLY_WITH_COVER =
  "imageAlt is only ever set while the post has a cover and is cleared with it (fields.ts: an alt text without a cover is ignored, clearImage drops both), and imageUrl is an http URL, never empty: a defined imageAlt always has its imageUrl, and an undefined one is left out of the JSON answer";

const AUTHORS_ALWAYS_RESOLVE =
  'every id of a post\'s authorIds is the owner or an active team member of its publication (checkAuthorIds; the fixtures likewise), each a user, and no request removes a user: users.author never misses, so there is nothing to filter out';

const INCLUDE_CONTENT_FILLED =
  'every query schema of the posts reads (PostGetQuery and the list queries) fills includeContent with its default, false, at parse time (boolParam): the fallback after ?? is never reached';

const OPTIONAL_BY_DEFAULT =
  "an unknown auth mode (\"\") is read as 'optional', the mode this route declares: every request is answered the same";

const READ_CACHE_SAME_BYTES =
  'the read cache keeps the bytes the handler answered and is emptied by anything that may change the state (http/read-cache.ts): without it the handler answers every read, with the same body';

export const posts: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/posts/lifecycle.ts', code: 'const effects: LifecycleEffects = { changed: false, publishedNow: false, queue: false, unqueue: false };', original: '{ changed: false, publishedNow: false, queue: false, unqueue: false }', mutator: 'ObjectLiteral', replacement: '{}',
    why: 'an effect left undefined reads as false, and changed is always assigned before the effects are returned',
  },
  {
    file: 'reference/src/posts/lifecycle.ts', code: 'const effects: LifecycleEffects = { changed: false, publishedNow: false, queue: false, unqueue: false };', original: 'false', mutator: 'BooleanLiteral', replacement: 'true',
    why: 'changed is always assigned (before vs after) before the effects are returned',
  },
  {
    file: 'reference/src/posts/transitions.ts', code: "{ from: ['draft'], status: ['none', 'published'], schedule: ['at'], when: 'neverPublished', then: { to: 'scheduled', schedule: 'set' }, why: 'draft (never published, not scheduled) + scheduledAt; with status published: ours, same' },", original: "'neverPublished'", mutator: 'StringLiteral', replacement: '""',
    why: 'without its condition the row also matches drafts published once, but the refusal row before it (not neverPublished) takes every one of those',
  },
  {
    file: 'reference/src/posts/transitions.ts', code: "{ from: ['published'], status: ['none'], schedule: NO_SCHEDULE, when: 'not changesPost', then: { to: 'published' }, why: 'ours: a PUT that changes nothing leaves a live post live' },", original: "'not changesPost'", mutator: 'StringLiteral', replacement: '""',
    why: 'without its condition the row also matches edits that change the post, but the row before it (changesPost) takes every one of those',
  },
  {
    file: 'reference/src/posts/transitions.ts', code: 'if (!row) throw new Error(`no post transition for ${from} + status ${status} + scheduledAt ${schedule}`);', original: '!row', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'unreachable: every request the schemas let through has a row (transitions.test.ts walks them all); without the check a missing row would be a TypeError, the same 500',
  },
  {
    file: 'reference/src/posts/transitions.ts', code: 'if (!row) throw new Error(`no post transition for ${from} + status ${status} + scheduledAt ${schedule}`);', original: '`no post transition for ${from} + status ${status} + scheduledAt ${schedule}`', mutator: 'StringLiteral', replacement: '``',
    why: 'unreachable: every request the schemas let through has a row (transitions.test.ts walks them all)',
  },
  {
    file: 'reference/src/posts/lifecycle.ts', code: 'const effects: LifecycleEffects = { changed: false, publishedNow: false, queue: false, unqueue: false };', original: 'false', mutator: 'BooleanLiteral', replacement: 'true',
    why: "queueing a publish on every write: for a post that is not scheduled the task is due at once (scheduledAt null), runs within the write and finds nothing to publish; a scheduled post's task is queued again for its same time",
  },
  { file: 'reference/src/posts/media.ts', code: CAPTION_WORDS, original: "text.replace(/\\s+/g, ' ').trim().split(' ').filter(Boolean)", mutator: 'MethodExpression', replacement: "text.replace(/\\s+/g, ' ').trim().split(' ')", why: `${ONE_STEP_OF_WORDS} (after collapsing and trimming, only an empty caption splits into an empty word, which starts no line)` },
  { file: 'reference/src/posts/media.ts', code: CAPTION_WORDS, original: "text.replace(/\\s+/g, ' ').trim()", mutator: 'MethodExpression', replacement: "text.replace(/\\s+/g, ' ')", why: `${ONE_STEP_OF_WORDS} (untrimmed, the ends split into empty words, which are dropped)` },
  { file: 'reference/src/posts/media.ts', code: CAPTION_WORDS, original: '/\\s+/g', mutator: 'Regex', replacement: '/\\s/g', why: `${ONE_STEP_OF_WORDS} (each white space a space, the empty words between them are dropped)` },
  {
    file: 'reference/src/posts/media.ts', code: 'while (word.length > width) {', original: 'word.length > width', mutator: 'EqualityOperator', replacement: 'word.length >= width',
    why: 'a word of exactly the width cut as a line of its own ends the line before it and leaves an empty remainder, which starts no line: the lines are those of wrapping it whole',
  },
  {
    file: "reference/src/posts/fields.ts", code: "if (input.markdown !== undefined) return withPreview(markdownToDoc(input.markdown));", original: "input.markdown !== undefined", mutator: "ConditionalExpression",
    replacement: "false", why: MARKDOWN_IN_A_WORKER,
  },
  {
    file: "reference/src/posts/fields.ts", code: "if (value === undefined) delete target[key];", original: "value === undefined", mutator: "ConditionalExpression",
    replacement: "false", why: 'a key set to undefined reads as absent everywhere a post is read: the view and the state file write JSON, sameValue counts undefined members as absent, and every reader tests the value, not the key',
  },
  {
    file: "reference/src/posts/fields.ts", code: "if (a === undefined || b === undefined || a === null || b === null) return a == b;", original: "a === undefined || b === undefined", mutator: "ConditionalExpression",
    replacement: "false", why: SAME_VALUE_BY_TYPE,
  },
  {
    file: "reference/src/posts/fields.ts", code: "if (a === undefined || b === undefined || a === null || b === null) return a == b;", original: "a === undefined || b === undefined", mutator: "LogicalOperator",
    replacement: "a === undefined && b === undefined", why: SAME_VALUE_BY_TYPE,
  },
  {
    file: "reference/src/posts/fields.ts", code: "if (a === undefined || b === undefined || a === null || b === null) return a == b;", original: "a === undefined", mutator: "ConditionalExpression",
    replacement: "false", why: SAME_VALUE_BY_TYPE,
  },
  {
    file: "reference/src/posts/fields.ts", code: "if (a === undefined || b === undefined || a === null || b === null) return a == b;", original: "b === undefined", mutator: "ConditionalExpression",
    replacement: "false", why: SAME_VALUE_BY_TYPE,
  },
  {
    file: "reference/src/posts/fields.ts", code: "for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;", original: "i < a.length", mutator: "EqualityOperator",
    replacement: "i <= a.length", why: 'arrays of one length: past the end both members are undefined, which are the same value',
  },
  {
    file: "reference/src/posts/fields.ts", code: "export async function requestDocument(input: { markdown?: string; bodyJson?: string }): Promise<BodyDocument> {", original: "{ … } #8ccde06b", mutator: "BlockStatement",
    replacement: "{}", why: MARKDOWN_IN_A_WORKER,
  },
  {
    file: "reference/src/posts/fields.ts", code: "if (input.markdown !== undefined) return convertMarkdown(input.markdown);", original: "input.markdown !== undefined", mutator: "ConditionalExpression",
    replacement: "false", why: MARKDOWN_IN_A_WORKER,
  },
  {
    file: "reference/src/posts/rules.ts", code: "`scheduledAt must be at most ${POST_LIMITS.scheduleMaxDays} days ahead (no later than ${new Date(now + SCHEDULE_MAX_MS).toISOString()})`,", original: "now + SCHEDULE_MAX_MS", mutator: "ArithmeticOperator",
    replacement: "now - SCHEDULE_MAX_MS", why: 'the 400 still names the 30-day limit; the date it quotes as the latest allowed is wording (msg wording is free)',
  },
  {
    file: "reference/src/posts/slug.ts", code: ".replace(/^-+|-+$/g, '')", original: "/^-+|-+$/g", mutator: "Regex",
    replacement: "/^-|-+$/g", why: SINGLE_DASHES,
  },
  {
    file: "reference/src/posts/slug.ts", code: ".replace(/^-+|-+$/g, '')", original: "/^-+|-+$/g", mutator: "Regex",
    replacement: "/^-+|-$/g", why: SINGLE_DASHES,
  },
  {
    file: "reference/src/posts/slug.ts", code: ".replace(/-+$/g, '');", original: "/-+$/g", mutator: "Regex",
    replacement: "/-$/g", why: SINGLE_DASHES,
  },
  {
    file: "reference/src/posts/slug.ts", code: "for (let n = Math.max(2, from); ; n++) {", original: "Math.max(2, from)", mutator: "MethodExpression",
    replacement: "Math.min(2, from)", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "const candidate = base.slice(0, SLUG_MAX - suffix.length) + suffix;", original: "base.slice(0, SLUG_MAX - suffix.length)", mutator: "MethodExpression",
    replacement: "base", why: BASE_NEVER_CUT,
  },
  {
    file: "reference/src/posts/slug.ts", code: "const candidate = base.slice(0, SLUG_MAX - suffix.length) + suffix;", original: "SLUG_MAX - suffix.length", mutator: "ArithmeticOperator",
    replacement: "SLUG_MAX + suffix.length", why: BASE_NEVER_CUT,
  },
  {
    file: "reference/src/posts/slug.ts", code: "export function suffixedSlug(slug: string): { base: string; n: number } | null {", original: "{ … } #979b5662", mutator: "BlockStatement",
    replacement: "{}", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "const match = /^(.+)-([0-9]{1,15})$/.exec(slug);", original: "/^(.+)-([0-9]{1,15})$/", mutator: "Regex",
    replacement: "/(.+)-([0-9]{1,15})$/", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "const match = /^(.+)-([0-9]{1,15})$/.exec(slug);", original: "/^(.+)-([0-9]{1,15})$/", mutator: "Regex",
    replacement: "/^(.+)-([0-9]{1,15})/", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "const match = /^(.+)-([0-9]{1,15})$/.exec(slug);", original: "/^(.+)-([0-9]{1,15})$/", mutator: "Regex",
    replacement: "/^(.)-([0-9]{1,15})$/", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "const match = /^(.+)-([0-9]{1,15})$/.exec(slug);", original: "/^(.+)-([0-9]{1,15})$/", mutator: "Regex",
    replacement: "/^(.+)-([0-9])$/", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "const match = /^(.+)-([0-9]{1,15})$/.exec(slug);", original: "/^(.+)-([0-9]{1,15})$/", mutator: "Regex",
    replacement: "/^(.+)-([^0-9]{1,15})$/", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "if (!match) return null;", original: "!match", mutator: "ConditionalExpression",
    replacement: "true", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "return n >= 2 ? { base: match[1], n } : null;", original: "n >= 2", mutator: "ConditionalExpression",
    replacement: "true", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "return n >= 2 ? { base: match[1], n } : null;", original: "n >= 2", mutator: "ConditionalExpression",
    replacement: "false", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "return n >= 2 ? { base: match[1], n } : null;", original: "n >= 2", mutator: "EqualityOperator",
    replacement: "n < 2", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/slug.ts", code: "return n >= 2 ? { base: match[1], n } : null;", original: "{ base: match[1], n }", mutator: "ObjectLiteral",
    replacement: "{}", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/view.ts", code: "return post.authorIds.map((id) => users.author(id)).filter((a): a is Author => a !== undefined);", original: "post.authorIds.map((id) => users.author(id)).filter((a): a is Author => a !== undefined)", mutator: "MethodExpression",
    replacement: "post.authorIds.map(id => users.author(id))", why: AUTHORS_ALWAYS_RESOLVE,
  },
  {
    file: "reference/src/posts/view.ts", code: "return post.authorIds.map((id) => users.author(id)).filter((a): a is Author => a !== undefined);", original: "a !== undefined", mutator: "ConditionalExpression",
    replacement: "true", why: AUTHORS_ALWAYS_RESOLVE,
  },
  {
    file: "reference/src/posts/view.ts", code: "if (post.subtitle !== undefined) view.subtitle = post.subtitle;", original: "post.subtitle !== undefined", mutator: "ConditionalExpression",
    replacement: "true", why: UNDEFINED_LEFT_OUT,
  },
  {
    file: "reference/src/posts/view.ts", code: "if (imageUrl !== undefined) view.imageUrl = imageUrl;", original: "imageUrl !== undefined", mutator: "ConditionalExpression",
    replacement: "true", why: UNDEFINED_LEFT_OUT,
  },
  {
    file: "reference/src/posts/view.ts", code: "if (post.imageUrl && post.imageAlt !== undefined) view.imageAlt = post.imageAlt;", original: "post.imageUrl && post.imageAlt !== undefined", mutator: "ConditionalExpression",
    replacement: "true", why: ALT_ONLY_WITH_COVER,
  },
  {
    file: "reference/src/posts/view.ts", code: "if (post.imageUrl && post.imageAlt !== undefined) view.imageAlt = post.imageAlt;", original: "post.imageUrl && post.imageAlt !== undefined", mutator: "LogicalOperator",
    replacement: "post.imageUrl || post.imageAlt !== undefined", why: ALT_ONLY_WITH_COVER,
  },
  {
    file: "reference/src/posts/view.ts", code: "if (post.imageUrl && post.imageAlt !== undefined) view.imageAlt = post.imageAlt;", original: "post.imageAlt !== undefined", mutator: "ConditionalExpression",
    replacement: "true", why: ALT_ONLY_WITH_COVER,
  },
  {
    file: "reference/src/posts/view.ts", code: "if (post.coinId !== undefined) view.coinId = post.coinId;", original: "post.coinId !== undefined", mutator: "ConditionalExpression",
    replacement: "true", why: UNDEFINED_LEFT_OUT,
  },
  {
    file: "reference/src/posts/view.ts", code: "if (post.canonicalUrl !== undefined) view.canonicalUrl = post.canonicalUrl;", original: "post.canonicalUrl !== undefined", mutator: "ConditionalExpression",
    replacement: "true", why: UNDEFINED_LEFT_OUT,
  },
  {
    file: "reference/src/posts/view.ts", code: "if (post.communityId !== undefined) view.communityId = post.communityId;", original: "post.communityId !== undefined", mutator: "ConditionalExpression",
    replacement: "true", why: UNDEFINED_LEFT_OUT,
  },
  {
    file: "reference/src/posts/routes.ts", code: "return { cursor: q.cursor, limit: q.limit ?? defaultLimit, includeContent: q.includeContent ?? false };", original: "false", mutator: "BooleanLiteral",
    replacement: "true", why: INCLUDE_CONTENT_FILLED,
  },
  {
    file: "reference/src/posts/routes.ts", code: "return parseQuery(PostGetQuery, ctx.query).includeContent ?? false;", original: "false", mutator: "BooleanLiteral",
    replacement: "true", why: INCLUDE_CONTENT_FILLED,
  },
  {
    file: "reference/src/posts/routes.ts", code: "auth: 'none',", original: "'none'", mutator: "StringLiteral",
    replacement: "\"\"", why: NONE_IS_OPTIONAL_ON_V1,
  },
  {
    file: "reference/src/posts/routes.ts", code: "auth: 'none',", original: "'none'", mutator: "StringLiteral",
    replacement: "\"\"", why: NONE_IS_OPTIONAL_ON_V1,
  },
  {
    file: "reference/src/posts/routes.ts", code: "auth: 'optional',", original: "'optional'", mutator: "StringLiteral",
    replacement: "\"\"", why: OPTIONAL_BY_DEFAULT,
  },
  {
    file: "reference/src/posts/routes.ts", code: "cached: true,", original: "true", mutator: "BooleanLiteral",
    replacement: "false", why: READ_CACHE_SAME_BYTES,
  },
  {
    file: "reference/src/posts/routes.ts", code: "auth: 'none',", original: "'none'", mutator: "StringLiteral",
    replacement: "\"\"", why: NONE_IS_OPTIONAL_ON_V1,
  },
  {
    file: "reference/src/posts/routes.ts", code: "auth: 'none',", original: "'none'", mutator: "StringLiteral",
    replacement: "\"\"", why: NONE_IS_OPTIONAL_ON_V1,
  },
  {
    file: "reference/src/posts/routes.ts", code: "auth: 'none',", original: "'none'", mutator: "StringLiteral",
    replacement: "\"\"", why: NONE_IS_OPTIONAL_ON_V1,
  },
  {
    file: 'reference/src/posts/lists.ts', code: 'descending: [false, false],', original: '[false, false]', mutator: 'ArrayDeclaration', replacement: '[]',
    why: 'compareKeys reads a missing direction as ascending (descending[i] undefined is falsy): the scheduled list sorts the same with [] as with [false, false]',
  },
  {
    file: 'reference/src/posts/lists.ts', code: "return this.view(this.curated, NEWEST_PUBLISHED_FIRST, 'posts:feed');", original: "'posts:feed'", mutator: 'StringLiteral', replacement: '""',
    why: "a cursor is refused when its list's scope differs; no other list's scope is empty, so the feed's cursors are told apart from every other list's with '' as with 'posts:feed'",
  },
];
