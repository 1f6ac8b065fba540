/**
 * Runs registered functions in worker threads, each call within a CPU budget.
 * Work whose cost no size check can bound (marked is superlinear on some
 * inputs that look like ordinary text: long runs of emphasis markers, upstream
 * marked#4099) runs here instead of on the HTTP thread: a call that spends
 * more than its budget of the worker's CPU time is refused with 400 and its
 * worker replaced (Worker.terminate stops JavaScript that never yields,
 * regular expressions included), and the HTTP thread answers other requests
 * meanwhile.
 *
 * An area registers its function with defineWorkerTask (the module that
 * exports it and its name); a worker imports the module and calls the export.
 * The budget counts the worker thread's CPU time (thread-cpu.ts), so a busy
 * machine that gives the worker less of a core does not trip it for a valid
 * input.
 *
 * Workers start on demand, one more whenever a call waits and every worker is
 * busy, up to `maxWorkers`; each runs one call at a time, and calls wait in
 * arrival order, a few of them queued at each worker (PIPELINE_DEPTH). A call that has spent SLOW_MS of CPU time does not count
 * against `maxWorkers` (up to MAX_EXTRA_WORKERS), so an outlier does not hold
 * up the ordinary calls behind it; such extra workers stop when they fall
 * idle. (CPU time, not wall time: on a loaded machine ordinary calls wait
 * long for a core, and workers started for them would only load TipTap
 * again and again.) A worker keeps the process alive only while it works.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { ApiError, badRequest } from '../errors.js';
import { startWorker } from '../workers.js';
import { CELL, type TaskReference, type ThreadData, type ThreadMessage, type WorkerCall } from './protocol.js';
import { threadCpuClock, type CpuClock } from './thread-cpu.js';

export interface WorkerTaskSpec<I> extends TaskReference {
  /** What the input is called in a refusal ("markdown", "the email body"). */
  label: string;
  /** Run once when a worker starts, so that loading the module is not paid by the first real call. */
  warmUp?: I;
}

/** A registered function: `run` it on the process's pool, or pass it to a pool of one's own. */
export interface WorkerTask<I, O> extends WorkerTaskSpec<I> {
  run(input: I): Promise<O>;
  /** Types only: what the function takes and gives. */
  readonly types?: { input: I; output: O };
}

const registered = new Map<string, WorkerTaskSpec<unknown>>();
const keyOf = (task: TaskReference) => `${task.module}#${task.name}`;

/**
 * Registers `name`, exported by `module` (the defining module's
 * import.meta.url), as work for the pool's workers. Its input and result
 * cross threads by structured clone; an ApiError it throws reaches the caller
 * with its status and message, anything else as a 500.
 */
export function defineWorkerTask<I, O>(spec: WorkerTaskSpec<I>): WorkerTask<I, O> {
  registered.set(keyOf(spec), spec);
  return { ...spec, run: (input) => workerPool().run<I, O>(spec, input) };
}

export interface WorkerPoolOptions {
  /** Workers at most (default: one per core but the HTTP thread's, at least 2, at most 4). */
  maxWorkers?: number;
  /** CPU time one call may spend in its worker. */
  cpuBudgetMs?: number;
}

export const DEFAULT_MAX_WORKERS = Math.min(4, Math.max(2, availableParallelism() - 1));
export const DEFAULT_CPU_BUDGET_MS = 5_000;
/** An ordinary call takes well under a millisecond of CPU; one that spends this much is an outlier. */
const SLOW_MS = 250;
/** How often the calls under way are checked (at most; an eighth of a short budget). */
const CHECK_MS = 50;
/** Extra workers beside slow calls, at most: past this, calls wait. */
const MAX_EXTRA_WORKERS = 2;
/**
 * Calls given to one worker at a time: the one it runs and those waiting
 * behind it in its port. A worker that had to wait for this thread between
 * calls would sleep and be woken for each one, and on a loaded machine every
 * wake-up waits for a core; with calls queued it goes from one to the next.
 */
const PIPELINE_DEPTH = 8;

