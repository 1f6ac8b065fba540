/**
 * The test-control API (under /_control, never /v1): what only the web app or
 * time can do, for tests. A small protocol other implementations may offer.
 */
import { z } from 'zod';

export const ControlInfo = z
  .object({
    implementation: z.string(),
    version: z.string(),
    seed: z.number().int(),
    now: z.number().int(),
    capabilities: z.array(z.string()),
  })
  .meta({ id: 'ControlInfo' });

export const ControlReset = z.strictObject({ empty: z.boolean().optional(), seed: z.number().int().optional() });

export const ControlClock = z.object({ now: z.number().int(), frozen: z.boolean() }).meta({ id: 'ControlClock' });

/**
 * The latest time the clock may be set or advanced to: the end of year 9999
 * (Unix ms). Dates past it need ISO 8601's six-digit years, which clients do
 * not parse, and near JavaScript's own limit (8.64e15) every "now + a while"
 * (an expiry, a due time) would be an invalid date.
 */
export const MAX_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export const ControlClockChange = z
  .strictObject({
    advanceMs: z.number().int().min(0).max(MAX_CLOCK_MS).optional(),
    to: z.number().int().min(0).max(MAX_CLOCK_MS).optional(),
    frozen: z.boolean().optional(),
  })
  .refine((v) => !(v.advanceMs !== undefined && v.to !== undefined), { message: 'give advanceMs or to, not both' });

export const ControlPublication = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  ownerUserId: z.string(),
  ownerEmail: z.string().nullable(),
  apiKeys: z.array(z.string()),
  teamMemberIds: z.array(z.string()),
  removedMemberIds: z.array(z.string()),
  communityIds: z.array(z.string()),
  unavailableCommunityIds: z.array(z.string()),
  customEmailApproved: z.boolean(),
  plan: z.string(),
});

export const ControlPublications = z.object({ publications: z.array(ControlPublication) }).meta({ id: 'ControlPublications' });

/** A named snapshot's name: also its file name next to the state file, so letters, digits, `.`, `-` and `_` only. */
export const ControlSnapshotName = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit'),
});

export const ControlSnapshotInfo = z
  .object({
    name: z.string(),
    /** The server clock's time of the save; null for one found on disk whose header could not be read. */
    savedAt: z.number().int().nullable(),
    bytes: z.number().int(),
    /** Also written to `<state file>.snapshots/` (only when the server runs with a state file). */
    persisted: z.boolean(),
  })
  .meta({ id: 'ControlSnapshotInfo' });

const ControlStateFileSave = z.object({ savedAt: z.number().int(), writes: z.number().int(), bytes: z.number().int() });

export const ControlSnapshots = z
  .object({
    /** Answered requests other than GET, HEAD and OPTIONS so far (continued from the state file). */
    writes: z.number().int(),
    snapshots: z.array(ControlSnapshotInfo),
    /** Null when the server runs without --state-file; `loaded` is what it started from (null: no file yet). */
    stateFile: z
      .object({ path: z.string(), intervalMs: z.number().int(), loaded: ControlStateFileSave.nullable(), lastSave: ControlStateFileSave.nullable() })
      .nullable(),
  })
  .meta({ id: 'ControlSnapshots' });

export const ControlRestored = z.object({ name: z.string(), seed: z.number().int(), now: z.number().int() });

/** The bounds of POST /_control/rate-limit, written once. */
export const RATE_LIMIT_LIMITS = { limitMax: 1_000_000, windowMsMax: 86_400_000, windowMsDefault: 60_000 } as const;

/**
 * GET/POST /_control/rate-limit: rate limiting of /v1 requests, off by
 * default. What GET answers can be posted back as it is.
 */
export const ControlRateLimit = z
  .object({
    limit: z.number().int().min(1).nullable().describe('requests admitted per window and API key (all requests without a key share one window); null: no rate limiting'),
    windowMs: z.number().int().min(1).nullable().describe('length of the window in clock milliseconds; null when limiting is off'),
  })
  .meta({ id: 'ControlRateLimit' });

/** limit null: off (windowMs then absent or null). A limit without windowMs gets a window of a minute. */
export const ControlRateLimitChange = z
  .strictObject({
    limit: z.number().int().min(1).max(RATE_LIMIT_LIMITS.limitMax).nullable(),
    windowMs: z.number().int().min(1).max(RATE_LIMIT_LIMITS.windowMsMax).nullable().optional(),
  })
  .refine((v) => v.limit !== null || v.windowMs === undefined || v.windowMs === null, {
    message: 'needs a limit (send {limit: null} alone to turn rate limiting off)',
    path: ['windowMs'],
  });

export type ControlRateLimitT = z.infer<typeof ControlRateLimit>;
export type ControlRateLimitChangeT = z.output<typeof ControlRateLimitChange>;
