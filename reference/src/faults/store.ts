/**
 * Fault rules and their matching, pure: no sockets, no timers (act.ts does
 * what a rule says). Rules are tried in order of creation; the first that
 * matches a request and fires acts on it.
 *
 * - `times`: the rule acts on the next N matching requests, then stays listed
 *   with remaining 0 until removed or reset.
 * - `probability` and a latency range draw from the seeded random source, one
 *   generator per rule seeded from the reference's seed and the rule's place
 *   in order of creation: the same seed, rules and requests give the same
 *   sequence, and adding a rule does not change another's draws.
 * - A reset goes back to the rules given at start (`--fault`), counters at 0.
 */
import { conflict, notFound } from '../errors.js';
import type { Caller } from '../http/types.js';
import { Random } from '../random.js';
import { FAULT_LIMITS, type FaultActionT, type FaultMatchT, type FaultRuleInputT, type FaultRuleT } from '../../../schemas/control-faults.js';

/** What a request looks like to the matcher. */
export interface FaultRequest {
  method: string;
  pathname: string;
  caller: Caller | null;
  headers: Record<string, string | string[] | undefined>;
}

/** A rule firing on one request: what to do to it. */
export interface FaultHit {
  ruleId: string;
  /** Real milliseconds to wait before the request is handled (0: none). */
  latencyMs: number;
  action: FaultActionT | null;
  mode: 'before' | 'after';
}

interface Rule {
  view: FaultRuleT;
  pathPattern: RegExp | null;
  random: Random;
}

export class FaultStore {
  /** The one check the request path makes; true only while a rule exists. */
  enabled = false;
  private rules: Rule[] = [];
  /** Rules created since the last reset: names default ids and seeds each rule's generator. */
  private created = 0;

  constructor(
    private readonly seed: () => number,
    private readonly initial: readonly FaultRuleInputT[] = [],
  ) {
    this.reset();
  }

  add(input: FaultRuleInputT): FaultRuleT {
    if (this.rules.length >= FAULT_LIMITS.rulesMax) throw conflict(`at most ${FAULT_LIMITS.rulesMax} fault rules; remove some first (DELETE /_control/faults)`);
    const ordinal = ++this.created;
    let id = input.id;
    if (id === undefined) for (let n = ordinal; this.has((id = `f${n}`)); n++);
    else if (this.has(id)) throw conflict(`a fault rule ${id} exists already; remove it first (DELETE /_control/faults/${id})`);
    const match: FaultMatchT = { ...(input.match ?? {}) };
    const view: FaultRuleT = {
      id,
      match,
      latencyMs: input.latencyMs ?? null,
      action: input.action ?? null,
      mode: input.action ? (input.mode ?? defaultMode(input.action)) : null,
      times: input.times ?? null,
      probability: input.probability ?? null,
      matched: 0,
      hits: 0,
      remaining: input.times ?? null,
    };
    this.rules.push({ view, pathPattern: match.path === undefined ? null : globToRegExp(match.path), random: new Random(ruleSeed(this.seed(), ordinal)) });
    this.enabled = true;
    return structuredClone(view);
  }

  list(): FaultRuleT[] {
    return this.rules.map((r) => structuredClone(r.view));
  }

  remove(id: string): FaultRuleT {
    const at = this.rules.findIndex((r) => r.view.id === id);
    if (at < 0) throw notFound(`no fault rule ${id}; GET /_control/faults lists them`);
    const [removed] = this.rules.splice(at, 1);
    this.enabled = this.rules.length > 0;
    return removed.view;
  }

  /** Remove every rule (those given at start too, until the next reset). Answers how many there were. */
  clear(): number {
    const count = this.rules.length;
    this.rules = [];
    this.enabled = false;
    return count;
  }

  /** Back to the rules given at start, with their counters and generators afresh. */
  reset(): void {
    this.clear();
    this.created = 0;
    for (const input of this.initial) this.add(input);
  }

  /** The first rule that matches `req` and fires, counted; null when none does. Call only while `enabled`. */
  fire(req: FaultRequest): FaultHit | null {
    // The test-control API is never faulted: a rule must not lock out the API that removes it.
    if (!req.pathname.startsWith('/v1/')) return null;
    for (const rule of this.rules) {
      const { view } = rule;
      if (view.remaining === 0 || !matches(rule, req)) continue;
      view.matched++;
      if (view.probability !== null && !(rule.random.float() < view.probability)) continue;
      view.hits++;
      if (view.remaining !== null) view.remaining--;
      const latency = view.latencyMs;
      return {
        ruleId: view.id,
        latencyMs: latency === null ? 0 : typeof latency === 'number' ? latency : rule.random.int(latency.min, latency.max),
        action: view.action,
        mode: view.mode ?? 'before',
      };
    }
    return null;
  }

  private has(id: string): boolean {
    return this.rules.some((r) => r.view.id === id);
  }
}

function defaultMode(action: FaultActionT): 'before' | 'after' {
  return action.type === 'stall' || action.type === 'truncate' ? 'after' : 'before';
}

function matches(rule: Rule, req: FaultRequest): boolean {
  const { method, apiKey, header } = rule.view.match;
  if (method !== undefined && method !== req.method) return false;
  if (rule.pathPattern !== null && !rule.pathPattern.test(req.pathname)) return false;
  if (apiKey !== undefined && req.caller?.apiKey !== apiKey) return false;
  if (header !== undefined) {
    const sent = req.headers[header.name.toLowerCase()];
    if (sent === undefined) return false;
    if (header.value !== undefined && !(Array.isArray(sent) ? sent.includes(header.value) : sent === header.value)) return false;
  }
  return true;
}

/** `*` matches any run of characters (slashes too); everything else literally. */
export function globToRegExp(pattern: string): RegExp {
  const literal = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('.*')}$`);
}

function ruleSeed(seed: number, ordinal: number): number {
  return (seed ^ Math.imul(ordinal, 0x9e3779b9)) >>> 0;
}
