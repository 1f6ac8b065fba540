/** Equivalent mutants of reference/src/posts/store.ts (mutation/equivalent.ts says how they are named). */
import { FIRST_SUFFIX_SAVES_WORK } from './posts.js';
import type { EquivalentMutant } from './types.js';

const PREVIEW_GIVEN_UNDEFINED =
  "postPreviewGiven left undefined on a fixture or restored record is read only as falsy, as false is (fields.ts), and a saved record without it restores the same (snapshot-schema.ts: optional)";

const ADD_QUEUES_ONLY_SCHEDULED =
  "a record put in (fixtures, restore) has a scheduledAt only while scheduled; a publish task queued for any other record runs at once (its time null) and publishScheduled's guard leaves the post alone: only the scheduled ones publish, as before";

const SLUG_MISS_STILL_404 =
  "an unknown slug then reaches requireOwn with an undefined id, which answers 404 all the same; only the message's wording differs (msg wording is free)";

const ID_REPLACED = "the blank record's id is replaced by a new random id before the post is kept (`{ ...blank, id: this.newPostId() }`)";

const STATUS_FROM_OUTCOME =
  "applyOutcome always sets the status from the decided outcome; a blank status other than draft only makes effects.changed true, and a create announces its post in any case (fieldsChanged true)";

const MEDIA_UNDEFINED_KEY =
  "a post without a cover has no media id: setting or deleting the key undefined in the cover index changes no entry any media id names (/media/<id>.svg reads only ids of 20 letters and digits)";

const SLUG_OWNED_BY_POST =
  "a post's slug (in any case) always maps to the post itself: slugs are unique per publication ignoring case and every post is indexed when kept, so the check never fails and the publication's slug map always exists";

const STALE_TASK_GUARDED =
  "a publish task left on the clock after its schedule was cancelled finds the post no longer scheduled (or scheduled at another time) when it runs, and publishScheduled's guard leaves it alone: only the clock's queue differs, which no API answer shows";

const QUEUE_NULL_IS_NOTHING =
  "a publish task queued for a post with no schedule replaces its own (there is none, or the same time again) and runs at once with time null, when publishScheduled's guard leaves the post alone";

const STALE_TASK_CANCELLED =
  "no stale task ever runs: every change that takes a post out of scheduled, or to another time, cancels or replaces its task (unqueue, the same key), and delete cancels it; the guard is a second line only";

const RANDOM_IDS_NEVER_COLLIDE =
  'ids are 20 letters and digits from the seeded source (62^20 values): none is ever drawn twice in a state, so the loop that draws again never runs a second time';

const CREATE_HAS_A_BODY =
  "the blank record's document is never read: a create always sends markdown or bodyJson (PostCreate refuses neither), whose document and preview replace the blank's";

const DRAFT_NEWSLETTER_UNREAD =
  "a new post's sendNewsletter is read only when it publishes or is scheduled, and both set it from the request (applyOutcome); a draft's is never read, and the Post does not show it";

const CHANGES_POST_ONLY_FROM_PUBLISHED =
  "changesPost is read only by the rows from published (transitions.ts); a create comes from 'new'";

const REINDEX_SAME_ENTRIES =
  "indexing a post again whose slug and cover did not change removes and puts back the same entries; letting its own base-N go moves where its base's suffixes start down to N, which it holds, and every suffix below was taken already, so the next generated slug is the same";

const PUBLISHED_ANNOUNCED_ONCE =
  "post.published is heard only by the newsletter fan-out, which sends only for a post now published and only once per post; an edit that leaves a post published without publishing it now finds its newsletter sent at its publish, or its intent false (the fixtures' published posts have it false)";

