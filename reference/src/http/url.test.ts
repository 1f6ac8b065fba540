import { describe, expect, it } from 'vitest';
import { parseUrl, servedPath } from './url.js';

describe('parseUrl', () => {
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

  it('applies to the parsed path', () => {
    expect(parseUrl('/api/v1/posts?limit=1').pathname).toBe('/v1/posts');
    expect(parseUrl('/api/v1/posts/%41b?x=%20').pathname).toBe('/v1/posts/%41b');
  });
});
