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
  {
    file: FILE, code: 'const slot: Slot = { worker, cells, clock: null, calls: [], seq: 0, watch: { id: 0, at: 0, spent: 0 }, slow: false };', original: '{ id: 0, at: 0, spent: 0 }', mutator: 'ObjectLiteral', replacement: '{}',
    why: "a call is charged only once a check reads its own id in the worker's current cell, and that id (1 or more) differs from the first watch's id either way, so the check starts a new watch from that reading: what the first watch held is never read",
  },
  {
    file: FILE, code: 'if (slot.calls.length > 0 || this.queue.length > 0 || this.slots.size <= this.workerLimit()) return;', original: 'this.queue.length > 0', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'retireIfExtra runs right after dispatch, on a ready worker that is not slow (its slow call has just been answered, or it has just said it is ready); dispatch gives a waiting call to every such idle worker, so when this worker has no call the queue is empty',
  },
  {
    file: FILE, code: 'if (!this.slots.has(slot)) return;', original: '!this.slots.has(slot)', mutator: 'ConditionalExpression', replacement: 'false',
    why: "a worker no longer in the pool (stopped after an overrun, retired, closed, or exiting after its 'error') holds no call: drop took them all, so dropping it again refuses and requeues nothing; then the queue is empty whenever no worker is left (dispatch starts one for any waiting call), so nothing is refused, and the dispatch it does instead finds nothing to do",
  },
  {
    file: 'reference/src/worker-pool/thread.ts', code: 'if (!task) {', original: '!task', mutator: 'ConditionalExpression', replacement: 'true',
    why: "importing the task's module again on every call gives the same module (Node keeps it), so the same function runs: the map only saves a lookup",
  },
  {
    file: 'reference/src/worker-pool/thread.ts', code: '} catch {', original: '{ … } #0f2adcb3', mutator: 'BlockStatement', replacement: '{}',
    why: "where /proc/thread-self is missing (not Linux) the thread id is then undefined instead of null, and the pool's threadCpuClock reads both alike (no /proc/self/task/undefined/stat: wall time); on Linux the catch is never reached",
  },
  {
    file: 'reference/src/worker-pool/thread-cpu.ts', code: 'if (threadId === null || !readable(path)) return () => performance.now();', original: 'threadId === null', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'for a null thread id the path is /proc/self/task/null/stat, which never exists, so readable() is false and wall time is used all the same',
  },
  {
    file: 'reference/src/worker-pool/thread-cpu.ts', code: '} catch {', original: '{ … } #b633a701', mutator: 'BlockStatement', replacement: '{}',
    why: "readable() then answers undefined instead of false for a stat file it cannot read; its one caller negates it, so wall time is used all the same",
  },
];
