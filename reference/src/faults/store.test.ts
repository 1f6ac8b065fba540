import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { FAULT_LIMITS, FaultRuleInput } from '../../../schemas/control-faults.js';
import { FaultStore, globToRegExp, type FaultRequest } from './store.js';

const A = { apiKey: 'pk_a', publicationId: 'pub_a' };
const post = (pathname = '/v1/posts', caller: FaultRequest['caller'] = A, headers: FaultRequest['headers'] = {}): FaultRequest => ({ method: 'POST', pathname, caller, headers });
const get = (pathname: string): FaultRequest => ({ method: 'GET', pathname, caller: A, headers: {} });
const rule = (input: unknown) => FaultRuleInput.parse(input);

/** Which of `n` requests the store's rules act on, as hit rule ids (null: untouched). */
function sequence(store: FaultStore, n: number): (string | null)[] {
  return Array.from({ length: n }, () => store.fire(post())?.ruleId ?? null);
}

describe('FaultStore', () => {
  it('is off without rules and names rules f1, f2... by their place in order of creation', () => {
    const store = new FaultStore(() => 1);
    expect(store.enabled).toBe(false);
    expect(store.add(rule({ latencyMs: 10 })).id).toBe('f1');
    expect(store.add(rule({ id: 'f3', latencyMs: 10 })).id).toBe('f3');
    // the third rule's own name is taken: the next free one
    expect(store.add(rule({ latencyMs: 10 })).id).toBe('f4');
    expect(store.enabled).toBe(true);
    expect(store.list().map((r) => r.id)).toEqual(['f1', 'f3', 'f4']);
  });

  it('refuses a second rule of the same id with 409, and an unknown id on removal with 404', () => {
    const store = new FaultStore(() => 1);
    store.add(rule({ id: 'slow', latencyMs: 1 }));
    expect(() => store.add(rule({ id: 'slow', latencyMs: 1 }))).toThrow(expect.objectContaining({ status: 409 }) as ApiError);
    expect(() => store.remove('nope')).toThrow(expect.objectContaining({ status: 404 }) as ApiError);
    expect(store.remove('slow').id).toBe('slow');
    expect(store.enabled).toBe(false);
  });

  it('matches by method, path pattern, API key and header, and never outside /v1', () => {
    const store = new FaultStore(() => 1);
    store.add(rule({ match: { method: 'POST', path: '/v1/posts/*', apiKey: 'pk_a', header: { name: 'X-Test', value: 'yes' } }, action: { type: 'drop' } }));
    const yes = { 'x-test': 'yes' };
    expect(store.fire(post('/v1/posts/abc/publish', A, yes))?.ruleId).toBe('f1');
    expect(store.fire(post('/v1/posts', A, yes))).toBeNull();
    expect(store.fire({ ...post('/v1/posts/abc', A, yes), method: 'PUT' })).toBeNull();
    expect(store.fire(post('/v1/posts/abc', { apiKey: 'pk_b', publicationId: 'pub_b' }, yes))).toBeNull();
    expect(store.fire(post('/v1/posts/abc', null, yes))).toBeNull();
    expect(store.fire(post('/v1/posts/abc', A, { 'x-test': 'no' }))).toBeNull();
    expect(store.fire(post('/v1/posts/abc', A))).toBeNull();
    const any = new FaultStore(() => 1);
    any.add(rule({ action: { type: 'status', status: 503 } }));
    expect(any.fire(get('/v1/feed'))?.ruleId).toBe('f1');
    expect(any.fire(get('/_control/faults'))).toBeNull();
  });

  it('says why it refuses: the rule limit, a taken id, an unknown one', () => {
    const store = new FaultStore(() => 1);
    for (let i = 0; i < FAULT_LIMITS.rulesMax; i++) store.add(rule({ latencyMs: 1 }));
    expect(() => store.add(rule({ latencyMs: 1 }))).toThrow(`at most ${FAULT_LIMITS.rulesMax} fault rules; remove some first (DELETE /_control/faults)`);
    store.remove('f1');
    expect(store.add(rule({ id: 'last', latencyMs: 1 })).id).toBe('last');
    store.remove('f2');
    expect(() => store.add(rule({ id: 'last', latencyMs: 1 }))).toThrow('a fault rule last exists already; remove it first (DELETE /_control/faults/last)');
    expect(() => store.remove('nope')).toThrow('no fault rule nope; GET /_control/faults lists them');
  });

  it('stays on while a rule is left, and counts down only a rule with times', () => {
    const store = new FaultStore(() => 1);
    store.add(rule({ id: 'a', latencyMs: 50 }));
    store.add(rule({ id: 'b', latencyMs: 1 }));
    store.remove('b');
    expect(store.enabled).toBe(true);
    expect(store.fire(post())).toEqual({ ruleId: 'a', latencyMs: 50, action: null, mode: 'before' });
    expect(store.list()[0]).toMatchObject({ times: null, remaining: null, hits: 1 });
  });

  it('fires a rule of probability 1 always, and of 0.3 on about three requests in ten', () => {
    const always = new FaultStore(() => 7);
    always.add(rule({ latencyMs: 1, probability: 1 }));
    expect(sequence(always, 200).every(Boolean)).toBe(true);
    const some = new FaultStore(() => 7);
    some.add(rule({ latencyMs: 1, probability: 0.3 }));
    const hits = sequence(some, 2000).filter(Boolean).length;
    expect(hits).toBeGreaterThan(500);
    expect(hits).toBeLessThan(700);
  });

  it('matches a header given by name alone whatever its value, and never a request without it', () => {
    const store = new FaultStore(() => 1);
    store.add(rule({ match: { header: { name: 'X-Chaos' } }, action: { type: 'drop' } }));
    expect(store.fire(post('/v1/posts', A, { 'x-chaos': 'anything' }))?.ruleId).toBe('f1');
    expect(store.fire(post('/v1/posts', A, { 'x-other': 'on' }))).toBeNull();
  });

  it('reads * as any run of characters and everything else literally', () => {
    expect(globToRegExp('/v1/posts*').test('/v1/posts/x/y')).toBe(true);
    expect(globToRegExp('/v1/posts*').test('/v1/post')).toBe(false);
    expect(globToRegExp('/v1/a.b').test('/v1/aXb')).toBe(false);
    expect(globToRegExp('/v1/a.b(1)').test('/v1/a.b(1)')).toBe(true);
    expect(globToRegExp('/v1/*/subscribers').test('/v1/publications/p1/subscribers')).toBe(true);
  });

  it('acts on the next N matching requests, then lists the rule with remaining 0 and its counters', () => {
    const store = new FaultStore(() => 1);
    store.add(rule({ match: { method: 'POST' }, action: { type: 'status', status: 503 }, times: 2 }));
    expect(store.fire(get('/v1/posts'))).toBeNull();
    expect(sequence(store, 4)).toEqual(['f1', 'f1', null, null]);
    expect(store.list()[0]).toMatchObject({ times: 2, hits: 2, matched: 2, remaining: 0, mode: 'before' });
  });

  it('tries rules in order: the first that fires acts; a spent rule lets the next one act', () => {
    const store = new FaultStore(() => 1);
    store.add(rule({ id: 'first', action: { type: 'status', status: 500 }, times: 1 }));
    store.add(rule({ id: 'then', latencyMs: 5 }));
    expect(sequence(store, 3)).toEqual(['first', 'then', 'then']);
  });

  it('draws probabilities from the seeded source: the same seed gives the same sequence, another seed another', () => {
    const run = (seed: number) => {
      const store = new FaultStore(() => seed);
      store.add(rule({ action: { type: 'status', status: 503 }, probability: 0.5 }));
      return sequence(store, 64);
    };
    const first = run(7);
    expect(run(7)).toEqual(first);
    expect(run(8)).not.toEqual(first);
    const hits = first.filter((id) => id !== null).length;
    expect(hits).toBeGreaterThan(16);
    expect(hits).toBeLessThan(48);
  });

  it("keeps a rule's draws when another rule is added, and replays them after a reset", () => {
    const store = new FaultStore(() => 3, [rule({ id: 'flaky', action: { type: 'drop' }, probability: 0.3 })]);
    const alone = sequence(store, 32);
    store.reset();
    store.add(rule({ match: { method: 'GET' }, latencyMs: { min: 1, max: 9 } }));
    expect(sequence(store, 32)).toEqual(alone);
  });

  it('draws a latency range from the seeded source, within its bounds', () => {
    const latencies = (seed: number) => {
      const store = new FaultStore(() => seed);
      store.add(rule({ latencyMs: { min: 100, max: 200 } }));
      return Array.from({ length: 20 }, () => store.fire(post())!.latencyMs);
    };
    const first = latencies(5);
    expect(first.every((ms) => ms >= 100 && ms <= 200)).toBe(true);
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(latencies(5)).toEqual(first);
  });

  it('goes back to the rules given at start on reset, counters at 0; clear removes those too', () => {
    const store = new FaultStore(() => 1, [rule({ id: 'start', action: { type: 'status', status: 502 }, times: 1 })]);
    store.add(rule({ latencyMs: 1 }));
    expect(sequence(store, 2)).toEqual(['start', 'f2']);
    store.reset();
    expect(store.list()).toEqual([expect.objectContaining({ id: 'start', hits: 0, remaining: 1 })]);
    expect(store.clear()).toBe(1);
    expect(store.enabled).toBe(false);
    store.reset();
    expect(store.list().map((r) => r.id)).toEqual(['start']);
  });

  it('gives stall and truncate mode after by default, status and drop mode before', () => {
    const store = new FaultStore(() => 1);
    const modes = ['stall', 'truncate', 'drop'].map((type) => store.add(rule({ action: { type } })).mode);
    expect(modes).toEqual(['after', 'after', 'before']);
    expect(store.add(rule({ latencyMs: 3 })).mode).toBeNull();
  });
});

