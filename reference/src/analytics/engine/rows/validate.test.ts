// The checks on fed rows, and the row key: programming errors of the feeding
// area, which no request can cause (the stores always feed whole rows).
import { describe, expect, it } from 'vitest';
import type { BlogRow, MirrorChange, MirrorSnapshot, PostViewsDailyRow } from '../mirror-types.js';
import { keyOf } from './key.js';
import { checkChanges, checkKey, checkRow, checkSnapshot, checkTable } from './validate.js';

const blog: BlogRow = { id: 'b1', name: 'Blog', slug: null, created_at: '2024-03-01T09:00:00.000Z' };
const daily: PostViewsDailyRow = { blog_id: 'b1', post_id: 'p1', day: '2024-03-01', views: 1, unique_visitors: 1 };

describe('checkTable', () => {
  it('knows the mirror tables, and nothing from their prototype', () => {
    expect(() => checkTable('blogs')).not.toThrow();
    expect(() => checkTable('post_views_daily')).not.toThrow();
    expect(() => checkTable('users')).toThrow('analytics mirror: unknown table users');
    expect(() => checkTable('toString')).toThrow('analytics mirror: unknown table toString');
    expect(() => checkTable('__proto__')).toThrow('analytics mirror: unknown table __proto__');
  });
});

describe('checkRow', () => {
  it('takes a whole row, nulls in nullable columns included', () => {
    expect(() => checkRow('blogs', blog)).not.toThrow();
  });

  it('names every unknown column, then every missing one', () => {
    expect(() => checkRow('blogs', { ...blog, colour: 'red', size: 1 })).toThrow('analytics mirror: blogs has no column colour, size');
    const { name: _name, slug: _slug, ...partial } = blog;
    expect(() => checkRow('blogs', partial)).toThrow('analytics mirror: blogs row lacks name, slug');
    expect(() => checkRow('blogs', { ...partial, colour: 'red' })).toThrow('analytics mirror: blogs has no column colour');
  });

  it('refuses a row whose key is null', () => {
    expect(() => checkRow('blogs', { ...blog, id: null })).toThrow('analytics mirror: blogs key id is missing');
  });
});

describe('checkKey', () => {
  it('wants every key column, neither null nor undefined; other columns are not looked at', () => {
    expect(() => checkKey('post_views_daily', { post_id: 'p1', day: '2024-03-01' })).not.toThrow();
    expect(() => checkKey('post_views_daily', { post_id: 'p1', day: '' })).not.toThrow();
    expect(() => checkKey('post_views_daily', { post_id: 'p1' })).toThrow('analytics mirror: post_views_daily key day is missing');
    expect(() => checkKey('post_views_daily', { post_id: null, day: '2024-03-01' })).toThrow('analytics mirror: post_views_daily key post_id is missing');
    expect(() => checkKey('post_views_daily', { post_id: undefined, day: '2024-03-01' })).toThrow('key post_id is missing');
  });
});

describe('checkChanges', () => {
  it('checks an upsert as a row and a delete as a key', () => {
    expect(() =>
      checkChanges([
        { op: 'upsert', table: 'blogs', row: blog },
        { op: 'delete', table: 'post_views_daily', key: { post_id: 'p1', day: '2024-03-01' } },
      ]),
    ).not.toThrow();
    expect(() => checkChanges([{ op: 'upsert', table: 'blogs', row: { id: 'b1' } } as unknown as MirrorChange])).toThrow('blogs row lacks name');
    expect(() => checkChanges([{ op: 'delete', table: 'blogs', key: {} } as unknown as MirrorChange])).toThrow('blogs key id is missing');
  });

  it('refuses an unknown table or op, whichever change it is', () => {
    expect(() => checkChanges([{ op: 'upsert', table: 'blogs', row: blog }, { op: 'delete', table: 'nope', key: {} } as unknown as MirrorChange])).toThrow(
      'analytics mirror: unknown table nope',
    );
    expect(() => checkChanges([{ op: 'insert', table: 'blogs', row: blog } as unknown as MirrorChange])).toThrow('analytics mirror: unknown op insert');
  });
});

describe('checkSnapshot', () => {
  it('checks every row of every table; a missing or empty table is fine', () => {
    expect(() => checkSnapshot({ blogs: [blog], post_views_daily: [daily], posts: [] })).not.toThrow();
    expect(() => checkSnapshot({ blogs: undefined } as MirrorSnapshot)).not.toThrow();
    expect(() => checkSnapshot({ blogs: [blog, { ...blog, id: null }] } as unknown as MirrorSnapshot)).toThrow('blogs key id is missing');
    expect(() => checkSnapshot({ views: [] } as unknown as MirrorSnapshot)).toThrow('analytics mirror: unknown table views');
  });
});

describe('keyOf', () => {
  it("is the row's primary key columns, in the key's order, whatever else the row holds", () => {
    expect(keyOf('blogs', blog)).toBe('["b1"]');
    expect(keyOf('post_views_daily', daily)).toBe('["p1","2024-03-01"]');
    expect(keyOf('post_views_daily', { day: '2024-03-01', post_id: 'p1' })).toBe(keyOf('post_views_daily', { ...daily, views: 9 }));
  });
});
