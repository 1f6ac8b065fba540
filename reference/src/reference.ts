/**
 * What a running reference is: the options it starts with and the handle
 * app.ts builds (createReference). The control API drives it through this
 * interface, so it imports no app code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from './clock.js';
import type { RouteDef } from './http/types.js';
import type { State, StateSnapshot } from './state.js';
import type { AnalyticsOptions, AnalyticsService } from './analytics/service.js';
import type { ScaleOptions } from '../../fixtures/scale.js';
import type { Persistence } from './persistence/persistence.js';
import type { RateLimiter } from './rate-limit/limiter.js';
import type { Faults } from './faults/act.js';
import type { RequestJournal } from './journal/store.js';
import type { FaultRuleInputT } from '../../schemas/control-faults.js';

export const IMPLEMENTATION = 'publishing-api-reference';
export const VERSION = '0.1.0';

export interface ReferenceOptions {
  /** Seed of the random source and the fixtures (default 1). */
  seed?: number;
  /** Serve the test-control API under /_control (default true). */
  control?: boolean;
  /** Public base URL for links the reference hands out (default http://127.0.0.1:4010). */
  baseUrl?: string;
  /** Start with fixtures ('default') or publications and keys only ('empty'). */
  fixtures?: 'default' | 'empty';
  clock?: Clock;
  /** Add many posts and subscribers to publication demo on top of the default fixtures (fixtures/scale.ts). */
  scale?: ScaleOptions;
  /** Log each 5xx with its stack to stderr (default true). */
  logErrors?: boolean;
  /**
   * Keep the state in this file: started from when it exists (instead of the
   * fixtures and `seed`), saved at an interval and on close (docs/state-file.md).
   * A file that cannot be used throws a StateFileError.
   */
  stateFile?: string;
  /** How often the state file is saved when something changed (default 5000 ms). */
  snapshotIntervalMs?: number;
  /** Analytics engine: mode background | lazy (default: start on the first analytics request) | off; see analytics/service.ts. */
  analytics?: AnalyticsOptions;
  /**
   * Host names the control API and the pages answer to besides loopback
   * names, IP literals and the base URL's host (http/host-policy.ts).
   */
  allowedHosts?: string[];
  /** When set, every /_control request must send `Authorization: Bearer <controlToken>`. */
  controlToken?: string;
  /** Fault rules from the start (--fault); a reset goes back to them (faults/store.ts). */
  faults?: FaultRuleInputT[];
}

export interface Reference {
  handle(req: IncomingMessage, res: ServerResponse): void;
  readonly clock: Clock;
  /** The current state (replaced on reset). */
  state(): State;
  reset(options?: { empty?: boolean; seed?: number }): void;
  setBaseUrl(url: string): void;
  readonly options: Required<Pick<ReferenceOptions, 'seed' | 'control'>>;
  readonly routes: readonly RouteDef[];
  /** The whole state as plain data (records are live: serialise at once). */
  snapshot(): StateSnapshot;
  /** Replace the whole state, the clock's reading and its scheduled work with a snapshot's. */
  restore(snapshot: StateSnapshot): void;
  /** Named snapshots, the state file and the count of answered writes. */
  readonly persistence: Persistence;
  readonly analytics: AnalyticsService;
  /** Rate limiting of /v1 requests: off until set through /_control/rate-limit; a reset turns it off. */
  readonly rateLimit: RateLimiter;
  /** Fault rules of /_control/faults: latency and failures on demand; a reset goes back to the ones given at start. */
  readonly faults: Faults;
  /** The recent /v1 requests (GET /_control/requests); a reset clears it. */
  readonly journal: RequestJournal;
  close(): Promise<void>;
}
