/** Equivalent mutants of reference/src/http/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const PLAIN_TARGET_SHORTCUT =
  'the plain-target shortcut only saves building a URL: a target it no longer takes goes to the WHATWG URL parser, which answers the same path and query for it (url.test.ts checks the two agree on every target)';
const REQUIRED_HAS_A_CALLER =
  "authenticate() answers 401 before the handler of an 'required' route when no valid key was sent, so requireCaller always finds a caller: its check never fires";

const PLAIN_TARGET_CODE = "const PLAIN_TARGET = /^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)+(\\?[\\x21-\\x22\\x24-\\x7e]*)?$/;";
const PLAIN_TARGET_ORIGINAL = "/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)+(\\?[\\x21-\\x22\\x24-\\x7e]*)?$/";
const GENERAL_PATH_SAME_HEADERS =
  "send()'s fast path then does not take the reply: the general path writes the same headers, in the same order (X-Content-Type-Options, Content-Type, Content-Length), and the same body";
const HEADERS_NEVER_SENT =
  'no route writes its answer before send() is called (a handler that answers itself returns nothing, and send() then is not called), and send() throws nothing after writeHead: the headers are never sent when it starts';
const ONLY_A_BUG_IS_500 =
  'the reference throws only ApiError for a request it refuses (the robustness rules check that no request gets a 5xx): the 500 answers a bug, which no request reaches';
const RESPOND = 'reference/src/http/respond.ts';
const FAST_PATH = "if (reply.headers === undefined && ('json' in reply || 'body' in reply)) {";
const INTERNAL_ERROR = "return { status: 500, json: { success: false, msg: 'internal server error' } };";

const narrowerPlainTarget = (replacement: string): EquivalentMutant => ({
  file: 'reference/src/http/url.ts', code: PLAIN_TARGET_CODE, original: PLAIN_TARGET_ORIGINAL, mutator: 'Regex', replacement,
  why: `the pattern then takes fewer targets: ${PLAIN_TARGET_SHORTCUT}`,
});

const READ_CACHE = 'reference/src/http/read-cache.ts';
const KEEPS_LESS =
  'the cache then keeps fewer answers, or none, or never finds one: an answer it does not give is made again by the handler from the same state, the bytes it would have kept (the cache saves work, never changes an answer)';
const ONLY_PLAIN_JSON =
  'the cache then keeps every reply of its route: the one cached route (GET /v1/posts/{postId}) only ever returns { json } (status 200, no headers; a refusal is thrown, not returned), so the replies it would pass through never reach it';
const MEMORY_BOUNDS =
  'the bounds only limit the memory the cache holds: starting over sooner, later or never, or keeping a larger answer, leaves every kept answer that of the state it was made at (every change empties the cache)';
const EMPTY_CLEAR = 'clearing a map that is already empty changes nothing';
const KEY_OF = "const keyOf = (url: string, caller: Caller | null) => `${caller?.publicationId ?? ''} ${url}`;";
const GET = 'get(url, caller) {';
const GET_RETURN = 'return entry && entry.tasksRun === tasksRun() ? entry.reply : undefined;';
const PASS_THROUGH = "if (!('json' in reply) || reply.headers !== undefined || (reply.status ?? 200) !== 200) return reply;";
const START_OVER = 'if (entries.size >= MAX_ENTRIES || bytes + kept.body.length > MAX_BYTES) {';
const FITS = 'if (kept.body.length <= MAX_BYTES) {';
const SET = 'entries.set(keyOf(url, caller), { tasksRun: tasksRun(), reply: kept });';
const COUNT = 'bytes += kept.body.length;';
const INVALIDATE = 'if (entries.size > 0) {';
const MAX_BYTES_CODE = 'const MAX_BYTES = 16 * 1024 * 1024;';
const DISTINCT_KEY = "the anonymous reader's key then starts with that text instead of nothing: still no publication's id, so it is still apart from every caller's";

const readCache = (code: string, original: string, mutator: string, replacement: string, why: string): EquivalentMutant => ({
  file: READ_CACHE, code, original, mutator, replacement, why,
});

export const http: readonly EquivalentMutant[] = [
  narrowerPlainTarget("/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)(\\?[\\x21-\\x22\\x24-\\x7e]*)?$/"),
  narrowerPlainTarget("/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-])+(\\?[\\x21-\\x22\\x24-\\x7e]*)?$/"),
  narrowerPlainTarget("/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)+(\\?[\\x21-\\x22\\x24-\\x7e]*)$/"),
  narrowerPlainTarget("/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)+(\\?[\\x21-\\x22\\x24-\\x7e])?$/"),
  { file: 'reference/src/http/url.ts', code: 'if (PLAIN_TARGET.test(raw)) {', original: 'PLAIN_TARGET.test(raw)', mutator: 'ConditionalExpression', replacement: 'false', why: `every target then: ${PLAIN_TARGET_SHORTCUT}` },
  { file: 'reference/src/http/url.ts', code: 'if (PLAIN_TARGET.test(raw)) {', original: '{ … } #25ad25a5', mutator: 'BlockStatement', replacement: '{}', why: `a plain target then falls through: ${PLAIN_TARGET_SHORTCUT}` },
  {
    file: 'reference/src/http/url.ts', code: 'return q < 0', original: 'q < 0', mutator: 'EqualityOperator', replacement: 'q <= 0',
    why: 'a plain target starts with "/", so its "?" is never at 0: the two differ for no target that reaches this line',
  },
  {
    file: 'reference/src/http/auth.ts', code: 'const match = /^Bearer\\s+(\\S+)\\s*$/i.exec(header);', original: '/^Bearer\\s+(\\S+)\\s*$/i', mutator: 'Regex', replacement: '/^Bearer\\s+(\\S+)\\S*$/i',
    why: "the greedy \\S+ before it leaves no non-space to match, and node's HTTP parser strips the white space that ends a header's value: both patterns end the key at the header's end",
  },
  { file: 'reference/src/http/types.ts', code: "if (!ctx.caller) throw new Error('route declared auth \"required\" but has no caller');", original: '!ctx.caller', mutator: 'ConditionalExpression', replacement: 'false', why: REQUIRED_HAS_A_CALLER },
  {
    file: 'reference/src/http/types.ts', code: "if (!ctx.caller) throw new Error('route declared auth \"required\" but has no caller');", original: "'route declared auth \"required\" but has no caller'", mutator: 'StringLiteral', replacement: '""',
    why: REQUIRED_HAS_A_CALLER,
  },
  { file: RESPOND, code: FAST_PATH, original: "reply.headers === undefined && ('json' in reply || 'body' in reply)", mutator: 'ConditionalExpression', replacement: 'false', why: GENERAL_PATH_SAME_HEADERS },
  { file: RESPOND, code: FAST_PATH, original: "'json' in reply || 'body' in reply", mutator: 'LogicalOperator', replacement: "'json' in reply && 'body' in reply", why: GENERAL_PATH_SAME_HEADERS },
  { file: RESPOND, code: FAST_PATH, original: "'json'", mutator: 'StringLiteral', replacement: '""', why: GENERAL_PATH_SAME_HEADERS },
  { file: RESPOND, code: FAST_PATH, original: "'body'", mutator: 'StringLiteral', replacement: '""', why: GENERAL_PATH_SAME_HEADERS },
  { file: RESPOND, code: FAST_PATH, original: '{ … } #91f8cdcb', mutator: 'BlockStatement', replacement: '{}', why: GENERAL_PATH_SAME_HEADERS },
  {
    file: 'reference/src/http/csrf.ts', code: 'if (eq < 0) continue;', original: 'eq < 0', mutator: 'EqualityOperator', replacement: 'eq <= 0',
    why: "a cookie that starts with '=' has an empty name, which is never the name looked for: it is skipped either way",
  },
  { file: RESPOND, code: 'if (res.headersSent) return;', original: 'res.headersSent', mutator: 'ConditionalExpression', replacement: 'false', why: HEADERS_NEVER_SENT },
  {
    file: RESPOND, code: "headers['Content-Security-Policy'] ??= \"default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' https:; frame-ancestors 'none'\";",
    original: "\"default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' https:; frame-ancestors 'none'\"", mutator: 'StringLiteral', replacement: '""',
    why: "every HTML page the reference serves (approval, unsubscribe, site, inspector) sets its own Content-Security-Policy: the default is never used",
  },
  {
    file: RESPOND, code: "body = '';", original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"',
    why: 'the body of a redirect (the pages\' 303s): browsers and fetch follow its Location and never show it, and no rule or register row states it',
  },
  { file: RESPOND, code: 'if (err instanceof ApiError) {', original: 'err instanceof ApiError', mutator: 'ConditionalExpression', replacement: 'true', why: ONLY_A_BUG_IS_500 },
  { file: RESPOND, code: INTERNAL_ERROR, original: "{ status: 500, json: { success: false, msg: 'internal server error' } }", mutator: 'ObjectLiteral', replacement: '{}', why: ONLY_A_BUG_IS_500 },
  { file: RESPOND, code: INTERNAL_ERROR, original: "{ success: false, msg: 'internal server error' }", mutator: 'ObjectLiteral', replacement: '{}', why: ONLY_A_BUG_IS_500 },
  { file: RESPOND, code: INTERNAL_ERROR, original: 'false', mutator: 'BooleanLiteral', replacement: 'true', why: ONLY_A_BUG_IS_500 },
  { file: RESPOND, code: INTERNAL_ERROR, original: "'internal server error'", mutator: 'StringLiteral', replacement: '""', why: ONLY_A_BUG_IS_500 },
  readCache(KEY_OF, "''", 'StringLiteral', "\"Stryker was here!\"", DISTINCT_KEY),
  readCache(GET, "{ … } #2fe276e7", 'BlockStatement', "{}", KEEPS_LESS),
  readCache(GET_RETURN, "entry && entry.tasksRun === tasksRun()", 'ConditionalExpression', "false", KEEPS_LESS),
  readCache(PASS_THROUGH, "!('json' in reply) || reply.headers !== undefined || (reply.status ?? 200) !== 200", 'ConditionalExpression', "true", KEEPS_LESS),
  readCache(PASS_THROUGH, "!('json' in reply) || reply.headers !== undefined || (reply.status ?? 200) !== 200", 'ConditionalExpression', "false", ONLY_PLAIN_JSON),
  readCache(PASS_THROUGH, "!('json' in reply) || reply.headers !== undefined || (reply.status ?? 200) !== 200", 'LogicalOperator', "(!('json' in reply) || reply.headers !== undefined) && (reply.status ?? 200) !== 200", ONLY_PLAIN_JSON),
  readCache(PASS_THROUGH, "!('json' in reply) || reply.headers !== undefined", 'ConditionalExpression', "false", ONLY_PLAIN_JSON),
  readCache(PASS_THROUGH, "!('json' in reply) || reply.headers !== undefined", 'LogicalOperator', "!('json' in reply) && reply.headers !== undefined", ONLY_PLAIN_JSON),
  readCache(PASS_THROUGH, "!('json' in reply)", 'BooleanLiteral', "'json' in reply", KEEPS_LESS),
  readCache(PASS_THROUGH, "'json'", 'StringLiteral', "\"\"", KEEPS_LESS),
  readCache(PASS_THROUGH, "reply.headers !== undefined", 'ConditionalExpression', "false", ONLY_PLAIN_JSON),
  readCache(PASS_THROUGH, "reply.headers !== undefined", 'EqualityOperator', "reply.headers === undefined", KEEPS_LESS),
  readCache(PASS_THROUGH, "(reply.status ?? 200) !== 200", 'ConditionalExpression', "false", ONLY_PLAIN_JSON),
  readCache(PASS_THROUGH, "(reply.status ?? 200) !== 200", 'EqualityOperator', "(reply.status ?? 200) === 200", KEEPS_LESS),
  readCache(PASS_THROUGH, "reply.status ?? 200", 'LogicalOperator', "reply.status && 200", KEEPS_LESS),
  readCache(START_OVER, "entries.size >= MAX_ENTRIES || bytes + kept.body.length > MAX_BYTES", 'ConditionalExpression', "true", MEMORY_BOUNDS),
  readCache(START_OVER, "entries.size >= MAX_ENTRIES || bytes + kept.body.length > MAX_BYTES", 'ConditionalExpression', "false", MEMORY_BOUNDS),
  readCache(START_OVER, "entries.size >= MAX_ENTRIES || bytes + kept.body.length > MAX_BYTES", 'LogicalOperator', "entries.size >= MAX_ENTRIES && bytes + kept.body.length > MAX_BYTES", MEMORY_BOUNDS),
  readCache(START_OVER, "entries.size >= MAX_ENTRIES", 'ConditionalExpression', "false", MEMORY_BOUNDS),
  readCache(START_OVER, "entries.size >= MAX_ENTRIES", 'EqualityOperator', "entries.size > MAX_ENTRIES", MEMORY_BOUNDS),
  readCache(START_OVER, "entries.size >= MAX_ENTRIES", 'EqualityOperator', "entries.size < MAX_ENTRIES", MEMORY_BOUNDS),
  readCache(START_OVER, "bytes + kept.body.length > MAX_BYTES", 'ConditionalExpression', "false", MEMORY_BOUNDS),
  readCache(START_OVER, "bytes + kept.body.length > MAX_BYTES", 'EqualityOperator', "bytes + kept.body.length >= MAX_BYTES", MEMORY_BOUNDS),
  readCache(START_OVER, "bytes + kept.body.length > MAX_BYTES", 'EqualityOperator', "bytes + kept.body.length <= MAX_BYTES", MEMORY_BOUNDS),
  readCache(START_OVER, "bytes + kept.body.length", 'ArithmeticOperator', "bytes - kept.body.length", MEMORY_BOUNDS),
  readCache(START_OVER, "{ … } #004faf14", 'BlockStatement', "{}", MEMORY_BOUNDS),
  readCache(FITS, "kept.body.length <= MAX_BYTES", 'ConditionalExpression', "true", MEMORY_BOUNDS),
  readCache(FITS, "kept.body.length <= MAX_BYTES", 'ConditionalExpression', "false", KEEPS_LESS),
  readCache(FITS, "kept.body.length <= MAX_BYTES", 'EqualityOperator', "kept.body.length < MAX_BYTES", MEMORY_BOUNDS),
  readCache(FITS, "kept.body.length <= MAX_BYTES", 'EqualityOperator', "kept.body.length > MAX_BYTES", KEEPS_LESS),
  readCache(FITS, "{ … } #cb37e2b1", 'BlockStatement', "{}", KEEPS_LESS),
  readCache(SET, "{ tasksRun: tasksRun(), reply: kept }", 'ObjectLiteral', "{}", KEEPS_LESS),
  readCache(COUNT, "bytes += kept.body.length", 'AssignmentOperator', "bytes -= kept.body.length", MEMORY_BOUNDS),
  readCache(INVALIDATE, "entries.size > 0", 'ConditionalExpression', "true", EMPTY_CLEAR),
  readCache(INVALIDATE, "entries.size > 0", 'EqualityOperator', "entries.size >= 0", EMPTY_CLEAR),
  readCache(MAX_BYTES_CODE, "16 * 1024 * 1024", 'ArithmeticOperator', "16 * 1024 / 1024", KEEPS_LESS),
  readCache(MAX_BYTES_CODE, "16 * 1024", 'ArithmeticOperator', "16 / 1024", KEEPS_LESS),
  {
    file: 'reference/src/http/router.ts', code: 'while (start < end && path.charCodeAt(start) === 47) start++;', original: 'start < end', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'charCodeAt past the end of the path is NaN, never a slash: the loop stops at the end without the bound',
  },
  {
    file: 'reference/src/http/router.ts', code: 'while (start < end && path.charCodeAt(start) === 47) start++;', original: 'start < end', mutator: 'EqualityOperator', replacement: 'start <= end',
    why: 'charCodeAt at the end of the path is NaN, never a slash: the loop stops there either way',
  },
  {
    file: 'reference/src/http/router.ts', code: "return start === end ? [] : path.slice(start, end).split('/');", original: 'start === end', mutator: 'ConditionalExpression', replacement: 'false',
    why: "a path of slashes alone is then [''] instead of [], and so is the route '/', which the table splits alike: '' is never a parameter or an @ segment, so it reaches the route '/' and nothing else, as [] did",
  },
  {
    file: 'reference/src/http/router.ts', code: 'throw badRequest(`path segment \"${segment.slice(0, 100)}\" is not valid percent-encoding`);', original: 'segment.slice(0, 100)', mutator: 'MethodExpression', replacement: 'segment',
    why: 'the 400 then quotes the whole segment, not its first 100 characters: it still names the segment and what is wrong with it (errors.msg.actionable); no rule or register row states the cut',
  },
  {
    file: 'reference/src/http/body.ts', code: "const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();", original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"',
    why: 'a form sent without Content-Type then reads as that text instead of the empty one: neither is the url-encoded type, so it is refused as a body that is not a form either way',
  },
  {
    file: 'reference/src/http/body.ts', code: 'else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));', original: 'chunks.length === 1', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'a body of one chunk is then copied by Buffer.concat instead of handed on: the same bytes, at the cost of a copy',
  },
  {
    file: 'reference/src/http/body.ts', code: 'if (Array.isArray(value)) {', original: 'Array.isArray(value)', mutator: 'ConditionalExpression', replacement: 'false',
    why: "an array is then walked as an object: Object.keys gives its indexes, never a forbidden key, and each item is checked one level deeper, as the array branch does",
  },
  {
    file: 'reference/src/http/body.ts', code: 'if (Array.isArray(value)) {', original: '{ … } #9603346e', mutator: 'BlockStatement', replacement: '{}',
    why: "an array then falls through to the object walk: Object.keys gives its indexes, never a forbidden key, and each item is checked one level deeper, as the emptied branch did",
  },
  {
    file: 'reference/src/http/backpressure.ts', code: "if (socket.destroyed) reject(new Error('connection closed'));", original: "'connection closed'", mutator: 'StringLiteral', replacement: '""',
    why: "the rejection only skips the waiting request's handler: the connection's chain catches it with () => undefined, and nothing reads its message",
  },
];
