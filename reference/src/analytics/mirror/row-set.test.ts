/**
 * RowSet on its own: the mirror's tests reach it only through whole
 * snapshots, where an index left stale or a delete's key carrying the whole
 * row agree on both sides of the comparison.
 */
import { describe, expect, it } from 'vitest';
import { unopenedSend, type NewsletterLinkClickRow } from '../engine/mirror-types.js';
import { RowSet } from './row-set.js';

const send = (post: string, subscriber: string, status: 'queued' | 'delivered' = 'queued') =>
  unopenedSend({ blog_id: 'b1', post_id: post, subscriber_id: subscriber, send_status: status, sent_at: null });

const click = (post: string, subscriber: string, url: string): NewsletterLinkClickRow => ({
  blog_id: 'b1',
  post_id: post,
  subscriber_id: subscriber,
  url,
  click_count: 1,
  first_clicked_at: '2026-01-01T00:00:00.000Z',
  last_clicked_at: '2026-01-01T00:00:00.000Z',
});

const ids = (rows: { post_id: string; subscriber_id: string }[]) => rows.map((r) => `${r.post_id}/${r.subscriber_id}`).sort();

describe('RowSet', () => {
  it('put answers the upsert of the row, and replaces a row of the same primary key', () => {
    const set = new RowSet('newsletter_metrics', ['post_id']);
    const row = send('p1', 's1');
    expect(set.put(row)).toEqual({ op: 'upsert', table: 'newsletter_metrics', row });
    const delivered = send('p1', 's1', 'delivered');
    expect(set.put(delivered)).toEqual({ op: 'upsert', table: 'newsletter_metrics', row: delivered });
    expect(set.size).toBe(1);
    expect(set.all()).toEqual([delivered]);
    expect(set.get({ post_id: 'p1', subscriber_id: 's1' })).toBe(delivered);
    expect(set.get({ post_id: 'p1', subscriber_id: 's2' })).toBeUndefined();
  });

  it('where finds every row of a value in each indexed column, and none of a value no row has', () => {
    const set = new RowSet('newsletter_metrics', ['post_id', 'subscriber_id']);
    for (const [p, s] of [['p1', 's1'], ['p1', 's2'], ['p2', 's1']]) set.put(send(p, s));
    expect(ids(set.where('post_id', 'p1'))).toEqual(['p1/s1', 'p1/s2']);
    expect(ids(set.where('subscriber_id', 's1'))).toEqual(['p1/s1', 'p2/s1']);
    expect(set.where('post_id', 'p3')).toEqual([]);
  });

  it('where refuses a column that is not indexed, even one no row has a value for', () => {
    const set = new RowSet('newsletter_metrics', ['post_id']);
    expect(() => set.where('subscriber_id', 's1')).toThrow('RowSet newsletter_metrics: subscriber_id is not indexed');
    set.put(send('p1', 's1'));
    expect(() => set.where('subscriber_id', 's1')).toThrow('RowSet newsletter_metrics: subscriber_id is not indexed');
    // No columns named: nothing is indexed.
    const bare = new RowSet('newsletter_metrics');
    bare.put(send('p1', 's1'));
    expect(() => bare.where('post_id', 'p1')).toThrow('RowSet newsletter_metrics: post_id is not indexed');
  });

  it('a replaced row leaves the index of its old value and joins that of its new one, the other rows of the old value staying', () => {
    const set = new RowSet('newsletter_metrics', ['send_status']);
    set.put(send('p1', 's1'));
    set.put(send('p2', 's1'));
    set.put(send('p1', 's1', 'delivered'));
    expect(ids(set.where('send_status', 'queued'))).toEqual(['p2/s1']);
    expect(ids(set.where('send_status', 'delivered'))).toEqual(['p1/s1']);
    set.put(send('p2', 's1', 'delivered'));
    expect(set.where('send_status', 'queued')).toEqual([]);
    expect(ids(set.where('send_status', 'delivered'))).toEqual(['p1/s1', 'p2/s1']);
    // Replaced by an equal value: still found once.
    set.put(send('p2', 's1', 'delivered'));
    expect(ids(set.where('send_status', 'delivered'))).toEqual(['p1/s1', 'p2/s1']);
  });

  it('deleteWhere removes the rows of each value, answering deletes keyed by the primary key alone', () => {
    const set = new RowSet('newsletter_link_clicks', ['post_id', 'subscriber_id']);
    set.put(click('p1', 's1', 'https://a.example'));
    set.put(click('p1', 's2', 'https://a.example'));
    set.put(click('p2', 's1', 'https://a.example'));
    set.put(click('p3', 's3', 'https://a.example'));
    const deletes = set.deleteWhere('post_id', ['p1', 'p2', 'p9']);
    expect(deletes).toHaveLength(3);
    expect(deletes).toContainEqual({ op: 'delete', table: 'newsletter_link_clicks', key: { post_id: 'p1', subscriber_id: 's1', url: 'https://a.example' } });
    expect(deletes).toContainEqual({ op: 'delete', table: 'newsletter_link_clicks', key: { post_id: 'p1', subscriber_id: 's2', url: 'https://a.example' } });
    expect(deletes).toContainEqual({ op: 'delete', table: 'newsletter_link_clicks', key: { post_id: 'p2', subscriber_id: 's1', url: 'https://a.example' } });
    expect(set.size).toBe(1);
    expect(set.all().map((r) => r.post_id)).toEqual(['p3']);
    // Gone from every index, not only the one the delete named.
    expect(set.where('subscriber_id', 's1')).toEqual([]);
    expect(set.where('subscriber_id', 's2')).toEqual([]);
    expect(set.where('post_id', 'p1')).toEqual([]);
    expect(set.deleteWhere('post_id', ['p1'])).toEqual([]);
  });

  it('a value whose rows are all gone can take rows again', () => {
    const set = new RowSet('newsletter_metrics', ['subscriber_id']);
    set.put(send('p1', 's1'));
    set.deleteWhere('subscriber_id', ['s1']);
    set.put(send('p2', 's1'));
    expect(ids(set.where('subscriber_id', 's1'))).toEqual(['p2/s1']);
  });
});