describe('FaultRuleInput', () => {
  const problem = (input: unknown) => {
    const parsed = FaultRuleInput.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0].message;
  };

  it('refuses rules that do nothing or say something impossible', () => {
    expect(problem({})).toMatch(/needs latencyMs, an action, or both/);
    expect(problem({ latencyMs: 5, mode: 'after' })).toMatch(/mode applies to an action/);
    expect(problem({ action: { type: 'stall' }, mode: 'before' })).toMatch(/use mode after/);
    expect(problem({ action: { type: 'status', status: 404 } })).not.toBeNull();
    expect(problem({ action: { type: 'drop', retryAfter: 3 } })).not.toBeNull();
    expect(problem({ latencyMs: { min: 5, max: 1 } })).toMatch(/min must not be above max/);
    expect(problem({ latencyMs: 60_001 })).not.toBeNull();
    expect(problem({ latencyMs: 1, probability: 0 })).not.toBeNull();
    expect(problem({ latencyMs: 1, match: { path: 'v1/posts' } })).toMatch(/starting with \//);
    expect(problem({ latencyMs: 1, match: { verb: 'GET' } })).not.toBeNull();
  });

  it('takes back what GET lists, counters and all', () => {
    const store = new FaultStore(() => 1);
    const listed = store.add(rule({ match: { path: '/v1/*' }, action: { type: 'status', status: 429, retryAfter: 2 }, times: 3 }));
    const again = new FaultStore(() => 1);
    expect(again.add(FaultRuleInput.parse(listed))).toEqual(listed);
  });
});
