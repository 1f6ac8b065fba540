import { describe, expect, it } from 'vitest';
import { ListWalk } from './list-walk.js';
import { blockedByOf } from './setup-step.js';

/** The failure a walk throws, with the rule it is tagged with. */
function failureOf(walkPages: (walk: ListWalk) => void, walk = new ListWalk('GET /v1/things', 5)): { message: string; rule?: string } {
  try {
    walkPages(walk);
  } catch (error) {
    return { message: (error as Error).message, rule: blockedByOf(error) };
  }
  throw new Error('the walk did not fail');
}

describe('ListWalk', () => {
  it('follows a list to its last page', () => {
    const walk = new ListWalk('GET /v1/things');
    expect(walk.next({ askedWith: undefined, hasMore: true, cursor: 'c1', ids: ['a', 'b'] })).toBe(true);
    expect(walk.next({ askedWith: 'c1', hasMore: true, cursor: 'c2', ids: ['c'] })).toBe(true);
    expect(walk.next({ askedWith: 'c2', hasMore: false, cursor: '', ids: ['d'] })).toBe(false);
  });

  it('stops at its cap, as a failure of the hasMore rule', () => {
    const failure = failureOf((walk) => {
      for (let page = 0; page < 10; page++) walk.next({ askedWith: page ? `c${page}` : undefined, hasMore: true, cursor: `c${page + 1}`, ids: [`i${page}`] });
    });
    expect(failure.rule).toBe('pagination.has-more.last-page');
    expect(failure.message).toMatch(/hasMore is still true after 5 pages \(5 distinct items\)/);
  });

  it('stops at once when a cursor comes back, or a whole page was read before', () => {
    const sameCursor = failureOf((walk) => {
      walk.next({ askedWith: undefined, hasMore: true, cursor: 'next', ids: ['a'] });
      walk.next({ askedWith: 'next', hasMore: true, cursor: 'next', ids: ['b'] });
    });
    expect(sameCursor).toMatchObject({ rule: 'pagination.cursor.next-page', message: expect.stringMatching(/page 2.*handed out before/) });
    const samePage = failureOf((walk) => {
      walk.next({ askedWith: undefined, hasMore: true, cursor: 'c1', ids: ['a', 'b'] });
      walk.next({ askedWith: 'c1', hasMore: true, cursor: 'c2', ids: ['a', 'b'] });
    });
    expect(samePage).toMatchObject({ rule: 'pagination.cursor.next-page', message: expect.stringMatching(/already listed/) });
  });

  it('fails a page that says hasMore without a cursor to follow', () => {
    const failure = failureOf((walk) => walk.next({ askedWith: undefined, hasMore: true, cursor: '', ids: ['a'] }));
    expect(failure).toMatchObject({ rule: 'pagination.has-more.last-page', message: expect.stringMatching(/cursor is empty/) });
  });
});
