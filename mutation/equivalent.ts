/**
 * Surviving mutants that no request can tell from the original, each with
 * the reason. They stay in the results as survivors, are not re-tested, and
 * count apart in the score (mutation/results.ts). A mutant is named by its
 * file, the line it starts on (without indentation), the text it replaces
 * (mutantOriginal: a long one by its ends and a hash), its mutator and its
 * replacement, as `npm run mutation` prints each survivor: not by line
 * number, so an entry holds while lines above it come and go. When that line
 * or the replaced text changes, the entry matches no more and the mutant is
 * tested again. One entry covers every identical mutant of its file (the
 * same line written three times).
 */

/** A mutant by its code, not its line number, so that it is still found when lines move. */
export interface MutantName {
  file: string;
  /** The line the mutant starts on, without its indentation. */
  code: string;
  /** The text the mutant replaces (mutantOriginal in results.ts). */
  original: string;
  mutator: string;
  replacement: string;
}

export interface EquivalentMutant extends MutantName {
  why: string;
}

const REMOVED_SETTING_IS_UNKNOWN =
  'PublicationPatch is a strict object: without this check disableHighlights is refused as an unknown property, with the same 400 and error body and nothing changed; the check only words the message (msg wording is free)';

const NONE_IS_OPTIONAL_ON_V1 =
  "on /v1 the app checks a sent key even where a route needs none ('none' is read as 'optional': a wrong key answers 401, docs/spec-gaps.md); an unknown mode (\"\") is read as 'optional' too, so every request is answered the same";

const NO_EQUAL_BALANCES =
  "the tie-break between holders of one balance is never reached: no coin of the fixtures has two holders with the same balance (drawn from 2.5e11 values) and the API never changes a balance";

const MINTED_IN_POPULAR_ORDER =
  'the fixtures mint four coins, already in the order popular answers (30, 12, 8 and 0 holders, for every seed), and the API never mints: left in that order, by any comparator that keeps it or without the cut at 20, the list reads the same';

const NO_EQUAL_HOLDER_COUNTS = "the tie-breaks of the popular order are never reached: the fixtures' coins have 30, 12, 8 and 0 holders, for every seed";

const PIECES_STAY = 'content pieces are never deleted (archived ones stay): every member of a group has its piece';

const JOIN_CHECK = 'if (bucket.members.some((m) => m.contentId === contentId)) return;';

const JOINS_ONCE =
  'the content store never adds a piece to a group it is in: the same bucketId is a no-op before it gets here, another one is 409';

const CONTROL_415_WORDING =
  'the 415 still answers the error body with the rule in msg; which Content-Type the message quotes is wording (msg wording is free)';

/** The line of the 415's message (control/guard.ts). */
const CONTROL_415_MESSAGE =
  "`test-control writes must be sent with Content-Type: application/json, even without a body (so that no web page can send one); got ${headers['content-type'] === undefined ? 'none' : JSON.stringify(headers['content-type'].slice(0, 100))}`,";

const A_LINK_PUBLICATION_EXISTS =
  "a link's publication always exists: no request deletes a publication, so the pages never meet a link without one";

const WORDS_ARE_LOWER_CASE =
  "a q without a word is searched for this one word instead, which holds capitals and spaces: no field matches it (fields are lower-cased, and a query's words are letters and digits), so nothing is found either way";

const NO_WORD_SCORES_NOTHING =
  'without a word every item scores 0 (matchScore adds nothing, and coin search finds by address only for one word) and items scoring 0 are dropped: the early answer only saves the work';

const SAME_WEIGHT_AGAIN = 'a field of the same weight as the best so far sets the best to that same weight; weights are positive, so a first match sets it either way';

const PAST_THE_TIES = 'one step past the last tie-breaker compares undefined with undefined, which are equal, and the loop ends with 0 as before';

const TIES_OF_ONE_TYPE =
  'each tie-breaker position holds one type for every item (views, publishedAt and subscriber counts are numbers, ids strings), so asking whether one or both are numbers, or only the other, decides the same';

const TIES_DIFFER = 'the comparison is reached only when the two ids differ (x !== y): less-or-equal then means less';

const AUTHORS_EXIST =
  "the user is a post's first author or a publication's owner, who always exists: a post has at least one author, each the owner or a team member when set, and users are never deleted";

const PUBLISHED_HAS_TIME = 'search finds published posts only, and publishing sets publishedAt when it has none: it is never null here';

const ADDRESSES_START_0X =
  "every contract address starts with 0x (the fixtures mint every coin, the API never mints): a word of four or more characters that starts an address starts with 0x, with or without the check";

/** The first line of wrapCaption (posts/media.ts): white space collapsed, trimmed, split, empty words dropped. */
const CAPTION_WORDS = "const words = text.replace(/\\s+/g, ' ').trim().split(' ').filter(Boolean);";

const ONE_STEP_OF_WORDS =
  'collapsing runs of white space, trimming and dropping empty words each cover what the others leave: the words are the same with any one of them left out';

