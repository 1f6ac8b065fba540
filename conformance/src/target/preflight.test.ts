import { describe, expect, it } from 'vitest';
import type { Discovery } from './discover.js';
import type { Probe } from './http-probe.js';
import { preflight, withoutVersionPrefix } from './preflight.js';
import { SetupProblem } from './setup-problem.js';

const control = { available: true, implementation: 'impl', version: '2', capabilities: ['clock', 'outbox'] };

function discovery(overrides: Partial<Discovery> & { a?: string; b?: string } = {}): Discovery {
  const { a, b, ...rest } = overrides;
  return {
    target: {
      url: 'http://x',
      isReference: false,
      inProcess: false,
      control,
      publications: { a: a ? { id: a, slug: `slug-${a}` } : undefined, b: b ? { id: b, slug: `slug-${b}` } : undefined },
    },
    apiKey: 'KEY_A',
    secondApiKey: 'KEY_B',
    notes: [],
    ...rest,
  };
}

const accepting: Probe = async () => ({ status: 200, body: { items: [] } });

async function linesOf(found: Discovery, probe: Probe): Promise<string[]> {
  const lines: string[] = [];
  await preflight(found, probe, (line) => lines.push(line));
  return lines;
}

describe('withoutVersionPrefix', () => {
  it('drops a trailing /v1 and says so', () => {
    expect(withoutVersionPrefix('https://api.example.com/v1')).toEqual({
      url: 'https://api.example.com',
      note: expect.stringContaining('ends in /v1: the suite adds /v1 (and /_control) itself, so it uses https://api.example.com'),
    });
    expect(withoutVersionPrefix('http://host:8080/base/v1/').url).toBe('http://host:8080/base');
  });

  it('leaves any other URL alone', () => {
    expect(withoutVersionPrefix('http://host:8080/base')).toEqual({ url: 'http://host:8080/base' });
    expect(withoutVersionPrefix('http://host/v10')).toEqual({ url: 'http://host/v10' });
  });
});

describe('preflight', () => {
  it('lists the control capabilities and which publication each key belongs to', async () => {
    const lines = await linesOf(discovery({ a: 'p1', b: 'p2' }), accepting);
    expect(lines[0]).toBe('control API: impl 2; capabilities clock, outbox');
    expect(lines).toContain('keys: A is publication slug-p1 (p1), B is publication slug-p2 (p2)');
  });

  it('stops with one clear message when a key is refused', async () => {
    const probe: Probe = async (_path, authorization) =>
      authorization === 'Bearer KEY_B' ? { status: 401, body: { success: false, msg: 'invalid API key' } } : { status: 200, body: {} };
    const failure = linesOf(discovery({ a: 'p1', b: 'p2' }), probe);
    await expect(failure).rejects.toBeInstanceOf(SetupProblem);
    await expect(failure).rejects.toThrow(/the key of publication B \(--second-api-key\) is refused: GET \/v1\/posts\?limit=1 answered 401 "invalid API key"/);
  });

  it('refuses two keys of one publication, and one key given twice', async () => {
    await expect(linesOf(discovery({ a: 'p1', b: 'p1' }), accepting)).rejects.toThrow(/both belong to publication p1 \(slug-p1\)/);
    await expect(linesOf(discovery({ secondApiKey: 'KEY_A' }), accepting)).rejects.toThrow(/are the same key/);
  });

  it('says when it cannot tell the publications apart, and when there is no control API', async () => {
    const lines = await linesOf(discovery({ target: { ...discovery().target, control: { available: false, missingReason: 'GET /_control answered 404', capabilities: [] } } }), accepting);
    expect(lines[0]).toMatch(/control API: none \(GET \/_control answered 404\)/);
    expect(lines.at(-1)).toMatch(/could not tell which publications the keys belong to/);
  });
});
