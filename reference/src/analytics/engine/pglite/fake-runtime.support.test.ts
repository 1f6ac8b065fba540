/**
 * A stand-in for the engine's runtime (runtime.ts), for the
 * engine.*.fake-worker.test.ts files: database workers that answer in this
 * thread, a cache the test holds, a marker for the compiled WebAssembly. Each
 * worker answers every request at once by default (`answer`); a test changes
 * what they answer, holds an answer back until it says, makes a worker exit,
 * or lets a query run past its time limit (under fake timers), so the
 * engine's orchestration shows exactly and in milliseconds (engine.test.ts
 * and timeout.test.ts show it on PGlite).
 */
import type { QueryResult, SchemaResult } from '../types.js';
import type { WorkerRequest } from './protocol.js';
import type { DatabaseWorker, PgliteRuntime } from './runtime.js';
import { WorkerGone, WorkerTimeout } from './worker-host.js';

export type RequestType = WorkerRequest['type'];

/** What a worker answers to a request: a value, or a promise of one (a rejection is its refusal). */
export type Answer = (request: WorkerRequest, worker: FakeWorker) => unknown;

export const QUERY_ANSWER: QueryResult = { rows: [{ n: 1 }], rowCount: 1, fields: [{ name: 'n' }], truncated: false };
export const SCHEMA_ANSWER: SchemaResult = { tables: [{ table_name: 'posts', column_name: 'id', data_type: 'text', is_nullable: 'NO' }] };
/** The data directory a fresh template worker dumps. */
export const DUMPED = new ArrayBuffer(3);

export const defaultAnswer: Answer = (request) => {
  switch (request.type) {
    case 'dump':
      return DUMPED;
    case 'query':
      return QUERY_ANSWER;
    case 'schema':
      return SCHEMA_ANSWER;
    default:
      return undefined;
  }
};

/** A promise the test settles. */
export function deferred<T = unknown>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Pending {
  reject: (error: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
}

export class FakeWorker implements DatabaseWorker {
  /** Every request in the order it came, with its time limit. */
  readonly calls: { request: WorkerRequest; timeoutMs?: number }[] = [];
  terminations = 0;
  private readonly pending = new Set<Pending>();
  private gone: Error | null = null;

  constructor(private readonly runtime: FakeRuntime) {}

  /** Like WorkerHost: a time limit rejects with WorkerTimeout, a gone worker with WorkerGone. */
  call<T>(request: WorkerRequest, timeoutMs?: number): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    this.calls.push({ request, timeoutMs });
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { reject };
      const done = () => {
        clearTimeout(entry.timer);
        this.pending.delete(entry);
      };
      if (timeoutMs !== undefined) {
        entry.timer = setTimeout(() => {
          this.pending.delete(entry);
          reject(new WorkerTimeout('analytics query timed out'));
        }, timeoutMs);
      }
      this.pending.add(entry);
      Promise.resolve()
        .then(() => this.runtime.answer(request, this))
        .then(
          (value) => {
            if (this.pending.has(entry)) resolve(value as T);
            done();
          },
          (error: Error) => {
            if (this.pending.has(entry)) reject(error);
            done();
          },
        );
    });
  }

  terminate(): Promise<void> {
    this.terminations++;
    this.fail(new WorkerGone('analytics worker stopped'));
    return Promise.resolve();
  }

  /** The thread exits on its own: what it was doing is lost. */
  exit(code = 1): void {
    this.fail(new WorkerGone(`analytics worker exited (code ${code})`));
  }

  get terminated(): boolean {
    return this.terminations > 0;
  }

  /** The types of the requests it was given, in order. */
  get types(): RequestType[] {
    return this.calls.map((call) => call.request.type);
  }

  /** The data directory it was started from (null: fresh), or undefined if it was never started. */
  get startedFrom(): ArrayBuffer | null | undefined {
    const start = this.calls.find((call) => call.request.type === 'start')?.request;
    return start?.type === 'start' ? start.dataDir : undefined;
  }

  private fail(error: Error): void {
    if (!this.gone) this.gone = error;
    for (const entry of this.pending) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    this.pending.clear();
  }
}

export class FakeRuntime implements PgliteRuntime {
  /** Every worker spawned, in order (the template's worker included). */
  readonly workers: FakeWorker[] = [];
  /** What every worker answers; a test replaces it. */
  answer: Answer = defaultAnswer;
  readonly wasmModule = { compiled: true } as unknown as WebAssembly.Module;
  /** The cached data directory, as the test set it and the engine wrote it. */
  stored: ArrayBuffer | null = null;
  /** Set to hold cache reads back until the test resolves it. */
  readGate: Promise<void> | null = null;
  reads = 0;
  writes: ArrayBuffer[] = [];
  drops = 0;

  readonly cache = {
    read: async (): Promise<ArrayBuffer | null> => {
      this.reads++;
      if (this.readGate) await this.readGate;
      return this.stored;
    },
    write: (dataDir: ArrayBuffer): Promise<void> => {
      this.writes.push(dataDir);
      this.stored = dataDir;
      return Promise.resolve();
    },
    drop: (): Promise<void> => {
      this.drops++;
      this.stored = null;
      return Promise.resolve();
    },
  };

  spawn(): FakeWorker {
    const worker = new FakeWorker(this);
    this.workers.push(worker);
    return worker;
  }

  wasm(): Promise<WebAssembly.Module> {
    return Promise.resolve(this.wasmModule);
  }

  /** The workers started from a data directory (the slots' workers, not the template's), in order. */
  get slotWorkers(): FakeWorker[] {
    return this.workers.filter((worker) => worker.startedFrom !== null);
  }

  /** Answers `type` with `answer`, everything else as before. */
  on(type: RequestType, answer: Answer): void {
    const before = this.answer;
    this.answer = (request, worker) => (request.type === type ? answer(request, worker) : before(request, worker));
  }
}
