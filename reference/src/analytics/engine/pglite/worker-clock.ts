/**
 * The embedded database's own clock, set to the reference clock's reading
 * while a query runs.
 *
 * PGlite is PostgreSQL compiled to WASM by Emscripten, whose wall clock
 * (clock_gettime(CLOCK_REALTIME), gettimeofday) is Date.now() of the thread
 * it runs on: this worker. While a query runs, Date.now() here answers the
 * reading (frozen clock) or the reading plus the real time elapsed since
 * (moving clock). So the database's transaction start time is the reference
 * clock's too, and everything PostgreSQL derives from it follows: every
 * clock function and keyword, and the date/time input strings 'now',
 * 'today', 'tomorrow' and 'yesterday', literal or built at run time, in
 * arrays, ranges, records and JSON. This is the embedded engine's one clock
 * mechanism (../query-clock.ts): its queries run as written.
 *
 * This thread runs nothing but PGlite, one request at a time; between
 * queries Date.now is the real one again.
 */
import type { ClockReading } from '../query-clock.js';

const machineNow = Date.now;

export async function withDatabaseClock<T>(reading: ClockReading, run: () => Promise<T>): Promise<T> {
  const real = () => machineNow.call(Date);
  const started = real();
  Date.now = reading.frozen ? () => reading.at : () => reading.at + (real() - started);
  try {
    return await run();
  } finally {
    Date.now = machineNow;
  }
}