export const postsStore: readonly EquivalentMutant[] = [
  {
    file: "reference/src/posts/store.ts", code: "record.postPreviewGiven ??= false;", original: "record.postPreviewGiven ??= false", mutator: "AssignmentOperator",
    replacement: "record.postPreviewGiven &&= false", why: PREVIEW_GIVEN_UNDEFINED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (record.status === 'scheduled' && record.scheduledAt !== null) this.queuePublish(record);", original: "record.status === 'scheduled' && record.scheduledAt !== null", mutator: "ConditionalExpression",
    replacement: "true", why: ADD_QUEUES_ONLY_SCHEDULED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (record.status === 'scheduled' && record.scheduledAt !== null) this.queuePublish(record);", original: "record.status === 'scheduled' && record.scheduledAt !== null", mutator: "LogicalOperator",
    replacement: "record.status === 'scheduled' || record.scheduledAt !== null", why: ADD_QUEUES_ONLY_SCHEDULED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (record.status === 'scheduled' && record.scheduledAt !== null) this.queuePublish(record);", original: "record.status === 'scheduled'", mutator: "ConditionalExpression",
    replacement: "true", why: ADD_QUEUES_ONLY_SCHEDULED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (record.status === 'scheduled' && record.scheduledAt !== null) this.queuePublish(record);", original: "record.scheduledAt !== null", mutator: "ConditionalExpression",
    replacement: "true", why: ADD_QUEUES_ONLY_SCHEDULED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (id === undefined) throw notFound(`no post with slug \"${slug}\" in the key's publication`);", original: "id === undefined", mutator: "ConditionalExpression",
    replacement: "false", why: SLUG_MISS_STILL_404,
  },
  {
    file: "reference/src/posts/store.ts", code: "id: '', publicationId, title: input.title, slug: '', postPreview: '', postPreviewGiven: false, doc: { type: 'doc', content: [] },", original: "''", mutator: "StringLiteral",
    replacement: "\"Stryker was here!\"", why: ID_REPLACED,
  },
  {
    file: "reference/src/posts/store.ts", code: "categories: [], publishOnline: true, authorIds: [owner], status: 'draft', scheduledAt: null,", original: "'draft'", mutator: "StringLiteral",
    replacement: "\"\"", why: STATUS_FROM_OUTCOME,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (post.coverMediaId) this.media.set(post.coverMediaId, post.id);", original: "post.coverMediaId", mutator: "ConditionalExpression",
    replacement: "true", why: MEDIA_UNDEFINED_KEY,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (slugs?.get(slug) === post.id) {", original: "slugs?.get(slug) === post.id", mutator: "ConditionalExpression",
    replacement: "true", why: SLUG_OWNED_BY_POST,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (slugs?.get(slug) === post.id) {", original: "slugs?.get", mutator: "OptionalChaining",
    replacement: "slugs.get", why: SLUG_OWNED_BY_POST,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (post.coverMediaId) this.media.delete(post.coverMediaId);", original: "post.coverMediaId", mutator: "ConditionalExpression",
    replacement: "true", why: MEDIA_UNDEFINED_KEY,
  },
  {
    file: "reference/src/posts/store.ts", code: "const suffixed = slug === base ? null : suffixedSlug(slug);", original: "slug === base", mutator: "ConditionalExpression",
    replacement: "true", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/store.ts", code: "const suffixed = slug === base ? null : suffixedSlug(slug);", original: "slug === base", mutator: "ConditionalExpression",
    replacement: "false", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/store.ts", code: "const suffixed = slug === base ? null : suffixedSlug(slug);", original: "slug === base", mutator: "EqualityOperator",
    replacement: "slug !== base", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (suffixed?.base === base) {", original: "suffixed?.base === base", mutator: "ConditionalExpression",
    replacement: "false", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (suffixed?.base === base) {", original: "{ \u2026 } #08b85530", mutator: "BlockStatement",
    replacement: "{}", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (!from) this.freeSuffixFrom.set(publicationId, (from = new Map()));", original: "!from", mutator: "ConditionalExpression",
    replacement: "true", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/store.ts", code: "from.set(base, suffixed.n + 1);", original: "suffixed.n + 1", mutator: "ArithmeticOperator",
    replacement: "suffixed.n - 1", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (current !== undefined && suffixed.n < current) from.set(suffixed.base, suffixed.n);", original: "current !== undefined", mutator: "ConditionalExpression",
    replacement: "true", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (current !== undefined && suffixed.n < current) from.set(suffixed.base, suffixed.n);", original: "suffixed.n < current", mutator: "EqualityOperator",
    replacement: "suffixed.n <= current", why: FIRST_SUFFIX_SAVES_WORK,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (effects.unqueue) clock.cancel(publishTaskKey(post.id));", original: "effects.unqueue", mutator: "ConditionalExpression",
    replacement: "false", why: STALE_TASK_GUARDED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (effects.queue) this.queuePublish(post);", original: "effects.queue", mutator: "ConditionalExpression",
    replacement: "true", why: QUEUE_NULL_IS_NOTHING,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (!post || post.status !== 'scheduled' || post.scheduledAt !== at) return;", original: "!post || post.status !== 'scheduled' || post.scheduledAt !== at", mutator: "ConditionalExpression",
    replacement: "false", why: STALE_TASK_CANCELLED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (!post || post.status !== 'scheduled' || post.scheduledAt !== at) return;", original: "!post || post.status !== 'scheduled' || post.scheduledAt !== at", mutator: "LogicalOperator",
    replacement: "(!post || post.status !== 'scheduled') && post.scheduledAt !== at", why: STALE_TASK_CANCELLED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (!post || post.status !== 'scheduled' || post.scheduledAt !== at) return;", original: "!post || post.status !== 'scheduled'", mutator: "ConditionalExpression",
    replacement: "false", why: STALE_TASK_CANCELLED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (!post || post.status !== 'scheduled' || post.scheduledAt !== at) return;", original: "!post || post.status !== 'scheduled'", mutator: "LogicalOperator",
    replacement: "!post && post.status !== 'scheduled'", why: STALE_TASK_CANCELLED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (!post || post.status !== 'scheduled' || post.scheduledAt !== at) return;", original: "post.status !== 'scheduled'", mutator: "ConditionalExpression",
    replacement: "false", why: STALE_TASK_CANCELLED,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (!post || post.status !== 'scheduled' || post.scheduledAt !== at) return;", original: "post.scheduledAt !== at", mutator: "ConditionalExpression",
    replacement: "false", why: STALE_TASK_CANCELLED,
  },
  {
    file: "reference/src/posts/store.ts", code: "while (this.byId.has(id));", original: "this.byId.has(id)", mutator: "ConditionalExpression",
    replacement: "false", why: RANDOM_IDS_NEVER_COLLIDE,
  },
  {
    file: "reference/src/posts/store.ts", code: "while (this.media.has(id));", original: "this.media.has(id)", mutator: "ConditionalExpression",
    replacement: "false", why: RANDOM_IDS_NEVER_COLLIDE,
  },
  {
    file: "reference/src/posts/store.ts", code: "id: '', publicationId, title: input.title, slug: '', postPreview: '', postPreviewGiven: false, doc: { type: 'doc', content: [] },", original: "{ type: 'doc', content: [] }", mutator: "ObjectLiteral",
    replacement: "{}", why: CREATE_HAS_A_BODY,
  },
  {
    file: "reference/src/posts/store.ts", code: "id: '', publicationId, title: input.title, slug: '', postPreview: '', postPreviewGiven: false, doc: { type: 'doc', content: [] },", original: "'doc'", mutator: "StringLiteral",
    replacement: "\"\"", why: CREATE_HAS_A_BODY,
  },
  {
    file: "reference/src/posts/store.ts", code: "id: '', publicationId, title: input.title, slug: '', postPreview: '', postPreviewGiven: false, doc: { type: 'doc', content: [] },", original: "[]", mutator: "ArrayDeclaration",
    replacement: "[\"Stryker was here\"]", why: CREATE_HAS_A_BODY,
  },
  {
    file: "reference/src/posts/store.ts", code: "sendNewsletter: false, publishedAt: null, createdAt: now, updatedAt: now, views: 0, curated: false,", original: "false", mutator: "BooleanLiteral",
    replacement: "true", why: DRAFT_NEWSLETTER_UNREAD,
  },
  {
    file: "reference/src/posts/store.ts", code: "const outcome = decide('new', null, input, true, now);", original: "true", mutator: "BooleanLiteral",
    replacement: "false", why: CHANGES_POST_ONLY_FROM_PUBLISHED,
  },
  {
    file: "reference/src/posts/store.ts", code: "const reindex = 'slug' in patch || 'imageUrl' in patch;", original: "'slug' in patch || 'imageUrl' in patch", mutator: "ConditionalExpression",
    replacement: "true", why: REINDEX_SAME_ENTRIES,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (reindex) this.index(post);", original: "reindex", mutator: "ConditionalExpression",
    replacement: "true", why: REINDEX_SAME_ENTRIES,
  },
  {
    file: "reference/src/posts/store.ts", code: "if (effects.publishedNow)", original: "effects.publishedNow", mutator: "ConditionalExpression",
    replacement: "true", why: PUBLISHED_ANNOUNCED_ONCE,
  },
];