interface Call {
  id: number;
  task: WorkerTaskSpec<unknown>;
  input: unknown;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Cells shared with the worker (protocol.ts CELL). */
  cells: Int32Array;
  /** Its CPU clock, once the worker has said which thread it is. */
  clock: CpuClock | null;
  /** The calls given to it, in the order it runs them: the first is under way or next. */
  calls: Call[];
  /** The seq of the last call given to it (1, 2, ...). */
  seq: number;
  /** The call last seen under way, the clock then, and the CPU time it has spent since it was first seen. */
  watch: { id: number; at: number; spent: number };
  slow: boolean;
}

export class WorkerPool {
  private readonly maxWorkers: number;
  private readonly cpuBudgetMs: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Call[] = [];
  private nextId = 1;
  private checker: NodeJS.Timeout | null = null;

  constructor(options: WorkerPoolOptions = {}) {
    this.maxWorkers = Math.max(1, options.maxWorkers ?? DEFAULT_MAX_WORKERS);
    this.cpuBudgetMs = options.cpuBudgetMs ?? DEFAULT_CPU_BUDGET_MS;
  }

  run<I, O>(task: WorkerTaskSpec<I>, input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task: task as WorkerTaskSpec<unknown>, input, resolve: resolve as (value: never) => void, reject });
      this.dispatch();
    });
  }

  /** Starts workers now, up to `count` in all, so the first calls do not wait for one to load its modules. */
  warm(count = 1): void {
    while (this.slots.size < Math.min(count, this.maxWorkers)) this.spawn();
  }

  get capacity(): number {
    return this.maxWorkers;
  }

  /** Workers running now (started or starting). */
  get workerCount(): number {
    return this.slots.size;
  }

  /** Stops every worker; calls waiting or under way are refused with 503. */
  async close(): Promise<void> {
    const stopped = new ApiError(503, 'the server is shutting down');
    const slots = [...this.slots];
    for (const slot of slots) this.drop(slot, stopped);
    for (const call of this.queue.splice(0)) call.reject(stopped);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** Idle workers first, then one more call for each of the least busy, and so on: calls spread over the workers. */
  private dispatch(): void {
    for (let depth = 0; depth < PIPELINE_DEPTH && this.queue.length > 0; depth++) {
      for (const slot of this.slots) {
        if (this.queue.length === 0) break;
        if (slot.clock && !slot.slow && slot.calls.length === depth) this.send(slot, this.queue.shift()!);
      }
    }
    const starting = this.count((slot) => !slot.clock);
    if (this.queue.length > starting && this.slots.size < this.workerLimit()) this.spawn();
  }

  private send(slot: Slot, call: Call): void {
    slot.calls.push(call);
    if (slot.calls.length === 1) slot.worker.ref();
    const message: WorkerCall = { id: call.id, seq: ++slot.seq, task: { module: call.task.module, name: call.task.name }, input: call.input };
    slot.worker.postMessage(message);
    this.checker ??= setInterval(this.check, Math.max(1, Math.min(CHECK_MS, this.cpuBudgetMs / 8))).unref();
  }

  /** maxWorkers, and one more beside each slow call (up to MAX_EXTRA_WORKERS). */
  private workerLimit(): number {
    return this.maxWorkers + Math.min(this.count((slot) => slot.slow), MAX_EXTRA_WORKERS);
  }

  private count(test: (slot: Slot) => boolean): number {
    let n = 0;
    for (const slot of this.slots) if (test(slot)) n++;
    return n;
  }

  /**
   * Reads the CPU clock of each busy worker: one interval while any works,
   * rather than a reading per call. A call is charged from the first check
   * that sees it under way (the worker names it in its CURRENT cell), so it
   * may spend up to one interval more than its budget before it is stopped.
   */
  private readonly check = (): void => {
    let busy = false;
    for (const slot of this.slots) {
      if (slot.calls.length === 0 || !slot.clock) continue;
      busy = true;
      const id = Atomics.load(slot.cells, CELL.current);
      const now = slot.clock();
      if (now === null) continue;
      if (id !== slot.watch.id) slot.watch = { id, at: now, spent: 0 };
      else {
        slot.watch.spent += now - slot.watch.at;
        slot.watch.at = now;
      }
      if (id !== slot.calls[0]!.id) continue;
      if (slot.watch.spent >= this.cpuBudgetMs) this.overran(slot);
      else if (!slot.slow && slot.watch.spent >= SLOW_MS) this.slowed(slot);
    }
    if (!busy && this.checker) {
      clearInterval(this.checker);
      this.checker = null;
    }
  };

  private spawn(): void {
    // The main thread's stack size (about 1 MB), not a worker's default 4 MB: marked recurses once per
    // level of nesting, and deeper stacks only let "> - > - …" run longer before it is refused.
    const cells = new Int32Array(new SharedArrayBuffer(CELL.count * Int32Array.BYTES_PER_ELEMENT));
    const tasks = [...registered.values()].map(({ module, name, warmUp }) => ({ module, name, warmUp }));
    const data: ThreadData = { cells: cells.buffer as SharedArrayBuffer, tasks };
    const worker = startWorker('./thread', import.meta.url, { resourceLimits: { stackSizeMb: 1 } }, { ...data });
    const slot: Slot = { worker, cells, clock: null, calls: [], seq: 0, watch: { id: 0, at: 0, spent: 0 }, slow: false };
    this.slots.add(slot);
    worker.on('message', (message: ThreadMessage) => {
      if ('ready' in message) {
        slot.clock = threadCpuClock(message.threadId);
        worker.unref();
        this.dispatch();
        this.retireIfExtra(slot);
        return;
      }
      const call = slot.calls[0];
      // A reply for a call taken back (see slowed) that the worker had begun before it saw its skip marker.
      if (!call || call.id !== message.id) return;
      slot.calls.shift();
      slot.slow = false;
      if (slot.calls.length === 0) worker.unref();
      if (message.ok) call.resolve(message.value as never);
      else if (message.status !== null) call.reject(new ApiError(message.status, message.message));
      else call.reject(new Error(`${call.task.label} could not be processed: ${message.message}`));
      this.dispatch();
      this.retireIfExtra(slot);
    });
    worker.on('error', (error) => this.failed(slot, error));
    worker.on('exit', (code) => this.failed(slot, new Error(`a worker exited with code ${code}`)));
  }

  /** An idle worker beyond the limit (started beside a slow call that has ended) stops. */
  private retireIfExtra(slot: Slot): void {
    if (slot.calls.length > 0 || this.queue.length > 0 || this.slots.size <= this.workerLimit()) return;
    this.slots.delete(slot);
    void slot.worker.terminate();
  }

  /** The calls waiting behind the one under way, taken back: the worker skips them when it reaches them. */
  private takeBackWaiting(slot: Slot): Call[] {
    Atomics.store(slot.cells, CELL.skipThrough, slot.seq);
    return slot.calls.splice(1);
  }

  /** Its call has spent SLOW_MS: those waiting behind it go back to the queue, and another worker may start. */
  private slowed(slot: Slot): void {
    slot.slow = true;
    this.queue.unshift(...this.takeBackWaiting(slot));
    this.dispatch();
  }

  private overran(slot: Slot): void {
    const { label } = slot.calls[0]!.task;
    const seconds = this.cpuBudgetMs / 1000;
    this.drop(
      slot,
      badRequest(`${label} took more than ${seconds} s to convert (CPU time): it is too large or too intricate (long runs of emphasis markers or deep nesting)`),
    );
    void slot.worker.terminate();
    this.dispatch();
  }

  /** A worker that died: the call it held is refused. One that died starting would die again: with no other worker, the queue is refused too. */
  private failed(slot: Slot, error: Error): void {
    if (!this.slots.has(slot)) return;
    const started = slot.clock !== null;
    this.drop(slot, error);
    if (!started && this.slots.size === 0) for (const call of this.queue.splice(0)) call.reject(error);
    else this.dispatch();
  }

  /** The worker is gone: the call under way is refused with `error`, those waiting behind it go back to the queue. */
  private drop(slot: Slot, error: Error): void {
    this.slots.delete(slot);
    const waiting = this.takeBackWaiting(slot);
    const current = slot.calls.shift();
    this.queue.unshift(...waiting);
    current?.reject(error);
  }
}

let shared: WorkerPool | undefined;

/** The process's pool: one set of workers serves every reference in the process. */
export function workerPool(): WorkerPool {
  return (shared ??= new WorkerPool());
}
