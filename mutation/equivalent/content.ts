/** Equivalent mutants of reference/src/content/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

/** Which of a refusal's messages (transitions.ts refusal) answers: every refused step is still a 400 with the error body and a message, and changes nothing (content.send.refused-400 checks each). */
const REFUSAL_WORDING =
  'the step is still refused with 400, the error body and a message, and nothing changes; only which of the refusal messages answers differs (msg wording is free; the two the register quotes, "restore it first" and "once the send has finished", are checked)';

const NO_ARCHIVED_SEND =
  'no request gives an archived piece a send: archiving is refused while a send is queued or running, and queueing is refused for an archived piece; fail-send and cancel-send never meet an archived piece';

const RESTORE_NEVER_REFUSED =
  "unreachable: refusal's default case is only for restore, and restore has a row for every status and send a piece can have (archived with no send, live with any send)";

const REQUEST = 'reference/src/content/request.ts';

const MEDIA =
  "media is not among the fields a create or PATCH takes, so without its own check it is refused as an unknown property: the same 400 with the error body, and nothing written; only the message's wording differs (msg wording is free)";

const TITLE_MISSING =
  "a missing title (create alone: PATCH reads title only when given) is then refused by the type check: the same 400 with the error body; only the message's wording differs (msg wording is free)";

const NULL_ON_PATCH =
  "bucketId null on PATCH is then refused by the next check (null is not text): the same 400 with the error body, nothing written; only the message's wording differs (msg wording is free)";

const BUCKET_WORDING =
  "the 400 is decided before the message is worded: the message only names what was sent (empty text or its type), wording (msg wording is free) that never leaves msg empty";

const TAKES =
  "the message still names the refused property or asks for a JSON object; the list of fields the request takes after it is wording (msg wording is free)";

const KIND_MISSING =
  "a missing kind is then refused by the next check (not one of the kinds): the same 400 with the error body; only the message's wording differs (msg wording is free)";

const KIND_LIST =
  "the 400 still lists the kinds in msg; the separator between them is wording (msg wording is free)";

const KIND_NOT_TEXT =
  "the kinds are text, so includes refuses every kind that is not text as well: the same 400, and the message tests the type again for its own wording";

const KIND_QUOTE =
  "the 400 is decided before the message is worded: how it quotes a wrong kind that is text (in quotes, cut at 50 characters, or by its type) is wording (msg wording is free) that never leaves msg empty";

const KIND_ON_PATCH =
  "kind is not among the fields a PATCH takes, so without its own check it is refused as an unknown property: the same 400 with the error body, nothing changed; only the message's wording differs (msg wording is free)";

const WORDING = 'reference/src/content/wording.ts';

const TYPE_NAME_WORDING =
  "typeName names a refused value's type inside a 400's message and nowhere else (request.ts, body-rules.ts): the status, the error body and a message that is never empty stay; only the words differ (msg wording is free)";

const LISTING_WORDING =
  "listing joins the kinds a misplaced body field belongs to inside a 400's message and nowhere else (body-rules.ts): the status, the error body and a message that is never empty stay; only the words differ (msg wording is free)";

const STORE = 'reference/src/content/store.ts';

const DEFAULT_BUCKETS =
  "the store's stand-in for the bucket store is never called: wiring.ts hands it the bucket store (useBuckets) before any fixture, restore or request reaches it";

const READING_KEPT =
  "a reading left in place after it settled makes the routes await a promise already resolved: the same answers, a microtask later";

const READING_CLEARED =
  'clearing the reading when an earlier one settles differs only when two restores overlap their worker reads; the routes then read a markdown body on the HTTP thread on first use: the same answers, only the timing differs (no rule measures it)';

const NO_WAIT =
  "without it the routes do not wait for a restore's worker reads and read a markdown body on the HTTP thread on first use instead: the same answers, only the timing differs, which no rule of the suite measures";

const SEND_ALWAYS_CHANGES =
  "the only rows that keep the send (sendTo 'same') keep the status too, and apply returns before this for them (changesNothing): every row that gets here changes the send";

const START_FROM_QUEUED =
  "the only step to a running send (start-send) comes from a queued one, so piece.send is never null where its time is carried over";

