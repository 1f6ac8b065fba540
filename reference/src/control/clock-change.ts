/**
 * One change of the clock, as POST /_control/clock asks for it: the one
 * function that moves, sets or freezes time for anyone but the tests' own
 * code (the control API and the inspector's Clock page both call it).
 */
import type { Clock } from '../clock.js';
import { badRequest } from '../errors.js';
import type { z } from 'zod';
import { MAX_CLOCK_MS, type ControlClockChange } from '../../../schemas/control.js';

export type ClockChange = z.output<typeof ControlClockChange>;

export function changeClock(clock: Clock, change: ClockChange): { now: number; frozen: boolean } {
  if (change.advanceMs !== undefined && clock.now() + change.advanceMs > MAX_CLOCK_MS)
    throw badRequest(`advanceMs ${change.advanceMs} would take the clock past ${MAX_CLOCK_MS} (${new Date(MAX_CLOCK_MS).toISOString()}), the latest time it may read; nothing was changed`);
  if (change.frozen !== undefined) clock.freeze(change.frozen);
  if (change.advanceMs !== undefined) clock.advance(change.advanceMs);
  if (change.to !== undefined) clock.setTo(change.to);
  return { now: clock.now(), frozen: clock.frozen };
}
