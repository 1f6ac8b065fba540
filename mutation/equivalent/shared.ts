/** Equivalent mutants of the files at the top of reference/src (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

// The sorted index's blocks are how it stays fast, not what it holds: every answer (its items in order, a page
// after a key, has, remove) is the same whatever the blocks' sizes. Its property tests check those answers with
// tiny blocks; the bench measures the speed the blocks are for.
const SIZE = 'the block size changes how items are cut in blocks, not which items are held or their order: a list of any block size answers the same';
const FAST_PATH =
  "without this shortcut (an item after or before every other goes to the end or the front without a search), the search finds the same place: the last block's end, or the first block's start";
const UNIQUE_KEYS = "sort keys are unique (the id is their last part): an item's key never equals another's, so < and <= agree";
const PUSH = "splicing an item in at a block's end is pushing it";
const SPLIT = 'a block cut in two sooner, later or never holds the same items in the same order: only the cost of the next insert changes';
const MERGE = 'neighbouring blocks merged sooner, later, whatever their sizes, or never hold the same items in the same order: only the cost of the next search changes';
const EMPTY_AFTER = 'in an empty list the first block after any key is block 0, which is where the walk starts anyway, and it yields nothing';
const BLOCK_AFTER =
  "a block whose last item is the key itself is chosen too, and the walk starts after that item in it (upperBound: the block's end), so it goes on with the next block as it would have";

// The secrets of wiring.ts are HMAC keys used only inside the reference (cursors, draft rows' ids): what a request sees
// is that they depend on the seed alone and differ between the two uses.
const WIRING_SECRET =
  "the secret is only an HMAC key of the same server: as raw bytes rather than hex, or with another purpose string (the other one still differs), it is still one fixed key per seed and use, so cursors are accepted and refused as before and a draft row's id is as before a fixed, opaque function of the seed and the post";

const NODE_SETS_METHOD_AND_URL = "node:http sets every request's method and URL (the in-process fetch handler goes through a node:http server too): the default is never read";
const READ_CACHE_SAVES_WORK =
  "the read cache only saves work: a read it does not serve, keep or keep after invalidating is computed from the state, and a cache dropped more often answers the same";
const HEAD_BODY_DROPPED = "node:http writes no body in the answer to a HEAD request, whatever end() is given: its headers (Content-Length included) are the same either way";

const APP = 'reference/src/app.ts';
const appMutant = (code: string, original: string, mutator: string, replacement: string, why: string): EquivalentMutant => ({
  file: APP, code, original, mutator, replacement, why,
});

export const shared: readonly EquivalentMutant[] = [
  appMutant("const kept = route.cached && !(result instanceof Promise) ? reads.keep(req.url!, caller, reply) : reply;", "route.cached && !(result instanceof Promise)", "ConditionalExpression", "true", "the one cached route (GET /v1/posts/:postId) answers synchronously, so its replies are kept either way or, with the test turned round, never (the cache only saves work); a reply kept for a route that is not cached is dropped in the same request's finally"),
  appMutant("const kept = route.cached && !(result instanceof Promise) ? reads.keep(req.url!, caller, reply) : reply;", "!(result instanceof Promise)", "BooleanLiteral", "result instanceof Promise", "the one cached route (GET /v1/posts/:postId) answers synchronously, so its replies are kept either way or, with the test turned round, never (the cache only saves work); a reply kept for a route that is not cached is dropped in the same request's finally"),
  appMutant("const caller = authenticate(req, current, api && route.auth === 'none' ? 'optional' : route.auth);", "'optional'", "StringLiteral", "\"\"", "authenticate tells only 'none' and 'required' apart from the rest: an empty mode reads a key when one is sent and needs none, as 'optional' does"),
  appMutant("if (kept) return (faulted ?? send)(res, (sent = api ? withCors(kept, req) : kept), method === 'HEAD');", "method === 'HEAD'", "ConditionalExpression", "false", HEAD_BODY_DROPPED),
  appMutant("if (!settled) reads.invalidate();", "!settled", "BooleanLiteral", "settled", "every cached read then drops the cache as it ends, its own kept answer included: the cache serves nothing, and each read is computed from the state, the same answer; a write's change after an await is read fresh for the same reason"),
  appMutant("const method = (req.method ?? 'GET').toUpperCase();", "'GET'", "StringLiteral", "\"\"", NODE_SETS_METHOD_AND_URL),
  appMutant("const url = parseUrl(req.url ?? '/');", "'/'", "StringLiteral", "\"\"", NODE_SETS_METHOD_AND_URL),
  appMutant("if (api) journal.record({ method, url: req.url ?? '/', authorization: req.headers.authorization, status: res.statusCode, fault: faults.touchOf(res), json: sent && 'json' in sent ? sent.json : undefined, startedAt, startedMs }, performance.now());", "'/'", "StringLiteral", "\"\"", NODE_SETS_METHOD_AND_URL),
  appMutant("if (clock.hasDue()) clock.runDue();", "clock.hasDue()", "ConditionalExpression", "true", "runDue with nothing due runs nothing: the clock and the state are left as they were"),
  appMutant("if (route.cached) {", "route.cached", "ConditionalExpression", "false", READ_CACHE_SAVES_WORK),
  appMutant("if (route.cached) {", "{ … } #bc00d83d", "BlockStatement", "{}", READ_CACHE_SAVES_WORK),
  appMutant("settled = true;", "true", "BooleanLiteral", "false", READ_CACHE_SAVES_WORK),
  appMutant("if (kept) return (faulted ?? send)(res, (sent = api ? withCors(kept, req) : kept), method === 'HEAD');", "kept", "ConditionalExpression", "false", READ_CACHE_SAVES_WORK),
  appMutant("if (kept) return (faulted ?? send)(res, (sent = api ? withCors(kept, req) : kept), method === 'HEAD');", "'HEAD'", "StringLiteral", "\"\"", HEAD_BODY_DROPPED),
  appMutant("if (work.mark() !== effectsBefore) await work.settled(effectsBefore);", "work.mark() !== effectsBefore", "ConditionalExpression", "true", "settled() of a mark no effect followed awaits nothing: the same answer, one microtask later"),
  appMutant("const kept = route.cached && !(result instanceof Promise) ? reads.keep(req.url!, caller, reply) : reply;", "route.cached && !(result instanceof Promise)", "ConditionalExpression", "false", READ_CACHE_SAVES_WORK),
  appMutant("const kept = route.cached && !(result instanceof Promise) ? reads.keep(req.url!, caller, reply) : reply;", "route.cached && !(result instanceof Promise)", "LogicalOperator", "route.cached || !(result instanceof Promise)", "a reply kept for a route that is not cached is dropped in the same request's finally (settled is false there), and only cached routes read the cache"),
  appMutant("(faulted ?? send)(res, (sent = api ? withCors(kept, req) : kept), method === 'HEAD');", "method === 'HEAD'", "ConditionalExpression", "false", HEAD_BODY_DROPPED),
  appMutant("(faulted ?? send)(res, (sent = api ? withCors(kept, req) : kept), method === 'HEAD');", "'HEAD'", "StringLiteral", "\"\"", HEAD_BODY_DROPPED),
  appMutant("send(res, (sent = api ? withCors(reply, req) : reply), method === 'HEAD');", "method === 'HEAD'", "ConditionalExpression", "false", HEAD_BODY_DROPPED),
  appMutant("send(res, (sent = api ? withCors(reply, req) : reply), method === 'HEAD');", "'HEAD'", "StringLiteral", "\"\"", HEAD_BODY_DROPPED),
  appMutant("if (!settled) reads.invalidate();", "!settled", "ConditionalExpression", "true", READ_CACHE_SAVES_WORK),
  {
    file: 'reference/src/sorted-index.ts', code: 'this.block = options.blockSize ?? BLOCK;', original: 'options.blockSize ?? BLOCK', mutator: 'LogicalOperator', replacement: 'options.blockSize && BLOCK',
    why: SIZE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'if (compareKeys(this.keyAt(last, end - 1), key, this.descending) < 0) this.insertAt(last, end, item, key);', original: 'compareKeys(this.keyAt(last, end - 1), key, this.descending) < 0', mutator: 'ConditionalExpression', replacement: 'false',
    why: FAST_PATH,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'if (compareKeys(this.keyAt(last, end - 1), key, this.descending) < 0) this.insertAt(last, end, item, key);', original: 'compareKeys(this.keyAt(last, end - 1), key, this.descending) < 0', mutator: 'EqualityOperator', replacement: 'compareKeys(this.keyAt(last, end - 1), key, this.descending) <= 0',
    why: UNIQUE_KEYS,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'else if (compareKeys(key, this.keyAt(0, 0), this.descending) < 0) this.insertAt(0, 0, item, key);', original: 'compareKeys(key, this.keyAt(0, 0), this.descending) < 0', mutator: 'ConditionalExpression', replacement: 'false',
    why: FAST_PATH,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'else if (compareKeys(key, this.keyAt(0, 0), this.descending) < 0) this.insertAt(0, 0, item, key);', original: 'compareKeys(key, this.keyAt(0, 0), this.descending) < 0', mutator: 'EqualityOperator', replacement: 'compareKeys(key, this.keyAt(0, 0), this.descending) <= 0',
    why: UNIQUE_KEYS,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'if (i === block.length) {', original: 'i === block.length', mutator: 'ConditionalExpression', replacement: 'false',
    why: PUSH,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'if (block.length > 2 * this.block) {', original: 'block.length > 2 * this.block', mutator: 'ConditionalExpression', replacement: 'false',
    why: SPLIT,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'if (block.length > 2 * this.block) {', original: 'block.length > 2 * this.block', mutator: 'EqualityOperator', replacement: 'block.length >= 2 * this.block',
    why: SPLIT,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'if (block.length > 2 * this.block) {', original: "{ \u2026 } #546a5a11", mutator: 'BlockStatement', replacement: '{}',
    why: SPLIT,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: 'block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block', mutator: 'ConditionalExpression', replacement: 'false',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: 'block.length < this.block / 4', mutator: 'ConditionalExpression', replacement: 'true',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: 'block.length < this.block / 4', mutator: 'EqualityOperator', replacement: 'block.length <= this.block / 4',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: 'block.length < this.block / 4', mutator: 'EqualityOperator', replacement: 'block.length >= this.block / 4',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: 'this.block / 4', mutator: 'ArithmeticOperator', replacement: 'this.block * 4',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: 'block.length + this.blocks[b + 1].length <= 2 * this.block', mutator: 'ConditionalExpression', replacement: 'true',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: 'block.length + this.blocks[b + 1].length <= 2 * this.block', mutator: 'EqualityOperator', replacement: 'block.length + this.blocks[b + 1].length < 2 * this.block',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: 'block.length + this.blocks[b + 1].length <= 2 * this.block', mutator: 'EqualityOperator', replacement: 'block.length + this.blocks[b + 1].length > 2 * this.block',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: 'block.length + this.blocks[b + 1].length', mutator: 'ArithmeticOperator', replacement: 'block.length - this.blocks[b + 1].length',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: '2 * this.block', mutator: 'ArithmeticOperator', replacement: '2 / this.block',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: '} else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {', original: "{ \u2026 } #9346ea4a", mutator: 'BlockStatement', replacement: '{}',
    why: MERGE,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'if (key !== null && this.blocks.length > 0) {', original: 'this.blocks.length > 0', mutator: 'ConditionalExpression', replacement: 'true',
    why: EMPTY_AFTER,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'if (key !== null && this.blocks.length > 0) {', original: 'this.blocks.length > 0', mutator: 'EqualityOperator', replacement: 'this.blocks.length >= 0',
    why: EMPTY_AFTER,
  },
  {
    file: 'reference/src/sorted-index.ts', code: 'return this.firstBlockWhere((last) => compareKeys(last, key, this.descending) > 0);', original: 'compareKeys(last, key, this.descending) > 0', mutator: 'EqualityOperator', replacement: 'compareKeys(last, key, this.descending) >= 0',
    why: BLOCK_AFTER,
  },
  {
    file: "reference/src/clock.ts", code: "if (frozen && this.frozenAt === null) this.frozenAt = this.now();", original: "this.frozenAt === null", mutator: "ConditionalExpression", replacement: "true",
    why: "freezing a frozen clock sets its frozen time to now(), which reads that frozen time: it stays as it was",
  },
  {
    file: "reference/src/clock.ts", code: "this.tasks.sort((x, y) => x.at - y.at || x.seq - y.seq);", original: "x.seq - y.seq", mutator: "ArithmeticOperator", replacement: "x.seq + y.seq",
    why: "tasks are sorted after each one is pushed, the new one last; the sort compares the new task with those before it, and for tasks due at one time a positive sum of their numbers leaves it after them, as the difference does (the clock's test schedules three at one time and reads them back in order)",
  },
  {
    file: "reference/src/clock.ts", code: "if (at <= this.now()) this.runDue();", original: "at <= this.now()", mutator: "ConditionalExpression", replacement: "true",
    why: "runDue on a task not yet due runs nothing and re-arms the timer as it ends (its finally), which is what armTimer does",
  },
  {
    file: "reference/src/clock.ts", code: "if (this.timer) {", original: "this.timer", mutator: "ConditionalExpression", replacement: "true",
    why: "clearing a timer that is null does nothing, and setting the field to null again changes nothing",
  },
  {
    file: "reference/src/pagination.ts", code: "return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22);", original: "createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22)", mutator: "MethodExpression", replacement: "createHmac('sha256', this.secret).update(payload).digest('base64url')",
    why: "the cursor is opaque: an untruncated signature makes it longer, and the same function checks it, so every cursor it gave back is taken and every altered one refused",
  },
  {
    file: "reference/src/pagination.ts", code: "for (let i = 0; i < a.length; i++) {", original: "i < a.length", mutator: "EqualityOperator", replacement: "i <= a.length",
    why: "the keys compared are of one length: one step past the end reads undefined on both sides, which are equal, so the loop goes on to return 0 as it would have",
  },
  {
    file: "reference/src/pagination.ts", code: "const c = x < y ? -1 : 1;", original: "x < y", mutator: "EqualityOperator", replacement: "x <= y",
    why: "the values are known to differ here (equal ones were skipped just before), so < and <= agree",
  },
  {
    file: "reference/src/random.ts", code: "for (const byte of randomBytes(length - out.length + 8)) {", original: "length - out.length", mutator: "ArithmeticOperator", replacement: "length + out.length",
    why: "more random bytes are drawn than needed; the loop stops at the length asked for, and the characters kept are as uniform",
  },
  {
    file: 'reference/src/slices.ts', code: '() => this.effects.delete(id),', original: '() => this.effects.delete(id)', mutator: 'ArrowFunction', replacement: '() => undefined',
    why: "an effect that ended well, kept, is awaited again only by a request whose mark is before it, and it is settled already: that request answers as it would have; later marks never see it, and only memory grows",
  },
  {
    file: "reference/src/slices.ts", code: "if (performance.now() - since >= SLICE_MS) {", original: "performance.now() - since >= SLICE_MS", mutator: "EqualityOperator", replacement: "performance.now() - since > SLICE_MS",
    why: "performance.now() is a fraction of a millisecond: a slice that lasts exactly the limit, to the last fraction, is not a moment a test or a request can aim at, and either way the slice yields within a step of it",
  },
  {
    file: 'reference/src/wiring.ts', code: "const secret = (purpose: string) => createHash('sha256').update(`${purpose}:${seed}`).digest('hex');", original: "'hex'", mutator: 'StringLiteral', replacement: '""',
    why: WIRING_SECRET,
  },
  {
    file: 'reference/src/wiring.ts', code: "const buckets = new BucketStore(random, now, new PostDraftRows(secret('draft-rows'), posts));", original: "'draft-rows'", mutator: 'StringLiteral', replacement: '""',
    why: WIRING_SECRET,
  },
  {
    file: 'reference/src/wiring.ts', code: "cursors: new Cursors(secret('cursor-secret')),", original: "'cursor-secret'", mutator: 'StringLiteral', replacement: '""',
    why: WIRING_SECRET,
  },
];
