import { describe, expect, it } from 'vitest';
import { parseCompactFault } from './compact.js';

describe('parseCompactFault (--fault)', () => {
  it('reads the method, the path, the action and the firing', () => {
    expect(parseCompactFault('POST /v1/posts* status=503 times=2')).toEqual({
      match: { method: 'POST', path: '/v1/posts*' },
      action: { type: 'status', status: 503 },
      times: 2,
    });
  });

  it('reads latency ranges, probabilities, modes, keys, headers, ids and retry-after', () => {
    expect(parseCompactFault('/v1/* latency=100-300 probability=0.25 key=pk_x header=X-Chaos:on id=slow')).toEqual({
      id: 'slow',
      match: { path: '/v1/*', apiKey: 'pk_x', header: { name: 'X-Chaos', value: 'on' } },
      latencyMs: { min: 100, max: 300 },
      probability: 0.25,
    });
    expect(parseCompactFault('POST /v1/posts drop mode=after header=X-Once')).toEqual({
      match: { method: 'POST', path: '/v1/posts', header: { name: 'X-Once' } },
      action: { type: 'drop' },
      mode: 'after',
    });
    expect(parseCompactFault('status=429 retry-after=7 latency=50').action).toEqual({ type: 'status', status: 429, retryAfter: 7 });
  });

  it('names the bad part of a rule', () => {
    expect(() => parseCompactFault('POST /v1/posts')).toThrow(/needs latencyMs, an action, or both/);
    expect(() => parseCompactFault('status=418')).toThrow(/status/);
    expect(() => parseCompactFault('drop stall')).toThrow(/one action per rule/);
    expect(() => parseCompactFault('/v1/posts wait=3')).toThrow(/unknown key wait/);
    expect(() => parseCompactFault('/v1/posts slow')).toThrow(/cannot read "slow"/);
    expect(() => parseCompactFault('latency=fast')).toThrow(/latencyMs/);
    expect(() => parseCompactFault('stall mode=before')).toThrow(/use mode after/);
  });
});
