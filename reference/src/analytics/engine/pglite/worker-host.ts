/**
 * Main-thread side of one PGlite worker: request/response over postMessage,
 * an optional time limit per request, and termination.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../workers.js';
import { UserSqlError } from '../db/runner.js';
import type { WorkerReply, WorkerRequest } from './protocol.js';

/** The request ran past its time limit; the worker must be replaced. */
export class WorkerTimeout extends Error {}
/** The worker exited or failed; whatever it was doing is lost. */
export class WorkerGone extends Error {}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

export class WorkerHost {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private gone: Error | null = null;

  constructor() {
    this.worker = startWorker('./worker', import.meta.url);
    this.worker.on('message', (reply: WorkerReply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(new WorkerGone(`analytics worker failed: ${error.message}`)));
    this.worker.on('exit', (code) => this.fail(new WorkerGone(`analytics worker exited (code ${code})`)));
  }

  call<T>(request: WorkerRequest, timeoutMs?: number): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { resolve: resolve as (v: unknown) => void, reject };
      if (timeoutMs !== undefined) {
        entry.timer = setTimeout(() => {
          this.pending.delete(id);
          reject(new WorkerTimeout('analytics query timed out'));
        }, timeoutMs);
      }
      this.pending.set(id, entry);
      this.worker.postMessage({ id, request });
    });
  }

  /** Stops the worker even in the middle of a query (V8 interrupts running WASM). */
  async terminate(): Promise<void> {
    this.fail(new WorkerGone('analytics worker stopped'));
    await this.worker.terminate();
  }

  private settle(reply: WorkerReply): void {
    const entry = this.pending.get(reply.id);
    if (!entry) return; // already timed out
    this.pending.delete(reply.id);
    clearTimeout(entry.timer);
    if (reply.ok) entry.resolve(reply.value);
    else if (reply.error.userError) entry.reject(new UserSqlError(reply.error.message, reply.error.code));
    else entry.reject(new Error(reply.error.message));
  }

  private fail(error: Error): void {
    if (!this.gone) this.gone = error;
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    this.pending.clear();
  }
}
