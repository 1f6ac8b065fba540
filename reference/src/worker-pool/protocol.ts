/** Messages between the pool (pool.ts) and its workers (thread.ts). */

/** A registered function: the module that exports it (an import.meta.url) and the export's name. */
export interface TaskReference {
  module: string;
  name: string;
}

/** The pool's functions as a worker gets them in its workerData (`tasks`), with the input each is warmed up with. */
export interface StartingTask extends TaskReference {
  warmUp?: unknown;
}

/**
 * Int32 cells a worker shares with the pool. `current`: the id of the call
 * the worker runs (0: none), which the pool reads to charge the worker's CPU
 * time to it. `skipThrough`: the pool takes back calls it gave the worker
 * and that wait there (behind a slow one, or when the worker is dropped) by
 * raising this to the seq of the last call it gave; the worker skips a call
 * whose seq is at or below it.
 */
export const CELL = { current: 0, skipThrough: 1, count: 2 } as const;

/** A worker's workerData beside its entry. */
export interface ThreadData {
  cells: SharedArrayBuffer;
  tasks: StartingTask[];
}

export interface WorkerCall {
  id: number;
  /** The call's place among those given to this worker (1, 2, ...). */
  seq: number;
  task: TaskReference;
  input: unknown;
}

export type ThreadMessage =
  /** Sent once, when the worker has loaded and warmed up its tasks; `threadId` is the OS thread id on Linux (null elsewhere). */
  | { ready: true; threadId: number | null }
  | { id: number; ok: true; value: unknown }
  /** An ApiError of the call (the client's input): status and message go to the client as they are. */
  | { id: number; ok: false; status: number; message: string }
  /** Anything else thrown: a defect of the reference, answered 500. */
  | { id: number; ok: false; status: null; message: string };
