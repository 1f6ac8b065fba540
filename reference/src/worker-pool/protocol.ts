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

/** A worker's workerData beside its entry. */
export interface ThreadData {
  /**
   * An Int32 the worker sets to the id of the call it begins and to 0 when it
   * ends: the pool reads it to charge the worker's CPU time to that call.
   */
  current: SharedArrayBuffer;
  tasks: StartingTask[];
}

export interface WorkerCall {
  id: number;
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
