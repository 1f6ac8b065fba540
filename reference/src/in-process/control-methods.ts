/**
 * Typed methods over the reference's own test-control API (/_control), for a
 * reference started in-process: each one is a request through the fetch
 * handler, so it is validated and answered exactly as over HTTP, and its
 * answer is checked against the contract's schema before it is returned.
 * They are sent with Host `localhost`: the caller owns this reference.
 */
import { z } from 'zod';
import { ErrorBody } from '../../../schemas/common.js';
import {
  ControlClock,
  ControlInfo,
  ControlPublications,
  ControlRestored,
  ControlSnapshotInfo,
  ControlSnapshots,
} from '../../../schemas/control.js';
import { FaultRemoved, FaultRule, FaultRuleInput, FaultRules, FaultsCleared } from '../../../schemas/control-faults.js';
import { OutboxEmail, OutboxPage, type OutboxQuery } from '../../../schemas/outbox.js';
import type { FetchHandler } from './fetch-handler.js';

export type ClockView = z.output<typeof ControlClock>;
export type ControlPublication = z.output<typeof ControlPublications>['publications'][number];
export type OutboxEmail = z.output<typeof OutboxEmail>;
export type SnapshotInfo = z.output<typeof ControlSnapshotInfo>;
export type SnapshotsView = z.output<typeof ControlSnapshots>;
export type RestoredSnapshot = z.output<typeof ControlRestored>;
export type ControlInfo = z.output<typeof ControlInfo>;
/** A fault rule as `faults.add` takes it (the body of POST /_control/faults). */
export type FaultRuleInput = z.input<typeof FaultRuleInput>;
/** A fault rule as `faults.list` shows it, with its counters. */
export type FaultRule = z.output<typeof FaultRule>;

/** A control request the reference refused: its status and the reason it gave. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    message: string,
  ) {
    super(`${path} answered ${status}: ${message}`);
    this.name = 'ControlError';
  }
}

/** Which emails `outbox.list` returns (all of them when empty): the filters of GET /_control/outbox. */
export type OutboxFilter = Omit<z.input<typeof OutboxQuery>, 'cursor' | 'limit'>;

export interface ControlMethods {
  /** GET /_control: implementation, version, seed, the clock's reading and the capabilities. */
  info(): Promise<ControlInfo>;
  /** POST /_control/reset: the seeded fixtures again (`empty`: publications and keys only; `seed`: another seed). */
  reset(options?: { empty?: boolean; seed?: number }): Promise<void>;
  /** GET /_control/publications: the fixture publications with their ids, keys, owners and members. */
  publications(): Promise<ControlPublication[]>;
  /** The reference's clock (/_control/clock); times are Unix milliseconds. */
  readonly clock: {
    get(): Promise<ClockView>;
    /** Move time forward: scheduled posts and sends that fall due happen. */
    advance(ms: number): Promise<ClockView>;
    /** Jump to a time (not back before what already happened). */
    set(to: number | Date): Promise<ClockView>;
    freeze(): Promise<ClockView>;
    unfreeze(): Promise<ClockView>;
  };
  /** The emails the reference would have sent (/_control/outbox), newest first. */
  readonly outbox: {
    list(filter?: OutboxFilter): Promise<OutboxEmail[]>;
    get(emailId: string): Promise<OutboxEmail>;
    /** Empty it; answers how many emails were removed. */
    clear(): Promise<number>;
  };
  /** Named snapshots of the whole state (/_control/snapshot, /restore, /snapshots). */
  readonly snapshots: {
    save(name: string): Promise<SnapshotInfo>;
    restore(name: string): Promise<RestoredSnapshot>;
    list(): Promise<SnapshotsView>;
  };
  /**
   * Fault rules (/_control/faults): latency and failures on matching /v1
   * requests. A rule is checked by the same schema as over HTTP; a bad one
   * throws a ControlError (400) and adds nothing.
   */
  readonly faults: {
    /** Add a rule; answers it as listed (its id: the one given, or f1, f2...). */
    add(rule: FaultRuleInput): Promise<FaultRule>;
    /** Every rule, in the order they are tried, with `matched`, `hits` and `remaining`. */
    list(): Promise<FaultRule[]>;
    /** Remove one rule; answers it as it was (404 ControlError when there is none). */
    remove(id: string): Promise<FaultRule>;
    /** Remove every rule (the start's too, until the next reset) and cut stalled answers; answers how many there were. */
    clear(): Promise<number>;
  };
  /** Any other control route, untyped: `control.call('POST', '/_control/unsubscribe', {...})`. */
  call(method: string, path: string, body?: unknown): Promise<unknown>;
}

/** The control origin: a loopback name, which every Host policy of the reference lets reach /_control. */
const CONTROL_ORIGIN = 'http://localhost';

export function controlMethods(fetch: FetchHandler): ControlMethods {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    // JSON even without a body (JSON.stringify(undefined) is undefined): the control API refuses a write of any other type.
    const init = { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    const response = await fetch(new Request(CONTROL_ORIGIN + path, init));
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    if (!response.ok) {
      // The error shape's msg; an answer of another shape (a page's HTML) by its beginning.
      const error = ErrorBody.safeParse(parsed);
      throw new ControlError(response.status, path, error.success ? error.data.msg : text.slice(0, 200));
    }
    return parsed;
  }
  const typed = async <S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.output<S>> =>
    schema.parse(await call(method, path, body));
  const clock = (change: object) => typed(ControlClock, 'POST', '/_control/clock', change);

  return {
    info: () => typed(ControlInfo, 'GET', '/_control'),
    async reset(options = {}) {
      await call('POST', '/_control/reset', options);
    },
    publications: async () => (await typed(ControlPublications, 'GET', '/_control/publications')).publications,
    clock: {
      get: () => typed(ControlClock, 'GET', '/_control/clock'),
      advance: (ms) => clock({ advanceMs: ms }),
      set: (to) => clock({ to: to instanceof Date ? to.getTime() : to }),
      freeze: () => clock({ frozen: true }),
      unfreeze: () => clock({ frozen: false }),
    },
    outbox: {
      async list(filter = {}) {
        const query = new URLSearchParams({ ...filter, limit: 'all' });
        return (await typed(OutboxPage, 'GET', `/_control/outbox?${query}`)).items;
      },
      get: (emailId) => typed(OutboxEmail, 'GET', `/_control/outbox/${encodeURIComponent(emailId)}`),
      clear: async () => (await typed(z.object({ deleted: z.number().int() }), 'DELETE', '/_control/outbox')).deleted,
    },
    snapshots: {
      save: (name) => typed(ControlSnapshotInfo, 'POST', '/_control/snapshot', { name }),
      restore: (name) => typed(ControlRestored, 'POST', '/_control/restore', { name }),
      list: () => typed(ControlSnapshots, 'GET', '/_control/snapshots'),
    },
    faults: {
      add: (rule) => typed(FaultRule, 'POST', '/_control/faults', rule),
      list: async () => (await typed(FaultRules, 'GET', '/_control/faults')).faults,
      remove: async (id) => (await typed(FaultRemoved, 'DELETE', `/_control/faults/${encodeURIComponent(id)}`)).removed,
      clear: async () => (await typed(FaultsCleared, 'DELETE', '/_control/faults')).deleted,
    },
    call,
  };
}
