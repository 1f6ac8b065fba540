/** The pieces the inspector's pages share, where the pages never reach their edges. */
import { describe, expect, it } from 'vitest';
import { withQuery } from './parts.js';

describe('withQuery', () => {
  it('keeps the current query, replaces what changes, and drops empty and missing values', () => {
    const query = new URLSearchParams('a=1&b=&c=3');
    expect(withQuery('/p', query, { c: undefined, d: '', e: '5' })).toBe('/p?a=1&e=5');
    expect(withQuery('/p', query, { a: '2' })).toBe('/p?c=3&a=2');
    expect(withQuery('/p', new URLSearchParams(), { x: '' })).toBe('/p');
  });
});
