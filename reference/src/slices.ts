/**
 * Long loops inside one request (a CSV import's rows, a custom email's
 * recipients) in slices of the event loop's time: after each SLICE_MS of
 * work the loop lets other requests run, so a big request takes a little
 * longer and every other request keeps its ordinary latency.
 */

/** Work between two turns of the event loop: well under a request's ordinary latency budget. */
export const SLICE_MS = 10;

/** Resolves once the event loop has run what waits (I/O, timers, other requests). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Calls `each` for every item, in order; `endOfSlice` (if given) runs before
 * each pause and after the last item, for work done once per slice.
 */
export async function eachInSlices<T>(items: Iterable<T>, each: (item: T) => void, endOfSlice?: () => void): Promise<void> {
  let since = performance.now();
  for (const item of items) {
    each(item);
    if (performance.now() - since >= SLICE_MS) {
      endOfSlice?.();
      await nextTurn();
      since = performance.now();
    }
  }
  endOfSlice?.();
}
