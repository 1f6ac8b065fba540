/**
 * Functions for thread.test.ts, which runs a worker's entry (thread.ts) on the
 * test's own thread: what each was called with, and the call the worker
 * marked as under way while it ran, are kept on globalThis, since the test
 * may load this module afresh.
 */
import { ApiError } from '../errors.js';
import { CELL } from './protocol.js';

export interface ThreadTaskLog {
  /** [function, input, the `current` cell while it ran] of each call, warm-ups included. */
  calls: [string, unknown, number][];
  /** The cells the worker shares with its pool. */
  cells: Int32Array;
  /** Resolves a call of `wait`. */
  release: (() => void) | null;
}

export const log = (): ThreadTaskLog => (globalThis as { threadTaskLog?: ThreadTaskLog }).threadTaskLog!;

const note = (name: string, input: unknown) => void log().calls.push([name, input, Atomics.load(log().cells, CELL.current)]);

export function echo(input: unknown): unknown {
  note('echo', input);
  return { echoed: input };
}

export function shout(input: string): string {
  note('shout', input);
  return input.toUpperCase();
}

export async function wait(input: unknown): Promise<unknown> {
  note('wait', input);
  await new Promise<void>((resolve) => (log().release = resolve));
  return input;
}

export function refuse(input: unknown): never {
  note('refuse', input);
  throw new ApiError(422, `refused ${String(input)}`);
}

export function fail(input: unknown): never {
  note('fail', input);
  throw new Error(`failed ${String(input)}`);
}

export function throwText(input: unknown): never {
  note('throwText', input);
  throw `thrown ${String(input)}`;
}

export const notAFunction = 42;
