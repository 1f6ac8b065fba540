import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './body.js';

const json = 'application/json';

describe('parseJsonBody', () => {
  it('reads an empty body as an empty object', () => {
    expect(parseJsonBody(Buffer.alloc(0), undefined)).toEqual({});
  });

  it('needs a JSON content type for a non-empty body (415)', () => {
    expect(() => parseJsonBody(Buffer.from('{}'), 'text/plain')).toThrow(expect.objectContaining({ status: 415 }));
    expect(parseJsonBody(Buffer.from('{"a":1}'), 'application/json; charset=utf-8')).toEqual({ a: 1 });
    expect(parseJsonBody(Buffer.from('{"a":1}'), 'application/merge-patch+json')).toEqual({ a: 1 });
  });

  it('refuses invalid JSON and invalid UTF-8 with 400', () => {
    expect(() => parseJsonBody(Buffer.from('{"a":'), json)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseJsonBody(Buffer.from([0x22, 0xff, 0x22]), json)).toThrow(/UTF-8/);
  });

  it('refuses keys that reach an object prototype, at any depth', () => {
    for (const text of ['{"__proto__":{"x":1}}', '{"a":[{"constructor":{}}]}', '{"a":{"prototype":1}}']) {
      expect(() => parseJsonBody(Buffer.from(text), json)).toThrow(expect.objectContaining({ status: 400 }));
    }
  });

  it('refuses absurd nesting', () => {
    const deep = '['.repeat(100) + ']'.repeat(100);
    expect(() => parseJsonBody(Buffer.from(deep), json)).toThrow(/nested/);
  });
});