const ONLY_RESTORE_UNARCHIVES =
  "archivedAt is null on every piece that is not archived, and the only life-cycle step that changes an archived piece is restore, which always un-archives it (archiving again changes nothing; sends are refused for an archived piece)";

const TASK_HAS_A_SEND =
  'the send task runs only while the piece has a send: every step that ends one (deliver, fail, cancel) takes the task off the clock';

const TASK_SEND_RUNNING =
  'the send task runs only while the piece has a send, and the line before starts a queued one: here the send is always running';

const EXCERPT = 'reference/src/content/excerpt.ts';

const PREFIX_ONLY_BOUNDS_WORK =
  "clip segments ever longer prefixes of a line longer than 280 characters until one holds 280 of them or is the whole line, and keeps the first 279 (the first 280 of a prefix end where the line's do): where it starts, and whether it stops at 280, at the whole line (a line this long always holds 280) or only at both, changes only how much it segments, never the excerpt";

const MARKDOWN_TEXT = 'reference/src/content/markdown-text.ts';

const INLINE_HAS_TOKENS_OR_TEXT =
  "every inline token marked gives in CommonMark mode but a line break (read before) has tokens or text (text, escape, html, codespan, em, strong, link, image): the last fallback is never reached";

const ALWAYS_TOKENS =
  "inlineText is only called with a token list: headings and paragraphs always have one, and the other callers test for it first";

const PARAGRAPH_FALLS_TO_TEXT =
  "without its own case a paragraph falls to the text case, which reads its tokens (a paragraph always has them) as the paragraph case does";

const WORDING_ONLY =
  "the text only words a 400's or an error's message (msg wording is free): the status and the error body stay";

const markdownText: readonly EquivalentMutant[] = [
  { file: MARKDOWN_TEXT, code: "return Lexer.lex(markdown, { gfm: false });", original: "{ gfm: false }", mutator: "ObjectLiteral", replacement: "{}",
    why: "marked's lexer takes the options given in place of its defaults: in an empty object gfm is undefined, read as off, as are the others (pedantic, breaks)" },
  { file: MARKDOWN_TEXT, code: "if (error instanceof RangeError) throw badRequest('the text is nested too deeply to read (too many levels of quotes or lists)');", original: "error instanceof RangeError", mutator: "ConditionalExpression", replacement: "true",
    why: "marked's lexer, given a string, throws only the RangeError of a stack too deep; its one other throw (\"Infinite loop on byte\") needs a rule that matches nothing, which its CommonMark rules never do (the text rule takes at least a character)" },
  { file: MARKDOWN_TEXT, code: "if (error instanceof RangeError) throw badRequest('the text is nested too deeply to read (too many levels of quotes or lists)');", original: "'the text is nested too deeply to read (too many levels of quotes or lists)'", mutator: "StringLiteral", replacement: "\"\"", why: WORDING_ONLY },
  { file: MARKDOWN_TEXT, code: "label: 'the markdown body',", original: "'the markdown body'", mutator: "StringLiteral", replacement: "\"\"", why: WORDING_ONLY },
  { file: MARKDOWN_TEXT, code: "warmUp: '# Ready\\n\\nA *first* body with a [link](https://example.com).',", original: "'# Ready\\n\\nA *first* body with a [link](https://example.com).'", mutator: "StringLiteral", replacement: "\"\"",
    why: "a worker reads its warm-up body once when it starts and drops the result: an empty body warms it up less, which shows only in a first call's time" },
  { file: MARKDOWN_TEXT, code: "if (!tokens) return '';", original: "!tokens", mutator: "ConditionalExpression", replacement: "false", why: ALWAYS_TOKENS },
  { file: MARKDOWN_TEXT, code: "if (!tokens) return '';", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: ALWAYS_TOKENS },
  { file: MARKDOWN_TEXT, code: "return 'tokens' in t && t.tokens ? inlineText(t.tokens) : 'text' in t ? decodeNamed(String(t.text)) : '';", original: "'tokens' in t && t.tokens", mutator: "LogicalOperator", replacement: "'tokens' in t || t.tokens",
    why: "a token without a tokens field has no tokens: t.tokens is then undefined, so either way only a token with a list of tokens reads it" },
  { file: MARKDOWN_TEXT, code: "return 'tokens' in t && t.tokens ? inlineText(t.tokens) : 'text' in t ? decodeNamed(String(t.text)) : '';", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: INLINE_HAS_TOKENS_OR_TEXT },
  { file: MARKDOWN_TEXT, code: "case 'paragraph':", original: "case 'paragraph': \u2026 break; #83e3dba3", mutator: "ConditionalExpression", replacement: "case 'paragraph':", why: PARAGRAPH_FALLS_TO_TEXT },
  { file: MARKDOWN_TEXT, code: "default:", original: "default: \u2026 break; #a8f1bd8e", mutator: "ConditionalExpression", replacement: "default:", why: "the default case only breaks: without it the switch ends the same way" },
  { file: MARKDOWN_TEXT, code: "for (const t of tokens ?? []) {", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]",
    why: "walk is never given undefined: it is called with the lexer's list, a list item's tokens, and a token's tokens field, which marked's tokenizer fills only with what its block and inline passes return, always a list" },
  { file: MARKDOWN_TEXT, code: "const targets: string[] = [];", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]",
    why: "the link targets are only asked whether they include canonicalUrl, an absolute http(s) URL by then: an extra \"Stryker was here\" never matches one" },
];

