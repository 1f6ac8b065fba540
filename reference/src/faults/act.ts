/**
 * What a fault rule does to a request and its socket: the latency (real time,
 * never the reference's clock: a frozen clock must not hang a client), the
 * error answers, the reset connection, the stalled and the truncated answer.
 *
 * Mode before: the request is not applied (status, drop). Mode after: the
 * handler runs and changes the state, then its answer fails (status, drop,
 * stall, truncate). An after fault acts on the answers handlers return (every
 * JSON route); a route that writes its own answer (streamed media) and a
 * handler that throws answer as usual.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, tooManyRequests } from '../errors.js';
import { errorReply, send } from '../http/respond.js';
import type { Caller, Reply } from '../http/types.js';
import { FAULT_LIMITS, type FaultActionT, type FaultRuleInputT } from '../../../schemas/control-faults.js';
import { FaultStore, type FaultHit } from './store.js';

/** Names the rule on every answer it touched. */
export const FAULT_HEADER = 'X-Reference-Fault';

/** What the client got from a request a rule touched (the journal records it). */
export interface FaultTouch {
  ruleId: string;
  /** answered: a whole answer (the real one, late, or the rule's error status); the rest: none, or a broken one. */
  outcome: 'answered' | 'dropped' | 'stalled' | 'truncated';
}

/** Sends the handler's answer the way a rule in mode after says. */
export type FaultedSend = (res: ServerResponse, reply: Reply, head: boolean) => void;

const BROKEN = { drop: 'dropped', stall: 'stalled', truncate: 'truncated' } as const;
const EXPOSED = `${FAULT_HEADER}, Retry-After`;
const STATUS_WORDS: Record<number, string> = { 500: 'internal server error', 502: 'bad gateway', 503: 'service unavailable' };

export class Faults {
  readonly store: FaultStore;
  /** Sockets of stalled answers, destroyed on reset and close (a stalled answer would hold the server's close forever). */
  private readonly stalled = new Set<Socket>();
  /** The requests rules touched, until their answers are forgotten. */
  private readonly touches = new WeakMap<ServerResponse, FaultTouch>();

  constructor(seed: () => number, initial: readonly FaultRuleInputT[] = []) {
    this.store = new FaultStore(seed, initial);
  }

  get enabled(): boolean {
    return this.store.enabled;
  }

  /**
   * Run before the handler: fire the first matching rule, wait its latency,
   * act when its mode is before. 'answered': the socket is done with, the
   * handler must not run; a FaultedSend: send the handler's answer through it.
   */
  async before(req: IncomingMessage, res: ServerResponse, pathname: string, caller: Caller | null): Promise<FaultedSend | 'answered' | null> {
    const hit = this.store.fire({ method: req.method ?? 'GET', pathname, caller, headers: req.headers });
    if (hit === null) return null;
    const touch: FaultTouch = { ruleId: hit.ruleId, outcome: 'answered' };
    this.touches.set(res, touch);
    res.setHeader(FAULT_HEADER, hit.ruleId);
    // Browser clients on other origins (CORS is granted to /v1) may read it too.
    if (req.headers.origin !== undefined) res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    if (hit.latencyMs > 0) await sleep(hit.latencyMs);
    const { action } = hit;
    if (action === null) return null;
    if (hit.mode === 'after') {
      // Set when the rule acts: a handler that throws answers as usual, and so does the journal.
      return (out, reply, head) => {
        if (action.type !== 'status') touch.outcome = BROKEN[action.type];
        this.after(hit, action, req, out, reply, head);
      };
    }
    if (action.type === 'drop') {
      touch.outcome = 'dropped';
      resetConnection(req.socket);
      return 'answered';
    }
    if (action.type === 'status') throw faultError(hit, action.status, action.retryAfter, false);
    return null;
  }

  /** Whether a rule touched this request, and what its client got; undefined when none did. */
  touchOf(res: ServerResponse): FaultTouch | undefined {
    return this.touches.get(res);
  }

  reset(): void {
    this.store.reset();
    this.releaseStalled();
  }

  releaseStalled(): void {
    for (const socket of this.stalled) socket.destroy();
    this.stalled.clear();
  }

  private after(hit: FaultHit, action: FaultActionT, req: IncomingMessage, res: ServerResponse, reply: Reply, head: boolean): void {
    const socket = req.socket;
    switch (action.type) {
      case 'status':
        return send(res, errorReply(faultError(hit, action.status, action.retryAfter, true)), head);
      case 'drop':
        resetConnection(socket);
        return;
      case 'stall':
        // The real headers, then nothing: the body is held back until the client gives up.
        this.stalled.add(socket);
        socket.once('close', () => this.stalled.delete(socket));
        res.end = (() => {
          res.flushHeaders();
          return res;
        }) as ServerResponse['end'];
        return send(res, reply, head);
      case 'truncate':
        // The real headers (their Content-Length promises the whole body), half the body, then the socket closes.
        res.end = ((chunk?: unknown) => {
          const body = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? Buffer.from(chunk) : Buffer.alloc(0);
          res.flushHeaders();
          const half = body.subarray(0, Math.floor(body.length / 2));
          if (half.length > 0) res.write(half, () => socket.destroy());
          else setImmediate(() => socket.destroy());
          return res;
        }) as ServerResponse['end'];
        return send(res, reply, head);
    }
  }
}

/** A TCP reset where there is TCP; the in-memory connection of the fetch handler (a plain Duplex) is destroyed. */
function resetConnection(socket: Socket): void {
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

function faultError(hit: FaultHit, status: number, retryAfter: number | undefined, applied: boolean): ApiError {
  const source = `fault rule ${hit.ruleId} of /_control/faults`;
  const what = applied ? 'the request WAS applied before this answer (mode after)' : 'the request was not applied';
  if (status === 429) {
    const seconds = retryAfter ?? FAULT_LIMITS.retryAfterDefault;
    const err = tooManyRequests(`too many requests (${source}): ${what}; retry after ${seconds} s`, seconds);
    err.headers['Access-Control-Expose-Headers'] = EXPOSED;
    return err;
  }
  return new ApiError(status, `${STATUS_WORDS[status]} (${source}): ${what}; retry it`);
}
