/**
 * Synchronous work with a time limit. marked is superlinear on some inputs
 * that no size check can tell from ordinary text (its emphasis rule on runs
 * like "_a__a__a_…", upstream marked#4099: 100 KB took 50 s; nesting like
 * "> - > - …"), and a conversion runs on the event loop, where it holds every
 * other request. node:vm's timeout terminates whatever JavaScript runs inside
 * its call, third-party code and regular expressions included, so the work
 * is called from a one-line script run with a timeout.
 */
import vm from 'node:vm';

export class TimeLimitExceeded extends Error {
  constructor(readonly limitMs: number) {
    super(`work ran over its ${limitMs} ms time limit`);
    this.name = 'TimeLimitExceeded';
  }
}

// One context and one compiled script for every call: creating them costs far more than the call.
const context = vm.createContext({ job: null as null | (() => void) });
const script = new vm.Script('job()');
let running = false;

/** Runs `work`, or throws TimeLimitExceeded once it has run `limitMs`. Errors of `work` pass through unchanged. */
export function withinTime<T>(limitMs: number, work: () => T): T {
  // A call inside a call runs under the outer limit (the context holds one job at a time).
  if (running) return work();
  let result: T | undefined;
  context.job = () => {
    result = work();
  };
  running = true;
  try {
    script.runInContext(context, { timeout: limitMs });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new TimeLimitExceeded(limitMs);
    throw error;
  } finally {
    running = false;
    context.job = null;
  }
  return result as T;
}
