/**
 * --rate-limit: successive requests start at least 1/rate seconds apart.
 * One throttle per worker; the CLI runs one test file at a time, so this is
 * the rate the target sees.
 */
export type Throttle = () => Promise<void>;

export function createThrottle(requestsPerSecond: number | undefined, now: () => number = Date.now): Throttle {
  if (requestsPerSecond === undefined || !(requestsPerSecond > 0)) return async () => {};
  const intervalMs = 1000 / requestsPerSecond;
  let nextSlot = 0;
  return async () => {
    const current = now();
    const slot = Math.max(current, nextSlot);
    nextSlot = slot + intervalMs;
    const wait = slot - current;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}