const IMPORT_COUNTS_THE_REST_AS_CONFLICTS =
  "only the import adds without strict, and it counts every outcome other than created, attached and unchanged as a conflict: a conflict with no name, or an empty one, is counted the same";

const NO_PART_WITHOUT_A_TYPE =
  'the multipart parser (busboy) reads a file part without a Content-Type, or with an empty one, as text/plain, which the list of CSV types accepts: the type is never empty here';

/** The line of the import's 415 message (subscribers/import.ts). */
const IMPORT_415_MESSAGE = "return `the file must be a CSV (text/csv), not ${info.mimeType || 'an undeclared type'}`;";

const IMPORT_415_WORDING = "the 415 still answers the error body with the rule in msg; how it names the file's type is wording (msg wording is free), and the type is never empty";
const DISCARD_FALLS_TO_404 =
  "DELETE of a session that is unknown or expired falls through to the method's last line, the same 404 with the error body; only the message's wording differs (msg wording is free)";

const VERB_IS_WORDING = "the 409 still answers the error body, saying the session's state; the verb is wording (msg wording is free)";

const DEMO_COMES_FIRST =
  "the fixtures of every seed create publication demo first (fixtures/index.ts) and no request creates or deletes a publication: the first publication is demo";

const DEMO_EXISTS = 'every fixture set, --empty too, has publication demo, and no request deletes a publication: the fallback for a target without it is never reached';

const NOT_AN_OBJECT_IS_REFUSED_ANYWAY =
  'AuthSessionCreate is a zod object: it refuses null, an array or a string with the same 400 and error body, and changes nothing; the check only words the message (msg wording is free)';

/** The create route's check of its body (auth-sessions/routes.ts). */
const CREATE_BODY_CHECK = "if (body === null || typeof body !== 'object' || Array.isArray(body))";

const OWNERS_EXIST = "every publication's owner is a user, and users are never deleted: the owner's name is always found";

const APPROVED_PUBLICATION_EXISTS = 'a session is approved only for a publication that exists, and no request deletes a publication: its name is always found';

const PAGE_CHECKS_PENDING_FIRST =
  "unreachable: the line before answers 409 for a session that is no longer pending, and nothing runs between that check and the decision, so the store has nothing to refuse (the session is pending, the publication listed)";

/** The approval page's default publication (auth-sessions/page-routes.ts). */
const PAGE_DEFAULT_PUBLICATION = "return state.publications.all().find((p) => p.slug === 'demo')?.id ?? state.publications.all()[0]?.id;";

/** The approval page's refusal of a decision the store turns down (auth-sessions/page-routes.ts). */
const PAGE_STORE_REFUSAL = 'if (err instanceof ApiError && err.status === 409) return outcomePage(state, record, 409);';
const MARKDOWN_IN_A_WORKER =
  "requests convert markdown in a worker (requestDocument); converted on the request's thread instead, or by documentFrom, a body gives the same document: the worker keeps the event loop free, and the input checks keep every accepted body far inside its CPU budget";

const SAME_VALUE_BY_TYPE =
  'sameValue: a value compared with undefined is the same only when it is undefined or null, which a === b and the null check decide, and anything else is not an object and so differs: the undefined checks only shorten that';

const SINGLE_DASHES = 'slugify has replaced every run of other characters by one "-" before these steps: a run of dashes never reaches them, nor does the cut at 200 leave more than one';

const FIRST_SUFFIX_SAVES_WORK =
  "the first suffix worth trying for a generated slug (suffixedSlug, freeSuffixFrom) only saves work: uniqueSlug checks every candidate from there, and this mutant only starts it lower or never records it, so the slug is the same";

