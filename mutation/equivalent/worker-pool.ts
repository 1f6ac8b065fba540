/** Equivalent mutants of reference/src/worker-pool/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const FILE = 'reference/src/worker-pool/pool.ts';
const DISPATCH_LOOP = 'for (let depth = 0; depth < PIPELINE_DEPTH && this.queue.length > 0; depth++) {';
const DISPATCH_SEND = 'if (slot.clock && !slot.slow && slot.calls.length === depth) this.send(slot, this.queue.shift()!);';
const SPREAD =
  'which worker takes a call, and how many calls wait at one worker, change only how soon calls finish, never what they give: ' +
  'the inner loop stops at an empty queue, and every call is sent to a ready worker that is not slow';

export const workerPool: readonly EquivalentMutant[] = [
  {
    file: FILE, code: 'await Promise.all(slots.map((slot) => slot.worker.terminate()));', original: '(slot) => slot.worker.terminate()', mutator: 'ArrowFunction', replacement: '() => undefined',
    why: "close has dropped every worker and refused every call before this line; whether it resolves before or after the threads' exit shows only in the process's thread count for a moment, which no request and no deterministic test reads",
  },
  { file: FILE, code: DISPATCH_LOOP, original: 'depth < PIPELINE_DEPTH', mutator: 'EqualityOperator', replacement: 'depth <= PIPELINE_DEPTH', why: SPREAD },
  { file: FILE, code: DISPATCH_LOOP, original: 'this.queue.length > 0', mutator: 'ConditionalExpression', replacement: 'true', why: SPREAD },
  { file: FILE, code: DISPATCH_LOOP, original: 'this.queue.length > 0', mutator: 'EqualityOperator', replacement: 'this.queue.length >= 0', why: SPREAD },
  { file: FILE, code: DISPATCH_SEND, original: 'slot.calls.length === depth', mutator: 'ConditionalExpression', replacement: 'true', why: SPREAD },
  { file: FILE, code: DISPATCH_SEND, original: 'slot.calls.length === depth', mutator: 'EqualityOperator', replacement: 'slot.calls.length !== depth', why: SPREAD },
  {
    file: FILE, code: 'if (slot.calls.length === 1) slot.worker.ref();', original: 'slot.calls.length === 1', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'Worker.ref() on a worker already referenced does nothing (references are not counted)',
  },
];
