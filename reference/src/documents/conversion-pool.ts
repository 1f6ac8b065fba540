/**
 * Markdown of requests (post bodies to TipTap documents, custom email bodies
 * to HTML, content bodies to their readable text and links) is converted in
 * worker threads. marked is
 * superlinear on some inputs that no size check can tell from ordinary text
 * (its emphasis rule on runs like "_a__a__a_…", upstream marked#4099: 100 KB
 * took 50 s), and a conversion on the HTTP thread would hold every other
 * request for as long as it runs. In a worker it holds nobody: a conversion
 * that runs past its time limit is answered 400 and its worker terminated
 * (Worker.terminate stops JavaScript that never yields, regular expressions
 * included). The HTTP thread also gets the conversion's CPU time back.
 *
 * Workers start on demand, one more whenever a body waits and every worker
 * is busy, up to `maxWorkers`: one per core but the HTTP thread's (more
 * would only contend for the cores), at least two (on two cores a lone
 * worker stalled every conversion whenever the scheduler ran the HTTP thread
 * or another process in its place: small posts went 2,800-3,100 a second
 * with one worker against 3,600-4,200 with two, each write costing less CPU
 * too), at most four. Each converts one body at a time, and bodies
 * wait in arrival order. Bodies go to a worker in batches: those given to it
 * in one turn of the event loop travel in one message, sent when the turn
 * ends. Under load a turn reads many requests, and each message wakes a
 * worker that may be asleep: a system call and a context switch that cost
 * the HTTP thread more than the message itself.
 *
 * A body that has held its worker for SLOW_MS does not count against
 * `maxWorkers`, so a body that will run into the time limit does not hold
 * up the ordinary ones behind it; such extra workers stop when they fall
 * idle. A worker holds the process open only while it works.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { ApiError, badRequest } from '../errors.js';
import { KIND_LABEL, READY, REPLY_PORT, SKIP_MARKER, type ConversionKind, type ConversionReply, type ConversionRequest, type Converted, type ConvertedBody } from './conversion-protocol.js';
import { checkMarkdownInput } from './markdown.js';
import { LIMITS, type TiptapDoc } from './types.js';
import { startWorker } from '../workers.js';
import type { MarkdownReading } from '../content/markdown-text.js';

export interface ConversionPoolOptions {
  /** Workers at most (default: one per core but the HTTP thread's, at least 2, at most 4). */
  maxWorkers?: number;
  /** Time one conversion may run, from the moment a worker takes it. */
  timeLimitMs?: number;
}

interface Job {
  id: number;
  kind: ConversionKind;
  markdown: string;
  resolve: (converted: Converted) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Where the worker's replies arrive (REPLY_PORT). */
  replies: MessagePort;
  ready: boolean;
  /**
   * The bodies given to this worker, in the order it converts them: the first
   * is the one it works on (timed), the others wait in its port (or in
   * `outbox`), so the worker goes from one body to the next without waiting
   * for this thread.
   */
  jobs: Job[];
  /** Given to the worker in this turn of the event loop, not yet sent. */
  outbox: ConversionRequest[];
  /** The seq of the last body given to this worker. */
  seq: number;
  /** The worker's skip marker (see SKIP_MARKER): bodies with a seq at or below it are not converted. */
  skipThrough: Int32Array;
  /** When the body it works on began (performance.now()), while it works on one. */
  startedAt: number | null;
  /** The body it works on has run SLOW_MS or more. */
  slow: boolean;
}

export const DEFAULT_MAX_WORKERS = Math.min(4, Math.max(2, availableParallelism() - 1));

/**
 * Bodies given to one worker at a time: the one it converts and those that
 * wait behind it. Enough for a batch of a busy turn; few enough that bodies
 * spread over the workers and that a slow body holds few (they are taken back).
 */
const PIPELINE_DEPTH = 16;
/** An ordinary post converts in well under a millisecond; one that runs this long is an outlier. */
const SLOW_MS = 250;
/** How often the bodies in conversion are timed (at most; an eighth of a short time limit). */
const SWEEP_MS = 25;
/** Extra workers for slow bodies, at most: past this, bodies wait. */
const MAX_EXTRA_WORKERS = 2;

export class ConversionPool {
  private readonly maxWorkers: number;
  private readonly timeLimitMs: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private flushScheduled = false;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(options: ConversionPoolOptions = {}) {
    this.maxWorkers = Math.max(1, options.maxWorkers ?? DEFAULT_MAX_WORKERS);
    this.timeLimitMs = options.timeLimitMs ?? LIMITS.maxConvertMs;
  }

