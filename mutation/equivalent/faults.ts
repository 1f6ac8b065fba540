/** Equivalent mutants of reference/src/faults/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const ZERO_MS_TIMER = 'a rule without latency (or one that drew 0) then waits a timer of 0 ms before acting: a turn of the event loop, which no client can tell from the time any request takes';
const STATUS_OUTCOME_UNDEFINED =
  "for a status rule BROKEN has no entry: the outcome becomes undefined, which the journal records as answered (its `?? 'answered'`), the outcome the touch had";
const CLOSED_STALLED_SOCKET =
  "a stalled socket the client closed then stays in the set until the next reset or clear of the rules, whose destroy() does nothing to a closed socket: it only holds the object's memory until then";

export const faults: readonly EquivalentMutant[] = [
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
  {
    file: 'reference/src/faults/act.ts', code: "const hit = this.store.fire({ method: req.method ?? 'GET', pathname, caller, headers: req.headers });", original: "'GET'",
    mutator: 'StringLiteral', replacement: '""',
    why: "req.method is always set: node's HTTP parser sets it from the request line, over TCP and over the fetch handler's in-memory connection alike; the fallback is never read",
  },
  {
    file: 'reference/src/faults/act.ts', code: 'if (hit.latencyMs > 0) await sleep(hit.latencyMs);', original: 'hit.latencyMs > 0', mutator: 'ConditionalExpression', replacement: 'true',
    why: ZERO_MS_TIMER,
  },
  {
    file: 'reference/src/faults/act.ts', code: 'if (hit.latencyMs > 0) await sleep(hit.latencyMs);', original: 'hit.latencyMs > 0', mutator: 'EqualityOperator', replacement: 'hit.latencyMs >= 0',
    why: ZERO_MS_TIMER,
  },
  {
    file: 'reference/src/faults/act.ts', code: "if (action.type !== 'status') touch.outcome = BROKEN[action.type];", original: "action.type !== 'status'", mutator: 'ConditionalExpression', replacement: 'true',
    why: STATUS_OUTCOME_UNDEFINED,
  },
  {
    file: 'reference/src/faults/act.ts', code: "if (action.type !== 'status') touch.outcome = BROKEN[action.type];", original: "'status'", mutator: 'StringLiteral', replacement: '""',
    why: `every action type then differs from "": ${STATUS_OUTCOME_UNDEFINED}`,
  },
  {
    file: 'reference/src/faults/act.ts', code: "if (action.type === 'status') throw faultError(hit, action.status, action.retryAfter, false);", original: "action.type === 'status'", mutator: 'ConditionalExpression', replacement: 'true',
    why: 'in mode before an action is a status or a drop (the schema refuses a stall or a truncate before, for --fault too), and a drop has returned above: here the action is always a status',
  },
  {
    file: 'reference/src/faults/act.ts', code: "socket.once('close', () => this.stalled.delete(socket));", original: "'close'", mutator: 'StringLiteral', replacement: '""',
    why: CLOSED_STALLED_SOCKET,
  },
  {
    file: 'reference/src/faults/act.ts', code: "socket.once('close', () => this.stalled.delete(socket));", original: '() => this.stalled.delete(socket)', mutator: 'ArrowFunction', replacement: '() => undefined',
    why: CLOSED_STALLED_SOCKET,
  },
];
