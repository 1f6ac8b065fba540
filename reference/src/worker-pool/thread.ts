/**
 * A worker of the pool (pool.ts): imports the modules of the registered
 * functions, warms each up, then runs one call at a time, marking the call
 * it works on in the shared `current` cell so the pool can charge it the
 * thread's CPU time, and skipping calls the pool has taken back.
 */
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../errors.js';
import { CELL, type TaskReference, type ThreadData, type ThreadMessage, type WorkerCall } from './protocol.js';

type Task = (input: unknown) => unknown;

const port = parentPort!;
const data = workerData as ThreadData;
const cells = new Int32Array(data.cells);
const loaded = new Map<string, Promise<Task>>();

function load({ module, name }: TaskReference): Promise<Task> {
  const key = `${module}#${name}`;
  let task = loaded.get(key);
  if (!task) {
    task = import(module).then((exports: Record<string, unknown>) => {
      const fn = exports[name];
      if (typeof fn !== 'function') throw new Error(`${module} exports no function ${name}`);
      return fn as Task;
    });
    loaded.set(key, task);
  }
  return task;
}

async function answer(call: WorkerCall): Promise<ThreadMessage> {
  try {
    const task = await load(call.task);
    Atomics.store(cells, CELL.current, call.id);
    return { id: call.id, ok: true, value: await task(call.input) };
  } catch (error) {
    if (error instanceof ApiError) return { id: call.id, ok: false, status: error.status, message: error.message };
    return { id: call.id, ok: false, status: null, message: error instanceof Error ? error.message : String(error) };
  } finally {
    Atomics.store(cells, CELL.current, 0);
  }
}

/** This thread's id in the kernel's eyes (/proc/thread-self is a link to "<pid>/task/<tid>"), where there is one. */
function osThreadId(): number | null {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
}

// Calls arrive while one runs and wait in the port; each is answered before the next is begun.
let chain = Promise.resolve();
port.on('message', (call: WorkerCall) => {
  chain = chain.then(async () => {
    // Taken back by the pool (given to another worker, or refused) while it waited here.
    if (call.seq <= Atomics.load(cells, CELL.skipThrough)) return;
    port.postMessage(await answer(call));
  });
});

// Loading a task's module (TipTap, marked) and compiling its hot paths is most of a first call's cost.
for (const task of data.tasks) {
  const fn = await load(task);
  if (task.warmUp !== undefined) {
    try {
      await fn(task.warmUp);
    } catch {
      // A warm-up that fails says nothing about real calls; they report their own errors.
    }
  }
}
port.postMessage({ ready: true, threadId: osThreadId() } satisfies ThreadMessage);