const BASE_NEVER_CUT = 'a generated base has at most 200 characters and its suffix at most 16, so base and suffix never reach the 256 of a slug and the base is never cut';

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [
  { file: 'reference/src/publications/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/users/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/subscribers/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/publications/routes.ts', code: 'for (const removed of REMOVED_PUBLICATION_SETTINGS) {', original: '{ … } #5a156a69', mutator: 'BlockStatement', replacement: '{}', why: REMOVED_SETTING_IS_UNKNOWN },
  { file: 'reference/src/publications/routes.ts', code: 'if (removed in body) throw badRequest(`${removed} was removed and can no longer be set`);', original: 'removed in body', mutator: 'ConditionalExpression', replacement: 'false', why: REMOVED_SETTING_IS_UNKNOWN },
  {
    file: 'reference/src/publications/store.ts', code: 'private posts: PostLookup = { isPostOf: () => false },', original: '{ isPostOf: () => false }', mutator: 'ObjectLiteral', replacement: '{}',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'private posts: PostLookup = { isPostOf: () => false },', original: '() => false', mutator: 'ArrowFunction', replacement: '() => undefined',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'private posts: PostLookup = { isPostOf: () => false },', original: 'false', mutator: 'BooleanLiteral', replacement: 'true',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'if (value !== undefined) (p as unknown as Record<string, unknown>)[key] = value;', original: 'value !== undefined', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'a parsed PATCH holds only the keys the JSON body had, and JSON has no undefined: no value is ever undefined here',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'return id === undefined ? undefined : this.byId.get(id);', original: 'id === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'no publication is stored under an undefined id: byId.get(undefined) is undefined as well',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'return this.byId.get(publicationId)?.communities.find((c) => c.id === communityId);', original: 'this.byId.get(publicationId)?.communities', mutator: 'OptionalChaining', replacement: 'this.byId.get(publicationId).communities',
    why: "segments are looked up only for the caller's own publication, which always exists",
  },
  {
    file: 'reference/src/publications/store.ts', code: 'for (const key of Object.keys(view) as (keyof PublicationT)[]) if (view[key] === undefined) delete view[key];', original: 'view[key] === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'every view is sent as JSON, which leaves out undefined fields anyway',
  },
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
  {
    file: 'reference/src/rate-limit/limiter.ts', code: 'private anonymous: Window = { start: 0, count: 0 };', original: '{ start: 0, count: 0 }', mutator: 'ObjectLiteral', replacement: '{}',
    why: 'the first window of requests without a key is never read: set() opens a fresh one before limiting can be on',
  },
  {
    file: 'reference/src/rate-limit/limiter.ts', code: 'this.windowMs = limit === null ? 0 : windowMs;', original: 'limit === null', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'while limiting is off windowMs is never read: view() answers null for both and no request is admitted through the limiter',
  },
  {
    file: 'reference/src/users/routes.ts', code: 'const author = id === undefined ? undefined : users.author(id);', original: 'id === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'no user is stored under an undefined id: author(undefined) is undefined as well',
  },
  {
    file: 'reference/src/users/routes.ts', code: 'handler: ({ state, params }) => ({ json: requireAuthor(state.users, params.userId, `with id ${params.userId}`) }),', original: '`with id ${params.userId}`', mutator: 'StringLiteral', replacement: '``',
    why: 'the 404 still answers the error body with "no user" in msg; the rest is wording (msg wording is free)',
  },
  {
    file: 'reference/src/users/routes.ts', code: 'return { json: requireAuthor(state.users, state.users.idByWallet(wallet), `with wallet address ${wallet}`) };', original: '`with wallet address ${wallet}`', mutator: 'StringLiteral', replacement: '``',
    why: 'the 404 still answers the error body with "no user" in msg; the rest is wording (msg wording is free)',
  },
  { file: 'reference/src/coins/routes.ts', code: "{ method: 'GET', path: `/v1/coins/${prefix}:id${suffix}`, auth: 'none', handler: (ctx) => ({ json: answer(ctx, byId(ctx)) }) },", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/coins/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/coins/store.ts', code: "key: (h) => [h.balance.padStart(80, '0'), h.walletAddress.toLowerCase()],", original: 'h.walletAddress.toLowerCase()', mutator: 'MethodExpression', replacement: 'h.walletAddress.toUpperCase()', why: NO_EQUAL_BALANCES },
  { file: 'reference/src/coins/store.ts', code: 'descending: [true, false],', original: 'false', mutator: 'BooleanLiteral', replacement: 'true', why: NO_EQUAL_BALANCES },
  { file: 'reference/src/coins/store.ts', code: 'return this.all()', original: 'this.all() … .slice(0, limit) #65db8eaf', mutator: 'MethodExpression', replacement: 'this.all().sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: 'return this.all()', original: 'this.all() … .sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)) #0b171c12', mutator: 'MethodExpression', replacement: 'this.all()', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: '(a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)', mutator: 'ArrowFunction', replacement: '() => undefined', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)', mutator: 'ConditionalExpression', replacement: 'true', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)', mutator: 'ConditionalExpression', replacement: 'false', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'b.holders.length - a.holders.length', mutator: 'ArithmeticOperator', replacement: 'b.holders.length + a.holders.length', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'b.createdAt - a.createdAt', mutator: 'ArithmeticOperator', replacement: 'b.createdAt + a.createdAt', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'a.id < b.id', mutator: 'ConditionalExpression', replacement: 'true', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'a.id < b.id', mutator: 'ConditionalExpression', replacement: 'false', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'a.id < b.id', mutator: 'EqualityOperator', replacement: 'a.id <= b.id', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'a.id < b.id', mutator: 'EqualityOperator', replacement: 'a.id >= b.id', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: '-1', mutator: 'UnaryOperator', replacement: '+1', why: NO_EQUAL_HOLDER_COUNTS },
  {
    file: 'reference/src/coins/store.ts', code: 'return this.sortedHolders.get(coin.id) ?? [];', original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: "unreachable: every coin's holders are sorted into the map when the store is made, so the fallback is never read",
  },
  {
    file: 'reference/src/buckets/routes.ts', code: 'publicationSlug: (id) => state.publications.get(id)?.slug,', original: 'state.publications.get(id)?.slug',
    mutator: 'OptionalChaining', replacement: 'state.publications.get(id).slug',
    why: "a group's post always belongs to an existing publication (publications are never deleted)",
  },
  {
    file: 'reference/src/buckets/store.ts', code: 'return id === undefined ? null : this.byId.get(id)!;', original: 'id === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'no group is stored under an undefined id: byId.get(undefined) is undefined, which every caller reads as no group (null)',
  },
  {
    file: 'reference/src/buckets/store.ts', code: 'if (!bucket) throw notFound(`content group ${bucketId} not found`);', original: '!bucket', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'unreachable: the content store checks the group with requireOwn before it adds a member',
  },
  { file: 'reference/src/buckets/store.ts', code: JOIN_CHECK, original: 'bucket.members.some((m) => m.contentId === contentId)', mutator: 'ConditionalExpression', replacement: 'false', why: JOINS_ONCE },
  { file: 'reference/src/buckets/store.ts', code: JOIN_CHECK, original: '(m) => m.contentId === contentId', mutator: 'ArrowFunction', replacement: '() => undefined', why: JOINS_ONCE },
  { file: 'reference/src/buckets/store.ts', code: JOIN_CHECK, original: 'm.contentId === contentId', mutator: 'ConditionalExpression', replacement: 'false', why: JOINS_ONCE },
  {
    file: 'reference/src/buckets/view.ts', code: 'for (const m of bucket.members) latest = Math.max(latest, sources.piece(m.contentId)?.updatedAt ?? 0);',
    original: 'sources.piece(m.contentId)?.updatedAt', mutator: 'OptionalChaining', replacement: 'sources.piece(m.contentId).updatedAt', why: PIECES_STAY,
  },
  { file: 'reference/src/buckets/view.ts', code: 'if (piece) members.push(pieceMember(piece, i + 1));', original: 'piece', mutator: 'ConditionalExpression', replacement: 'true', why: PIECES_STAY },
  {
    file: 'reference/src/buckets/draft-rows.ts', code: 'if (postId === undefined) {', original: 'postId === undefined', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'learning the draft ids again on every lookup finds the same ids: the map only saves the work',
  },
  {
    file: 'reference/src/buckets/draft-rows.ts', code: 'if (this.seen.has(post.id)) continue;', original: 'this.seen.has(post.id)', mutator: 'ConditionalExpression', replacement: 'false',
    why: "a post's draft id is derived from its id alone: computing it again sets the same entry",
  },
  {
    file: 'reference/src/buckets/draft-rows.ts', code: 'return postId === undefined ? undefined : this.posts.get(postId);', original: 'postId === undefined',
    mutator: 'ConditionalExpression', replacement: 'false', why: 'no post is stored under an undefined id: posts.get(undefined) is undefined as well',
  },
  { file: 'reference/src/control/guard.ts', code: CONTROL_415_MESSAGE, original: "headers['content-type'] === undefined", mutator: 'ConditionalExpression', replacement: 'true', why: CONTROL_415_WORDING },
  { file: 'reference/src/control/guard.ts', code: CONTROL_415_MESSAGE, original: "'content-type'", mutator: 'StringLiteral', replacement: '""', why: CONTROL_415_WORDING },
  { file: 'reference/src/control/guard.ts', code: CONTROL_415_MESSAGE, original: "'none'", mutator: 'StringLiteral', replacement: '""', why: CONTROL_415_WORDING },
  { file: 'reference/src/control/guard.ts', code: CONTROL_415_MESSAGE, original: "headers['content-type'].slice(0, 100)", mutator: 'MethodExpression', replacement: "headers['content-type']", why: CONTROL_415_WORDING },
  {
    file: 'reference/src/control/routes.ts', code: 'ownerEmail: state.users.get(p.ownerUserId)?.email ?? null,', original: 'state.users.get(p.ownerUserId)?.email', mutator: 'OptionalChaining',
    replacement: 'state.users.get(p.ownerUserId).email',
    why: "no request creates a publication or deletes a user, and every fixture publication's owner is a fixture user: the lookup never answers undefined",
  },
  {
    file: 'reference/src/unsubscribe/routes.ts', code: "const name = publication?.name ?? 'this publication';", original: 'publication?.name', mutator: 'OptionalChaining',
    replacement: 'publication.name', why: A_LINK_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/unsubscribe/routes.ts', code: "const name = publication?.name ?? 'this publication';", original: "'this publication'", mutator: 'StringLiteral',
    replacement: '""', why: A_LINK_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/unsubscribe/routes.ts', code: "homeHref: publication ? `${ctx.baseUrl}/@${encodeURIComponent(publication.slug)}` : '/',", original: "'/'", mutator: 'StringLiteral',
    replacement: '""', why: A_LINK_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/unsubscribe/routes.ts', code: "if (entry.purpose === 'owner') return !state.publications.get(entry.publicationId)?.emailNotifications.newSubscriber;",
    original: 'state.publications.get(entry.publicationId)?.emailNotifications', mutator: 'OptionalChaining',
    replacement: 'state.publications.get(entry.publicationId).emailNotifications', why: A_LINK_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/unsubscribe/snapshot-schema.ts', code: "secret: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits'),", original: "'must be 64 hex digits'", mutator: 'StringLiteral',
    replacement: '""', why: 'a broken secret is still refused at state.emails.tokens.secret; the rest of the message is wording',
  },
  {
    file: 'reference/src/subscribers/identity.ts', code: "return found ? { action: 'delete', id: found.id } : { action: 'not_found' };", original: "'delete'", mutator: 'StringLiteral', replacement: '""',
    why: "the store refuses only the plans not_found and mismatch and deletes by the plan's id for any other action, so a nameless delete plan deletes the same subscriber",
  },
  {
    file: 'reference/src/subscribers/suppressions.ts', code: 'if (removed) this.announce(publicationId, email);', original: 'removed', mutator: 'ConditionalExpression', replacement: 'true',
    why: "announcing a lift that lifted nothing: the subscriber store re-places that address's subscriber by its suppression state, which did not change, and analytics writes the same row again; the route answers 404 by the lift's own answer",
  },
  {
    file: 'reference/src/search/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral',
    replacement: '""', why: NONE_IS_OPTIONAL_ON_V1,
  },
  {
    file: 'reference/src/search/search.ts', code: "return (q ?? '').toLowerCase().match(/[\\p{L}\\p{N}]+/gu) ?? [];", original: '[]', mutator: 'ArrayDeclaration',
    replacement: '["Stryker was here"]', why: WORDS_ARE_LOWER_CASE,
  },
  {
    file: 'reference/src/search/search.ts', code: 'if (words.length === 0) return 0;', original: 'words.length === 0', mutator: 'ConditionalExpression',
    replacement: 'false', why: NO_WORD_SCORES_NOTHING,
  },
  {
    file: 'reference/src/search/search.ts', code: 'for (const [text, weight] of lowered) if (weight > best && text.includes(word)) best = weight;', original: 'weight > best', mutator: 'EqualityOperator',
    replacement: 'weight >= best', why: SAME_WEIGHT_AGAIN,
  },
  {
    file: 'reference/src/search/search.ts', code: 'for (let i = 0; i < a.ties.length; i++) {', original: 'i < a.ties.length', mutator: 'EqualityOperator',
    replacement: 'i <= a.ties.length', why: PAST_THE_TIES,
  },
  {
    file: 'reference/src/search/search.ts', code: "if (x !== y) return typeof x === 'number' && typeof y === 'number' ? y - x : x < y ? -1 : 1;", original: "typeof x === 'number' && typeof y === 'number'", mutator: 'LogicalOperator',
    replacement: "typeof x === 'number' || typeof y === 'number'", why: TIES_OF_ONE_TYPE,
  },
  {
    file: 'reference/src/search/search.ts', code: "if (x !== y) return typeof x === 'number' && typeof y === 'number' ? y - x : x < y ? -1 : 1;", original: "typeof x === 'number'", mutator: 'ConditionalExpression',
    replacement: 'true', why: TIES_OF_ONE_TYPE,
  },
  {
    file: 'reference/src/search/search.ts', code: "if (x !== y) return typeof x === 'number' && typeof y === 'number' ? y - x : x < y ? -1 : 1;", original: "typeof y === 'number'", mutator: 'ConditionalExpression',
    replacement: 'true', why: TIES_OF_ONE_TYPE,
  },
  {
    file: 'reference/src/search/search.ts', code: "if (x !== y) return typeof x === 'number' && typeof y === 'number' ? y - x : x < y ? -1 : 1;", original: 'x < y', mutator: 'EqualityOperator',
    replacement: 'x <= y', why: TIES_DIFFER,
  },
  {
    file: 'reference/src/search/search.ts', code: 'name: user?.name ?? null,', original: 'user?.name', mutator: 'OptionalChaining',
    replacement: 'user.name', why: AUTHORS_EXIST,
  },
  {
    file: 'reference/src/search/search.ts', code: 'bio: user?.bio ?? null,', original: 'user?.bio', mutator: 'OptionalChaining',
    replacement: 'user.bio', why: AUTHORS_EXIST,
  },
  {
    file: 'reference/src/search/search.ts', code: 'avatarUrl: user?.avatarUrl ?? null,', original: 'user?.avatarUrl', mutator: 'OptionalChaining',
    replacement: 'user.avatarUrl', why: AUTHORS_EXIST,
  },
  {
    file: 'reference/src/search/search.ts', code: 'walletAddress: user?.walletAddress ?? null,', original: 'user?.walletAddress', mutator: 'OptionalChaining',
    replacement: 'user.walletAddress', why: AUTHORS_EXIST,
  },
  {
    file: 'reference/src/search/search.ts', code: 'if (words.length === 0) return [];', original: 'words.length === 0', mutator: 'ConditionalExpression',
    replacement: 'false', why: NO_WORD_SCORES_NOTHING,
  },
  {
    file: 'reference/src/search/search.ts', code: 'publishedAt: post.publishedAt === null ? null : String(post.publishedAt),', original: 'post.publishedAt === null', mutator: 'ConditionalExpression',
    replacement: 'false', why: PUBLISHED_HAS_TIME,
  },
  {
    file: 'reference/src/search/search.ts', code: "const byAddress = words.length === 1 && words[0].startsWith('0x') && words[0].length >= 4 && address.startsWith(words[0]);", original: "'0x'", mutator: 'StringLiteral',
    replacement: '""', why: ADDRESSES_START_0X,
  },
  { file: 'reference/src/posts/media.ts', code: CAPTION_WORDS, original: "text.replace(/\\s+/g, ' ').trim().split(' ').filter(Boolean)", mutator: 'MethodExpression', replacement: "text.replace(/\\s+/g, ' ').trim().split(' ')", why: `${ONE_STEP_OF_WORDS} (after collapsing and trimming, only an empty caption splits into an empty word, which starts no line)` },
  { file: 'reference/src/posts/media.ts', code: CAPTION_WORDS, original: "text.replace(/\\s+/g, ' ').trim()", mutator: 'MethodExpression', replacement: "text.replace(/\\s+/g, ' ')", why: `${ONE_STEP_OF_WORDS} (untrimmed, the ends split into empty words, which are dropped)` },
  { file: 'reference/src/posts/media.ts', code: CAPTION_WORDS, original: '/\\s+/g', mutator: 'Regex', replacement: '/\\s/g', why: `${ONE_STEP_OF_WORDS} (each white space a space, the empty words between them are dropped)` },
  {
    file: 'reference/src/posts/media.ts', code: 'while (word.length > width) {', original: 'word.length > width', mutator: 'EqualityOperator', replacement: 'word.length >= width',
    why: 'a word of exactly the width cut as a line of its own ends the line before it and leaves an empty remainder, which starts no line: the lines are those of wrapping it whole',
  },
  {
    file: 'reference/src/journal/store.ts', code: 'this.ring = new Array(capacity);', original: 'new Array(capacity)', mutator: 'ArrayDeclaration', replacement: 'new Array()',
    why: "an array grows as entries are written: a slot past the last one written reads undefined whether the array was made with the capacity's length or empty, and the ring never writes past its capacity",
  },
  {
    file: 'reference/src/journal/store.ts', code: 'msg: status !== null && status >= 400 ? errorMessage(request.json) : null,', original: 'status !== null', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'the status is null only for a dropped request, and null >= 400 is false: the message is left out either way',
  },
  {
    file: 'reference/src/journal/store.ts', code: "const msg = json && typeof json === 'object' ? (json as { msg?: unknown }).msg : undefined;", original: "typeof json === 'object'", mutator: 'ConditionalExpression', replacement: 'true',
    why: 'a truthy JSON value that is not an object (a string, a number, true) has no msg property: reading it gives undefined, as not reading it does',
  },
  {
    file: 'reference/src/subscribers/store.ts', code: 'if (given.createdAt !== undefined && given.createdAt > now)', original: 'given.createdAt !== undefined', mutator: 'ConditionalExpression',
    replacement: 'true', why: 'without a createdAt the comparison undefined > now is false: nothing is refused either way',
  },
  {
    file: 'reference/src/subscribers/store.ts', code: "return { outcome: 'conflict' };", original: "{ outcome: 'conflict' }", mutator: 'ObjectLiteral',
    replacement: '{}', why: IMPORT_COUNTS_THE_REST_AS_CONFLICTS,
  },
  {
    file: 'reference/src/subscribers/store.ts', code: "return { outcome: 'conflict' };", original: "'conflict'", mutator: 'StringLiteral',
    replacement: '""', why: IMPORT_COUNTS_THE_REST_AS_CONFLICTS,
  },
  {
    file: 'reference/src/subscribers/import.ts', code: "if ((info.mimeType === 'application/octet-stream' || info.mimeType === '') && /\\.csv$/i.test(info.filename)) return null;",
    original: "info.mimeType === ''", mutator: 'ConditionalExpression', replacement: 'false', why: NO_PART_WITHOUT_A_TYPE,
  },
  {
    file: 'reference/src/subscribers/import.ts', code: "if ((info.mimeType === 'application/octet-stream' || info.mimeType === '') && /\\.csv$/i.test(info.filename)) return null;",
    original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"', why: NO_PART_WITHOUT_A_TYPE,
  },
  { file: 'reference/src/subscribers/import.ts', code: IMPORT_415_MESSAGE, original: "info.mimeType || 'an undeclared type'", mutator: 'ConditionalExpression', replacement: 'true', why: IMPORT_415_WORDING },
  { file: 'reference/src/subscribers/import.ts', code: IMPORT_415_MESSAGE, original: "info.mimeType || 'an undeclared type'", mutator: 'ConditionalExpression', replacement: 'false', why: IMPORT_415_WORDING },
  {
    file: 'reference/src/subscribers/import.ts', code: IMPORT_415_MESSAGE, original: "info.mimeType || 'an undeclared type'", mutator: 'LogicalOperator',
    replacement: "info.mimeType && 'an undeclared type'", why: IMPORT_415_WORDING,
  },
  { file: 'reference/src/subscribers/import.ts', code: IMPORT_415_MESSAGE, original: "'an undeclared type'", mutator: 'StringLiteral', replacement: '""', why: IMPORT_415_WORDING },
  {
    file: 'reference/src/auth-sessions/store.ts', code: 'if (!record) throw unknownSession(id);', original: '!record', mutator: 'ConditionalExpression', replacement: 'false',
    why: `${DISCARD_FALLS_TO_404} (the same message too: without a record the status is undefined, neither expired, pending nor completed). The identical line of requirePending is killed: there statusOf reads the missing record`,
  },
  {
    file: 'reference/src/auth-sessions/store.ts', code: "if (status === 'expired') throw notFound(`auth session ${id} has expired`);", original: "status === 'expired'", mutator: 'ConditionalExpression',
    replacement: 'false', why: DISCARD_FALLS_TO_404,
  },
  {
    file: 'reference/src/auth-sessions/store.ts', code: "if (status === 'expired') throw notFound(`auth session ${id} has expired`);", original: "'expired'", mutator: 'StringLiteral',
    replacement: '""', why: DISCARD_FALLS_TO_404,
  },
  {
    file: 'reference/src/auth-sessions/store.ts', code: "const record = this.requirePending(id, 'approved', now);", original: "'approved'", mutator: 'StringLiteral', replacement: '""', why: VERB_IS_WORDING,
  },
  {
    file: 'reference/src/auth-sessions/store.ts', code: "const record = this.requirePending(id, 'denied', now);", original: "'denied'", mutator: 'StringLiteral', replacement: '""', why: VERB_IS_WORDING,
  },
  { file: 'reference/src/auth-sessions/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  ...(
    [
      ['body === null || typeof body !== \'object\' || Array.isArray(body)', 'ConditionalExpression', 'false'],
      ['body === null || typeof body !== \'object\' || Array.isArray(body)', 'LogicalOperator', "(body === null || typeof body !== 'object') && Array.isArray(body)"],
      ["body === null || typeof body !== 'object'", 'ConditionalExpression', 'false'],
      ["body === null || typeof body !== 'object'", 'LogicalOperator', "body === null && typeof body !== 'object'"],
      ['body === null', 'ConditionalExpression', 'false'],
      ["typeof body !== 'object'", 'ConditionalExpression', 'false'],
    ] as const
  ).map(([original, mutator, replacement]) => ({
    file: 'reference/src/auth-sessions/routes.ts', code: CREATE_BODY_CHECK, original, mutator, replacement, why: NOT_AN_OBJECT_IS_REFUSED_ANYWAY,
  })),
  {
    file: 'reference/src/auth-sessions/control-routes.ts', code: "const demo = state.publications.all().find((p) => p.slug === 'demo');", original: "p.slug === 'demo'", mutator: 'ConditionalExpression',
    replacement: 'true', why: DEMO_COMES_FIRST,
  },
  {
    file: 'reference/src/auth-sessions/control-routes.ts', code: "if (!demo) throw notFound('there is no demo publication: give publicationId');", original: '!demo', mutator: 'ConditionalExpression',
    replacement: 'false', why: DEMO_EXISTS,
  },
  {
    file: 'reference/src/auth-sessions/control-routes.ts', code: "if (!demo) throw notFound('there is no demo publication: give publicationId');", original: "'there is no demo publication: give publicationId'",
    mutator: 'StringLiteral', replacement: '""', why: DEMO_EXISTS,
  },
  {
    file: 'reference/src/auth-sessions/html.ts', code: "`form-action 'self'${formTargets.map((t) => ` ${t}`).join('')}`,", original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"',
    why: 'the pages pass at most one form target (the callback\'s origin): a separator between targets is never written',
  },
  {
    file: 'reference/src/auth-sessions/urls.ts', code: '} catch {', original: '{ … } #b378154f', mutator: 'BlockStatement', replacement: '{}',
    why: "a parameter name that does not decode is never 'session' (which decodes): undefined or the raw name, the pair is kept either way",
  },
  {
    file: 'reference/src/auth-sessions/page-routes.ts', code: "ownerName: state.users.get(p.ownerUserId)?.name ?? 'unknown',", original: 'state.users.get(p.ownerUserId)?.name', mutator: 'OptionalChaining',
    replacement: 'state.users.get(p.ownerUserId).name', why: OWNERS_EXIST,
  },
  { file: 'reference/src/auth-sessions/page-routes.ts', code: "ownerName: state.users.get(p.ownerUserId)?.name ?? 'unknown',", original: "'unknown'", mutator: 'StringLiteral', replacement: '""', why: OWNERS_EXIST },
  {
    file: 'reference/src/auth-sessions/page-routes.ts', code: "if (state.authSessions.statusOf(record) !== 'pending') return outcomePage(state, record, 409);", original: "state.authSessions.statusOf(record) !== 'pending'",
    mutator: 'ConditionalExpression', replacement: 'false',
    why: 'without the check, the store refuses to decide a session that is no longer pending with a 409, which the catch below answers with the same page and status',
  },
  { file: 'reference/src/auth-sessions/page-routes.ts', code: '} catch (err) {', original: '{ … } #604c746f', mutator: 'BlockStatement', replacement: '{}', why: PAGE_CHECKS_PENDING_FIRST },
  ...(
    [
      ['err instanceof ApiError && err.status === 409', 'ConditionalExpression', 'true'],
      ['err instanceof ApiError && err.status === 409', 'ConditionalExpression', 'false'],
      ['err instanceof ApiError && err.status === 409', 'LogicalOperator', 'err instanceof ApiError || err.status === 409'],
      ['err.status === 409', 'ConditionalExpression', 'true'],
      ['err.status === 409', 'EqualityOperator', 'err.status !== 409'],
    ] as const
  ).map(([original, mutator, replacement]) => ({ file: 'reference/src/auth-sessions/page-routes.ts', code: PAGE_STORE_REFUSAL, original, mutator, replacement, why: PAGE_CHECKS_PENDING_FIRST })),
  {
    file: 'reference/src/auth-sessions/page-routes.ts', code: "return page(status, pages.approvedPage(device, state.publications.get(record.publicationId!)?.name ?? 'your publication'));",
    original: 'state.publications.get(record.publicationId!)?.name', mutator: 'OptionalChaining', replacement: 'state.publications.get(record.publicationId!).name',
    why: APPROVED_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/auth-sessions/page-routes.ts', code: "return page(status, pages.approvedPage(device, state.publications.get(record.publicationId!)?.name ?? 'your publication'));",
    original: "'your publication'", mutator: 'StringLiteral', replacement: '""', why: APPROVED_PUBLICATION_EXISTS,
  },
  ...(
    [
      [
        "state.publications.all().find((p) => p.slug === 'demo')?.id ?? state.publications.all()[0]?.id",
        'LogicalOperator',
        "state.publications.all().find(p => p.slug === 'demo')?.id && state.publications.all()[0]?.id",
      ],
      ["state.publications.all().find((p) => p.slug === 'demo')?.id", 'OptionalChaining', "state.publications.all().find(p => p.slug === 'demo').id"],
      ["(p) => p.slug === 'demo'", 'ArrowFunction', '() => undefined'],
      ["p.slug === 'demo'", 'ConditionalExpression', 'true'],
      ["p.slug === 'demo'", 'ConditionalExpression', 'false'],
      ["'demo'", 'StringLiteral', '""'],
      ['state.publications.all()[0]?.id', 'OptionalChaining', 'state.publications.all()[0].id'],
    ] as const
  ).map(([original, mutator, replacement]) => ({
    file: 'reference/src/auth-sessions/page-routes.ts', code: PAGE_DEFAULT_PUBLICATION, original, mutator, replacement, why: `${DEMO_COMES_FIRST}; ${DEMO_EXISTS}`,
  })),
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
    file: 'reference/src/faults/store.ts', code: 'enabled = false;', original: 'false', mutator: 'BooleanLiteral', replacement: 'true',
    why: "the constructor's reset clears the store, which sets enabled from the rules it has: the initial value is never read",
  },
  {
    file: 'reference/src/faults/store.ts', code: 'private rules: Rule[] = [];', original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: "the constructor's reset clears the store, which replaces the rules: the initial array is never read",
  },
  {
    file: 'reference/src/faults/store.ts', code: 'if (view.probability !== null && !(rule.random.float() < view.probability)) continue;', original: 'rule.random.float() < view.probability',
    mutator: 'EqualityOperator', replacement: 'rule.random.float() <= view.probability',
    why: 'the two differ only when a draw equals the probability exactly; the draws of the seeded source for the rules a request can make never do',
  },
  {
    file: 'reference/src/faults/compact.ts', code: "match.header = colon < 0 ? { name: value } : { name: value.slice(0, colon), value: value.slice(colon + 1) };", original: 'colon < 0',
    mutator: 'EqualityOperator', replacement: 'colon <= 0',
    why: "the two differ only for a value starting with ':', whose name is then empty or starts with ':': the schema refuses both, with the same message",
  },
  {
    file: 'reference/src/faults/compact.ts', code: 'for (const word of text.trim().split(/\\s+/).filter(Boolean)) {', original: 'text.trim()', mutator: 'MethodExpression', replacement: 'text',
    why: 'untrimmed, white space at either end splits into empty words, which the filter drops: the words are the same',
  },
  {
    file: 'reference/src/faults/compact.ts', code: 'for (const word of text.trim().split(/\\s+/).filter(Boolean)) {', original: '/\\s+/', mutator: 'Regex', replacement: '/\\s/',
    why: 'split at each white space, a run of them gives empty words between, which the filter drops: the words are the same',
  },
];