const BODY_RULES = 'reference/src/content/body-rules.ts';

const SAME_BODY_LIMIT =
  "a newsletter's body and an article's have the same limit (CONTENT_LIMITS: 100,000 characters each), so whichever kind's limit is read the same bodies are read ahead";

const NEVER_MISSING =
  'text() uses its missing message only for a value that is undefined, and this call is made only for a value known to be present (the tweet text and the preheader are checked first; a thread entry comes from a JSON array, which holds no undefined)';

const HTTP_HAS_A_HOST =
  'a URL of a special scheme (http, https) with an empty host does not parse (new URL throws, answered by the catch), so a parsed http(s) URL always has a hostname, and never one with a space or "!"';

const bodyRules: readonly EquivalentMutant[] = [
  { file: BODY_RULES, code: "return fitsCharacters(raw.body, kind === 'newsletter' ? L.newsletterBodyMax : L.articleBodyMax) ? raw.body : null;", original: "kind === 'newsletter'", mutator: "ConditionalExpression", replacement: "true", why: SAME_BODY_LIMIT },
  { file: BODY_RULES, code: "return fitsCharacters(raw.body, kind === 'newsletter' ? L.newsletterBodyMax : L.articleBodyMax) ? raw.body : null;", original: "kind === 'newsletter'", mutator: "ConditionalExpression", replacement: "false", why: SAME_BODY_LIMIT },
  { file: BODY_RULES, code: "return fitsCharacters(raw.body, kind === 'newsletter' ? L.newsletterBodyMax : L.articleBodyMax) ? raw.body : null;", original: "kind === 'newsletter'", mutator: "EqualityOperator", replacement: "kind !== 'newsletter'", why: SAME_BODY_LIMIT },
  { file: BODY_RULES, code: "return fitsCharacters(raw.body, kind === 'newsletter' ? L.newsletterBodyMax : L.articleBodyMax) ? raw.body : null;", original: "'newsletter'", mutator: "StringLiteral", replacement: "\"\"", why: SAME_BODY_LIMIT },
  { file: BODY_RULES, code: "if (hasText) return { text: text(raw.text, L.tweetMax, 'the tweet', 'body.text', '') };", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: NEVER_MISSING },
  { file: BODY_RULES, code: "text(entry, L.tweetMax, `entry ${i + 1} of the thread`, `body.tweets[${i}]`, ''),", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: NEVER_MISSING },
  { file: BODY_RULES, code: "out.preheader = text(raw.preheader, L.newsletterPreheaderMax, 'the preheader', 'body.preheader', '');", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: NEVER_MISSING },
  { file: BODY_RULES, code: "return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';", original: "url.hostname !== ''", mutator: "ConditionalExpression", replacement: "true", why: HTTP_HAS_A_HOST },
  { file: BODY_RULES, code: "return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: HTTP_HAS_A_HOST },
  {
    file: BODY_RULES, code: "} catch {", original: "{ \u2026 } #b633a701", mutator: "BlockStatement", replacement: "{}",
    why: 'an empty catch makes isHttpUrl answer undefined for a text that is no URL, which its one caller reads as false does (!isHttpUrl)',
  },
];

export const content: readonly EquivalentMutant[] = [
  {
    file: EXCERPT, code: "const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });", original: "{ granularity: 'grapheme' }", mutator: 'ObjectLiteral', replacement: '{}',
    why: "grapheme is Intl.Segmenter's default granularity",
  },
  {
    file: EXCERPT, code: 'const readings: Promise<void>[] = [];', original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: 'Promise.all takes a value that is not a promise as one already settled: readInWorkers resolves when the same reads have ended, to undefined',
  },
  {
    file: EXCERPT, code: "if (kind !== 'newsletter' && kind !== 'x_article') continue;", original: "kind !== 'newsletter' && kind !== 'x_article'", mutator: 'ConditionalExpression', replacement: 'false',
    why: "a tweet's or LinkedIn post's body has no markdown field: its read in a worker (of undefined) fails, a failed read is ignored, and a plain-text kind's excerpt never looks for a noted line",
  },
  { file: EXCERPT, code: 'for (let prefix = EXCERPT_MAX * 16; ; prefix *= 4) {', original: 'EXCERPT_MAX * 16', mutator: 'ArithmeticOperator', replacement: 'EXCERPT_MAX / 16', why: PREFIX_ONLY_BOUNDS_WORK },
  { file: EXCERPT, code: 'const clusters = firstClusters(line.slice(0, prefix), EXCERPT_MAX);', original: 'line.slice(0, prefix)', mutator: 'MethodExpression', replacement: 'line', why: PREFIX_ONLY_BOUNDS_WORK },
  { file: EXCERPT, code: "if (clusters.length === EXCERPT_MAX || prefix >= line.length) return clusters.slice(0, EXCERPT_MAX - 1).join('').trimEnd() + '…';", original: "clusters.length === EXCERPT_MAX || prefix >= line.length", mutator: "LogicalOperator", replacement: "clusters.length === EXCERPT_MAX && prefix >= line.length", why: PREFIX_ONLY_BOUNDS_WORK },
  { file: EXCERPT, code: "if (clusters.length === EXCERPT_MAX || prefix >= line.length) return clusters.slice(0, EXCERPT_MAX - 1).join('').trimEnd() + '…';", original: "clusters.length === EXCERPT_MAX", mutator: "ConditionalExpression", replacement: "false", why: PREFIX_ONLY_BOUNDS_WORK },
  { file: EXCERPT, code: "if (clusters.length === EXCERPT_MAX || prefix >= line.length) return clusters.slice(0, EXCERPT_MAX - 1).join('').trimEnd() + '…';", original: "prefix >= line.length", mutator: "ConditionalExpression", replacement: "false", why: PREFIX_ONLY_BOUNDS_WORK },
  { file: EXCERPT, code: "if (clusters.length === EXCERPT_MAX || prefix >= line.length) return clusters.slice(0, EXCERPT_MAX - 1).join('').trimEnd() + '…';", original: "prefix >= line.length", mutator: "EqualityOperator", replacement: "prefix > line.length", why: PREFIX_ONLY_BOUNDS_WORK },
  {
    file: 'reference/src/content/transitions.ts', code: "return row.to === 'same' && row.sendTo === 'same';", original: "row.to === 'same'", mutator: 'ConditionalExpression', replacement: 'true',
    why: "the only rows that keep the send (sendTo 'same') are the two that keep the status too (archive again, restore of a live piece): the status check decides no row; it says what a no-op is",
  },
  { file: "reference/src/content/transitions.ts", code: "const ANY: readonly ContentStatus[] = ['draft', 'published', 'archived'];", original: "'archived'", mutator: "StringLiteral", replacement: "\"\"", why: NO_ARCHIVED_SEND },
  { file: "reference/src/content/transitions.ts", code: "if (piece.status === 'archived') return 'an archived piece cannot be sent: restore it first';", original: "piece.status === 'archived'", mutator: "ConditionalExpression", replacement: "true", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'queued' ? 'a send is already queued for this piece' : 'a send of this piece is already running';", original: "send === 'queued'", mutator: "ConditionalExpression", replacement: "true", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'queued' ? 'a send is already queued for this piece' : 'a send of this piece is already running';", original: "send === 'queued'", mutator: "ConditionalExpression", replacement: "false", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'queued' ? 'a send is already queued for this piece' : 'a send of this piece is already running';", original: "send === 'queued'", mutator: "EqualityOperator", replacement: "send !== 'queued'", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'queued' ? 'a send is already queued for this piece' : 'a send of this piece is already running';", original: "'queued'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'start-send':", original: "case 'start-send': \u2026 return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece'; #99f8deac", mutator: "ConditionalExpression", replacement: "case 'start-send':", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'start-send':", original: "'start-send'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece';", original: "send === 'in_progress'", mutator: "ConditionalExpression", replacement: "true", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece';", original: "send === 'in_progress'", mutator: "ConditionalExpression", replacement: "false", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece';", original: "send === 'in_progress'", mutator: "EqualityOperator", replacement: "send !== 'in_progress'", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece';", original: "'in_progress'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'deliver':", original: "'deliver'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'fail-send':", original: "case 'fail-send': \u2026 return 'no send is queued or running for this piece'; #663f42e2", mutator: "ConditionalExpression", replacement: "case 'fail-send':", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "case 'fail-send':", original: "'fail-send'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress'", original: "send === 'in_progress'", mutator: "ConditionalExpression", replacement: "true", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress'", original: "send === 'in_progress'", mutator: "ConditionalExpression", replacement: "false", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress'", original: "send === 'in_progress'", mutator: "EqualityOperator", replacement: "send !== 'in_progress'", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "return send === 'in_progress'", original: "'in_progress'", mutator: "StringLiteral", replacement: "\"\"", why: REFUSAL_WORDING },
  { file: "reference/src/content/transitions.ts", code: "default:", original: "default: \u2026 return `${action} does not apply to a ${piece.status} piece`; #133159dd", mutator: "ConditionalExpression", replacement: "default:", why: RESTORE_NEVER_REFUSED },
  { file: "reference/src/content/transitions.ts", code: "return `${action} does not apply to a ${piece.status} piece`;", original: "`${action} does not apply to a ${piece.status} piece`", mutator: "StringLiteral", replacement: "``", why: RESTORE_NEVER_REFUSED },
{ file: REQUEST, code: "if (key === 'media') throw badRequest(TEXT_ONLY_MESSAGE);", original: "key === 'media'", mutator: "ConditionalExpression", replacement: "false", why: MEDIA },
  { file: REQUEST, code: "if (key === 'media') throw badRequest(TEXT_ONLY_MESSAGE);", original: "'media'", mutator: "StringLiteral", replacement: "\"\"", why: MEDIA },
  { file: REQUEST, code: "if (value === undefined) throw badRequest('title is required: the name of the piece in your library');", original: "value === undefined", mutator: "ConditionalExpression", replacement: "false", why: TITLE_MISSING },
  { file: REQUEST, code: "if (value === null)", original: "value === null", mutator: "ConditionalExpression", replacement: "false", why: NULL_ON_PATCH },
  { file: REQUEST, code: "throw badRequest(`bucketId must be the id of a content group, not ${value === '' ? 'empty text' : typeName(value)}`);", original: "value === ''", mutator: "ConditionalExpression", replacement: "true", why: BUCKET_WORDING },
  { file: REQUEST, code: "throw badRequest(`bucketId must be the id of a content group, not ${value === '' ? 'empty text' : typeName(value)}`);", original: "value === ''", mutator: "ConditionalExpression", replacement: "false", why: BUCKET_WORDING },
  { file: REQUEST, code: "throw badRequest(`bucketId must be the id of a content group, not ${value === '' ? 'empty text' : typeName(value)}`);", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: BUCKET_WORDING },
  { file: REQUEST, code: "throw badRequest(`bucketId must be the id of a content group, not ${value === '' ? 'empty text' : typeName(value)}`);", original: "'empty text'", mutator: "StringLiteral", replacement: "\"\"", why: BUCKET_WORDING },
  { file: REQUEST, code: "const req = checkEnvelope(raw, CREATE_FIELDS, 'a content piece takes kind, title, body and an optional bucketId');", original: "'a content piece takes kind, title, body and an optional bucketId'", mutator: "StringLiteral", replacement: "\"\"", why: TAKES },
  { file: REQUEST, code: "if (kind === undefined) throw badRequest(`kind is required: one of ${CONTENT_KINDS.join(', ')}`);", original: "kind === undefined", mutator: "ConditionalExpression", replacement: "false", why: KIND_MISSING },
  { file: REQUEST, code: "if (kind === undefined) throw badRequest(`kind is required: one of ${CONTENT_KINDS.join(', ')}`);", original: "', '", mutator: "StringLiteral", replacement: "\"\"", why: KIND_LIST },
  { file: REQUEST, code: "if (typeof kind !== 'string' || !(CONTENT_KINDS as readonly string[]).includes(kind))", original: "typeof kind !== 'string'", mutator: "ConditionalExpression", replacement: "false", why: KIND_NOT_TEXT },
  { file: REQUEST, code: "throw badRequest(`kind must be one of ${CONTENT_KINDS.join(', ')}, not ${typeof kind === 'string' ? `\"${kind.slice(0, 50)}\"` : typeName(kind)}`);", original: "', '", mutator: "StringLiteral", replacement: "\"\"", why: KIND_LIST },
  { file: REQUEST, code: "throw badRequest(`kind must be one of ${CONTENT_KINDS.join(', ')}, not ${typeof kind === 'string' ? `\"${kind.slice(0, 50)}\"` : typeName(kind)}`);", original: "typeof kind === 'string'", mutator: "ConditionalExpression", replacement: "false", why: KIND_QUOTE },
  { file: REQUEST, code: "throw badRequest(`kind must be one of ${CONTENT_KINDS.join(', ')}, not ${typeof kind === 'string' ? `\"${kind.slice(0, 50)}\"` : typeName(kind)}`);", original: "'string'", mutator: "StringLiteral", replacement: "\"\"", why: KIND_QUOTE },
  { file: REQUEST, code: "throw badRequest(`kind must be one of ${CONTENT_KINDS.join(', ')}, not ${typeof kind === 'string' ? `\"${kind.slice(0, 50)}\"` : typeName(kind)}`);", original: "`\"${kind.slice(0, 50)}\"`", mutator: "StringLiteral", replacement: "``", why: KIND_QUOTE },
  { file: REQUEST, code: "throw badRequest(`kind must be one of ${CONTENT_KINDS.join(', ')}, not ${typeof kind === 'string' ? `\"${kind.slice(0, 50)}\"` : typeName(kind)}`);", original: "kind.slice(0, 50)", mutator: "MethodExpression", replacement: "kind", why: KIND_QUOTE },
  { file: REQUEST, code: "if (isPlainObject(raw) && 'kind' in raw)", original: "isPlainObject(raw) && 'kind' in raw", mutator: "ConditionalExpression", replacement: "false", why: KIND_ON_PATCH },
  { file: REQUEST, code: "if (isPlainObject(raw) && 'kind' in raw)", original: "'kind'", mutator: "StringLiteral", replacement: "\"\"", why: KIND_ON_PATCH },
  { file: REQUEST, code: "const req = checkEnvelope(raw, PATCH_FIELDS, 'a PATCH takes title, body and bucketId (at least one)');", original: "'a PATCH takes title, body and bucketId (at least one)'", mutator: "StringLiteral", replacement: "\"\"", why: TAKES },
  { file: WORDING, code: "export function typeName(value: unknown): string {", original: "{ \u2026 } #d949a832", mutator: "BlockStatement", replacement: "{}", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (value === null) return 'null';", original: "value === null", mutator: "ConditionalExpression", replacement: "true", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (value === null) return 'null';", original: "value === null", mutator: "ConditionalExpression", replacement: "false", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (value === null) return 'null';", original: "value === null", mutator: "EqualityOperator", replacement: "value !== null", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (value === null) return 'null';", original: "'null'", mutator: "StringLiteral", replacement: "\"\"", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (Array.isArray(value)) return 'a list';", original: "Array.isArray(value)", mutator: "ConditionalExpression", replacement: "true", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (Array.isArray(value)) return 'a list';", original: "Array.isArray(value)", mutator: "ConditionalExpression", replacement: "false", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (Array.isArray(value)) return 'a list';", original: "'a list'", mutator: "StringLiteral", replacement: "\"\"", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'object') return 'an object';", original: "typeof value === 'object'", mutator: "ConditionalExpression", replacement: "true", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'object') return 'an object';", original: "typeof value === 'object'", mutator: "ConditionalExpression", replacement: "false", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'object') return 'an object';", original: "typeof value === 'object'", mutator: "EqualityOperator", replacement: "typeof value !== 'object'", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'object') return 'an object';", original: "'object'", mutator: "StringLiteral", replacement: "\"\"", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'object') return 'an object';", original: "'an object'", mutator: "StringLiteral", replacement: "\"\"", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'string') return 'text';", original: "typeof value === 'string'", mutator: "ConditionalExpression", replacement: "true", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'string') return 'text';", original: "typeof value === 'string'", mutator: "ConditionalExpression", replacement: "false", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'string') return 'text';", original: "typeof value === 'string'", mutator: "EqualityOperator", replacement: "typeof value !== 'string'", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'string') return 'text';", original: "'string'", mutator: "StringLiteral", replacement: "\"\"", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "if (typeof value === 'string') return 'text';", original: "'text'", mutator: "StringLiteral", replacement: "\"\"", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "return `a ${typeof value}`;", original: "`a ${typeof value}`", mutator: "StringLiteral", replacement: "``", why: TYPE_NAME_WORDING },
  { file: WORDING, code: "export function listing(items: readonly string[]): string {", original: "{ \u2026 } #739cce61", mutator: "BlockStatement", replacement: "{}", why: LISTING_WORDING },
  { file: WORDING, code: "if (items.length <= 1) return items.join('');", original: "items.length <= 1", mutator: "ConditionalExpression", replacement: "true", why: LISTING_WORDING },
  { file: WORDING, code: "if (items.length <= 1) return items.join('');", original: "items.length <= 1", mutator: "ConditionalExpression", replacement: "false", why: LISTING_WORDING },
  { file: WORDING, code: "if (items.length <= 1) return items.join('');", original: "items.length <= 1", mutator: "EqualityOperator", replacement: "items.length < 1", why: LISTING_WORDING },
  { file: WORDING, code: "if (items.length <= 1) return items.join('');", original: "items.length <= 1", mutator: "EqualityOperator", replacement: "items.length > 1", why: LISTING_WORDING },
  { file: WORDING, code: "if (items.length <= 1) return items.join('');", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: LISTING_WORDING },
  { file: WORDING, code: "return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;", original: "`${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`", mutator: "StringLiteral", replacement: "``", why: LISTING_WORDING },
  { file: WORDING, code: "return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;", original: "items.slice(0, -1)", mutator: "MethodExpression", replacement: "items", why: LISTING_WORDING },
  { file: WORDING, code: "return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;", original: "-1", mutator: "UnaryOperator", replacement: "+1", why: LISTING_WORDING },
  { file: WORDING, code: "return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;", original: "', '", mutator: "StringLiteral", replacement: "\"\"", why: LISTING_WORDING },
  { file: WORDING, code: "return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;", original: "items.length - 1", mutator: "ArithmeticOperator", replacement: "items.length + 1", why: LISTING_WORDING },
  {
    file: 'reference/src/content/control-routes.ts', code: "if (at !== undefined && at <= now) throw badRequest(`at must be in the future: now is ${now}`);", original: 'at !== undefined', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'a send queued without at compares undefined <= now, which is false: it is never refused either way; the check only says that at is optional',
  },
  { file: STORE, code: "private buckets: BucketMembership = {", original: "{ \u2026 } #1af6e025", mutator: "ObjectLiteral", replacement: "{}", why: DEFAULT_BUCKETS },
  { file: STORE, code: "requireOwn: (_p, id) => {", original: "{ \u2026 } #d27241f2", mutator: "BlockStatement", replacement: "{}", why: DEFAULT_BUCKETS },
  { file: STORE, code: "throw notFound(`content group ${id} not found`);", original: "`content group ${id} not found`", mutator: "StringLiteral", replacement: "``", why: DEFAULT_BUCKETS },
  { file: STORE, code: "void reading.then(() => {", original: "{ \u2026 } #9aaa3a10", mutator: "BlockStatement", replacement: "{}", why: READING_KEPT },
  { file: STORE, code: "if (this.reading === reading) this.reading = null;", original: "this.reading === reading", mutator: "ConditionalExpression", replacement: "true", why: READING_CLEARED },
  { file: STORE, code: "if (this.reading === reading) this.reading = null;", original: "this.reading === reading", mutator: "ConditionalExpression", replacement: "false", why: READING_KEPT },
  { file: STORE, code: "if (this.reading === reading) this.reading = null;", original: "this.reading === reading", mutator: "EqualityOperator", replacement: "this.reading !== reading", why: READING_KEPT },
  { file: STORE, code: "bodiesRead(): Promise<void> | null {", original: "{ \u2026 } #c2589189", mutator: "BlockStatement", replacement: "{}", why: NO_WAIT },
  { file: STORE, code: "if (row.sendTo !== 'same') {", original: "row.sendTo !== 'same'", mutator: "ConditionalExpression", replacement: "true", why: SEND_ALWAYS_CHANGES },
  { file: STORE, code: "if (row.sendTo !== 'same') {", original: "'same'", mutator: "StringLiteral", replacement: "\"\"", why: SEND_ALWAYS_CHANGES },
  { file: STORE, code: "piece.send = row.sendTo === null ? null : { state: row.sendTo, at: row.sendTo === 'queued' ? sendAt : piece.send?.at ?? null };", original: "piece.send?.at", mutator: "OptionalChaining", replacement: "piece.send.at", why: START_FROM_QUEUED },
  { file: STORE, code: "if (wasArchived && piece.status !== 'archived') piece.archivedAt = null;", original: "wasArchived && piece.status !== 'archived'", mutator: "LogicalOperator", replacement: "wasArchived || piece.status !== 'archived'", why: ONLY_RESTORE_UNARCHIVES },
  { file: STORE, code: "if (wasArchived && piece.status !== 'archived') piece.archivedAt = null;", original: "piece.status !== 'archived'", mutator: "ConditionalExpression", replacement: "true", why: ONLY_RESTORE_UNARCHIVES },
  { file: STORE, code: "if (wasArchived && piece.status !== 'archived') piece.archivedAt = null;", original: "'archived'", mutator: "StringLiteral", replacement: "\"\"", why: ONLY_RESTORE_UNARCHIVES },
  { file: STORE, code: "if (piece.send?.state === 'queued') this.startSend(piece.id);", original: "piece.send?.state", mutator: "OptionalChaining", replacement: "piece.send.state", why: TASK_HAS_A_SEND },
  { file: STORE, code: "if (piece.send?.state === 'in_progress') this.deliver(piece.id);", original: "piece.send?.state === 'in_progress'", mutator: "ConditionalExpression", replacement: "true", why: TASK_SEND_RUNNING },
  { file: STORE, code: "if (piece.send?.state === 'in_progress') this.deliver(piece.id);", original: "piece.send?.state", mutator: "OptionalChaining", replacement: "piece.send.state", why: TASK_HAS_A_SEND },
  {
    file: 'reference/src/content/routes.ts', code: 'if (reading) await reading;', original: 'reading', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'awaiting undefined, when no restored bodies are being read, only delays the async handler by one microtask: every answer is the same',
  },
  {
    file: 'reference/src/content/routes.ts', code: "const scope = `content:${publicationId}:${query.status}:${query.kind ?? '*'}`;", original: "'*'", mutator: 'StringLiteral', replacement: '""',
    why: "the cursor's scope for a list without a kind filter only has to differ from each kind's, and the kinds are an enum of non-empty names: \"\" differs from them as \"*\" does",
  },
  ...markdownText,
  ...bodyRules,
];
