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

  it('reads every method and action word, around any white space', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])
      expect(parseCompactFault(`${method} /v1/posts drop mode=after`).match, method).toEqual({ method, path: '/v1/posts' });
    expect(parseCompactFault('  GET\t/v1/posts   truncate \n').action).toEqual({ type: 'truncate' });
    expect(parseCompactFault('GET  /v1/posts stall').action).toEqual({ type: 'stall' });
  });

  it('reads a latency range only when the whole value is one, and no match when none is given', () => {
    expect(() => parseCompactFault('latency=x100-300')).toThrow(/latencyMs/);
    expect(() => parseCompactFault('latency=100-300x')).toThrow(/latencyMs/);
    expect(parseCompactFault('latency=5')).toEqual({ latencyMs: 5 });
  });

  it('names the bad part of a rule', () => {
    expect(() => parseCompactFault('POST /v1/posts')).toThrow(/^"POST \/v1\/posts": a rule needs latencyMs, an action, or both$/);
    expect(() => parseCompactFault('status=418')).toThrow(/status/);
    expect(() => parseCompactFault('drop stall')).toThrow(/one action per rule/);
    expect(() => parseCompactFault('/v1/posts wait=3')).toThrow(/unknown key wait/);
    expect(() => parseCompactFault('/v1/posts slow')).toThrow(/cannot read "slow"/);
    expect(() => parseCompactFault('/v1/posts =3')).toThrow(/cannot read "=3"/);
    expect(() => parseCompactFault('latency=5 x=1')).toThrow(/unknown key x /);
    expect(() => parseCompactFault('   ')).toThrow(/^"   ": a rule needs latencyMs/);
    expect(() => parseCompactFault('latency=fast')).toThrow(/latencyMs/);
    expect(() => parseCompactFault('stall mode=before')).toThrow(/use mode after/);
  });
});
