/**
 * The clock SQL reads: the reference's controllable clock, not the
 * database's. The engine reads it once per query, right before the query's
 * transaction begins, and every way SQL has of asking for the current time
 * answers from that reading (see schema/clock.ts for how, and
 * guard/clock-forms.ts for the forms rewritten to get there).
 */

import { Clock } from '../../clock.js';

/** What the engine needs of a clock; the reference's Clock (clock.ts) is one. */
export interface QueryClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** A frozen clock does not move while a query runs (clock_timestamp() stays put). */
  readonly frozen: boolean;
}

/**
 * How SQL's current time follows the reference clock: one way per engine.
 * - 'database' (embedded PGlite): the database's own clock runs on the
 *   reading while the query runs (pglite/worker-clock.ts), so every form of
 *   the current time follows, and the SQL runs as written.
 * - 'sql' (an external server, which keeps its own clock): the guard rewrites
 *   every clock form into functions that answer from the reading
 *   (guard/clock-forms.ts, schema/clock.ts); the date/time input strings
 *   'now', 'today', ... cannot follow there.
 */
export type ClockMechanism = 'database' | 'sql';

/** One reading, taken when a query starts; it travels with the query (to the PGlite worker too). */
export interface ClockReading {
  /** Milliseconds since the epoch. */
  at: number;
  frozen: boolean;
}

/** The default when no clock is given: the machine's time, moving (a Clock never set reads it). */
export const MACHINE_CLOCK: QueryClock = new Clock();

export function readClock(clock: QueryClock): ClockReading {
  return { at: clock.now(), frozen: clock.frozen };
}