  /** The schema-valid document of a markdown body and its preview; rejects with a 400 ApiError for input that cannot be one. */
  async convert(markdown: string): Promise<ConvertedBody> {
    // Refused on sight here, so such a body is never copied to a worker.
    checkMarkdownInput(markdown);
    const { text, preview } = await this.run('doc', markdown);
    return { doc: JSON.parse(text) as TiptapDoc, preview: preview! };
  }

  /** The safe HTML of a custom email's markdown body (its length is the caller's to check). */
  async emailHtml(markdown: string): Promise<string> {
    return (await this.run('emailHtml', markdown)).text;
  }

  /** What a reader sees first of a content piece's markdown body, and its link targets (its length is the caller's to check). */
  async reading(markdown: string): Promise<MarkdownReading> {
    return JSON.parse((await this.run('reading', markdown)).text) as MarkdownReading;
  }

  private run(kind: ConversionKind, markdown: string): Promise<Converted> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, kind, markdown, resolve, reject });
      this.pump();
    });
  }

  /** Starts workers now, up to `count` in all, so the first bodies do not wait about a second for one. */
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

  /** Stops every worker; bodies waiting or in conversion are refused. */
  async close(): Promise<void> {
    const stopped = new ApiError(503, 'the server is shutting down');
    const slots = [...this.slots];
    for (const slot of slots) this.drop(slot, stopped);
    for (const job of this.queue.splice(0)) job.reject(stopped);
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    // Idle workers first, then one more body for each of the least busy, and so on: bodies spread over the workers.
    for (let depth = 0; depth < PIPELINE_DEPTH; depth++) {
      for (const slot of this.slots) {
        if (this.queue.length === 0) return;
        if (slot.ready && !slot.slow && slot.jobs.length === depth) this.assign(slot, this.queue.shift()!);
      }
    }
    if (this.queue.length > this.count((slot) => !slot.ready) && this.slots.size < this.workerLimit()) this.spawn();
  }

  /** maxWorkers, and one more beside each slow body (up to MAX_EXTRA_WORKERS). */
  private workerLimit(): number {
    return this.maxWorkers + Math.min(this.count((slot) => slot.slow), MAX_EXTRA_WORKERS);
  }

  private count(test: (slot: Slot) => boolean): number {
    let n = 0;
    for (const slot of this.slots) if (test(slot)) n++;
    return n;
  }

  /** An idle worker beyond the limit (started beside a slow body that has ended) stops. */
  private retireIfExtra(slot: Slot): void {
    if (slot.jobs.length > 0 || this.queue.length > 0 || this.slots.size <= this.workerLimit()) return;
    this.slots.delete(slot);
    slot.replies.close();
    void slot.worker.terminate();
  }

  private assign(slot: Slot, job: Job): void {
    slot.jobs.push(job);
    if (slot.jobs.length === 1) this.startTiming(slot);
    slot.outbox.push({ id: job.id, seq: ++slot.seq, kind: job.kind, markdown: job.markdown });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flush);
    }
  }

  /** At the end of the turn: each worker's new bodies in one message. */
  private readonly flush = (): void => {
    this.flushScheduled = false;
    for (const slot of this.slots) {
      if (slot.outbox.length === 0) continue;
      slot.worker.postMessage(slot.outbox);
      slot.outbox = [];
    }
  };

  /** The bodies waiting behind the one the worker converts, taken back: never sent, or skipped when the worker reaches them. */
  private takeBackWaiting(slot: Slot): Job[] {
    Atomics.store(slot.skipThrough, 0, slot.seq);
    slot.outbox = [];
    return slot.jobs.splice(1);
  }

  /** The worker has begun the first of its bodies: time it, and keep the process alive while it works. */
  private startTiming(slot: Slot): void {
    slot.worker.ref();
    slot.slow = false;
    slot.startedAt = performance.now();
    this.sweeper ??= setInterval(this.sweep, Math.max(1, Math.min(SWEEP_MS, this.timeLimitMs / 8))).unref();
  }

  /**
   * Times the bodies in conversion: one interval while any worker works,
   * rather than a timer set and cleared for every body (on a busy HTTP
   * thread, each was a visible share of a write). A body is found slow or
   * out of time at most one interval late.
   */
  private readonly sweep = (): void => {
    const now = performance.now();
    let working = false;
    for (const slot of this.slots) {
      if (slot.startedAt === null) continue;
      working = true;
      const elapsed = now - slot.startedAt;
      if (elapsed >= this.timeLimitMs) this.timedOut(slot);
      else if (!slot.slow && elapsed >= SLOW_MS) this.slowed(slot);
    }
    if (!working && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  };

  private spawn(): void {
    // The main thread's stack size (about 1 MB), not a worker's default 4 MB: marked recurses once per
    // level of nesting, and deeper stacks only let "> - > - …" run longer before it is refused.
    const skipThrough = new Int32Array(new SharedArrayBuffer(4));
    const { port1: replies, port2: replyPort } = new MessageChannel();
    const worker = startWorker(
      './conversion-worker',
      import.meta.url,
      { resourceLimits: { stackSizeMb: 1 }, transferList: [replyPort] },
      { [SKIP_MARKER]: skipThrough.buffer, [REPLY_PORT]: replyPort },
    );
    const slot: Slot = { worker, replies, ready: false, jobs: [], outbox: [], seq: 0, skipThrough, startedAt: null, slow: false };
    this.slots.add(slot);
    // The first reply wakes this thread; those that arrived with it are read at once (see REPLY_PORT).
    replies.on('message', (reply: ConversionReply) => {
      this.settle(slot, reply);
      for (let next = receiveMessageOnPort(replies); next && this.slots.has(slot); next = receiveMessageOnPort(replies)) {
        this.settle(slot, next.message as ConversionReply);
      }
    });
    // The worker itself keeps the process alive while it works (startTiming); its port never does.
    replies.unref();
    // Until it is ready a worker keeps the process alive: its start-up is work under way.
    worker.on('message', (message: ConversionReply | typeof READY) => {
      if (message === READY) {
        slot.ready = true;
        worker.unref();
        this.pump();
        this.retireIfExtra(slot);
      } else this.settle(slot, message);
    });
    worker.on('error', (error) => this.failed(slot, error));
    worker.on('exit', (code) => this.failed(slot, new Error(`markdown conversion worker exited with code ${code}`)));
  }

  private settle(slot: Slot, reply: ConversionReply): void {
    const job = slot.jobs[0];
    // A reply for a body taken back (see slowed) that the worker had begun before it saw its skip marker.
    if (!job || job.id !== reply.id) return;
    this.stopTiming(slot);
    slot.jobs.shift();
    if (slot.jobs.length > 0) this.startTiming(slot);
    else this.retireIfExtra(slot);
    if (reply.ok) job.resolve(reply);
    else if (reply.status !== null) job.reject(new ApiError(reply.status, reply.message));
    else job.reject(new Error(`markdown conversion failed: ${reply.message}`));
    this.pump();
  }

  /** Its body has run SLOW_MS: those waiting behind it go back to the queue, and another worker may start. */
  private slowed(slot: Slot): void {
    slot.slow = true;
    this.queue.unshift(...this.takeBackWaiting(slot));
    this.pump();
  }

  private timedOut(slot: Slot): void {
    const kind = slot.jobs[0]?.kind ?? 'doc';
    this.drop(
      slot,
      badRequest(
        `${KIND_LABEL[kind]} took more than ${this.timeLimitMs / 1000} s to convert: it is too large or too intricate (long runs of emphasis markers or deep nesting)`,
      ),
    );
    void slot.worker.terminate();
    this.pump();
  }

  /** A worker that died: the body it held is refused. One that died starting would die again: with no other worker, the queue is refused too. */
  private failed(slot: Slot, error: Error): void {
    if (!this.slots.has(slot)) return;
    this.drop(slot, error);
    if (!slot.ready && this.slots.size === 0) for (const job of this.queue.splice(0)) job.reject(error);
    else this.pump();
  }

  /** The worker is gone: its current body is refused with `error`, those waiting behind it go back to the queue. */
  private drop(slot: Slot, error: Error): void {
    this.stopTiming(slot);
    this.slots.delete(slot);
    slot.replies.close();
    const waiting = this.takeBackWaiting(slot);
    const current = slot.jobs.shift();
    this.queue.unshift(...waiting);
    current?.reject(error);
  }

  private stopTiming(slot: Slot): void {
    slot.startedAt = null;
    slot.slow = false;
    if (slot.ready) slot.worker.unref();
  }
}

let shared: ConversionPool | undefined;

/** The process's pool: one set of workers serves every reference in the process. */
export function conversionPool(): ConversionPool {
  return (shared ??= new ConversionPool());
}

/** A markdown body of a request, converted (and its preview made) in a worker under the time limit. */
export function convertMarkdown(markdown: string): Promise<ConvertedBody> {
  return conversionPool().convert(markdown);
}

/** A content piece's markdown body of a request, read in a worker under the time limit. */
export function readMarkdownInWorker(markdown: string): Promise<MarkdownReading> {
  return conversionPool().reading(markdown);
}

/** A custom email's markdown body of a request, rendered in a worker under the time limit. */
export function renderEmailMarkdown(markdown: string): Promise<string> {
  return conversionPool().emailHtml(markdown);
}
