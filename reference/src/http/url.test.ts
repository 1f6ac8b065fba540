import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseUrl, servedPath } from './url.js';

const viaWhatwg = (raw: string) => new URL(raw, 'http://reference.invalid');
const CHARS = '/?&=%."\'<>#:@+ ab~!$()*,;-_\\`^|{}2F\u00e9\t'.split('');

describe('parseUrl', () => {
  it('answers exactly what the WHATWG URL parser answers, for any target', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }), (chars) => {
        const raw = `/${chars.join('')}`;
        let expected: URL;
        try {
          expected = viaWhatwg(raw);
        } catch {
          return;
        }
        const got = parseUrl(raw);
        expect(got.pathname).toBe(expected.pathname);
        expect([...got.searchParams]).toEqual([...expected.searchParams]);
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads a leading "//" as the parser does, not as a path', () => {
    expect(parseUrl('//evil.example/v1/posts').pathname).toBe('/v1/posts');
  });

  it('refuses targets over 8192 characters with 414', () => {
    expect(() => parseUrl(`/${'a'.repeat(8192)}`)).toThrow(/longer than 8192/);
  });
});

describe('servedPath', () => {
  it('serves the production base path as /v1 and leaves the rest alone', () => {
    expect(servedPath('/api/v1/posts')).toBe('/v1/posts');
    expect(servedPath('/api/v1')).toBe('/v1');
    expect(servedPath('/api/v10/posts')).toBe('/api/v10/posts');
    expect(servedPath('/v1/posts')).toBe('/v1/posts');
    expect(servedPath('/_control/clock')).toBe('/_control/clock');
  });

  it('applies to plain and parsed targets alike', () => {
    expect(parseUrl('/api/v1/posts?limit=1').pathname).toBe('/v1/posts');
    expect(parseUrl('/api/v1/posts/%41b?x=%20').pathname).toBe('/v1/posts/%41b');
  });
});
