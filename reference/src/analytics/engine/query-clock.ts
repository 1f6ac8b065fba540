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
