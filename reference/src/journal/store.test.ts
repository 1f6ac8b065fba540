import { describe, expect, it } from 'vitest';
import { JOURNAL_TEXT_CAP, RequestJournal, type AnsweredRequest } from './store.js';

const keys: Record<string, string> = { 'key-a': 'pub_a' };
const request = (over: Partial<AnsweredRequest> = {}): AnsweredRequest => ({
  method: 'GET',
  url: '/v1/posts',
  authorization: 'Bearer key-a',
  status: 200,
  json: { items: [] },
  startedAt: Date.UTC(2026, 0, 1),
  startedMs: 10,
  ...over,
});

describe('RequestJournal', () => {
  it('keeps the last `capacity` requests, newest first', () => {
    const journal = new RequestJournal((k) => keys[k], 3);
    for (let i = 1; i <= 5; i++) journal.record(request({ url: `/v1/posts/${i}` }), 12);
    expect(journal.list({ limit: 10 }).map((e) => e.path)).toEqual(['/v1/posts/5', '/v1/posts/4', '/v1/posts/3']);
    expect(journal.size).toBe(3);
    expect(journal.list({ limit: 2 }).map((e) => e.seq)).toEqual([5, 4]);
  });

  it('records the publication of the key and never the key itself', () => {
    const journal = new RequestJournal((k) => keys[k]);
    journal.record(request(), 12.5);
    journal.record(request({ authorization: 'Bearer unknown', status: 401, json: { success: false, msg: 'API key is invalid' } }), 11);
    journal.record(request({ authorization: undefined }), 11);
    const [anonymous, unknown, known] = journal.list({ limit: 10 });
    expect(known).toMatchObject({ publicationId: 'pub_a', status: 200, msg: null, durationMs: 2.5, at: '2026-01-01T00:00:00.000Z', query: '' });
    expect(unknown).toMatchObject({ publicationId: null, status: 401, msg: 'API key is invalid' });
    expect(anonymous.publicationId).toBeNull();
    expect(JSON.stringify(journal.list({ limit: 10 }))).not.toMatch(/key-a|unknown/);
  });

  it('keeps the error message of a 4xx or 5xx answer only, and only a string one', () => {
    const journal = new RequestJournal(() => undefined);
    journal.record(request({ status: 200, json: { success: true, msg: 'a success that says something' } }), 11);
    journal.record(request({ status: 404, json: undefined }), 11);
    journal.record(request({ status: 404, json: null }), 11);
    journal.record(request({ status: 400, json: { success: false, msg: 42 } }), 11);
    journal.record(request({ status: 500, json: { success: false, msg: 'broken' } }), 11);
    expect(journal.list({ limit: 10 }).map((e) => e.msg)).toEqual(['broken', null, null, null, null]);
  });

  it('keeps a text of exactly the cap whole', () => {
    const journal = new RequestJournal(() => undefined);
    const query = `q=${'x'.repeat(JOURNAL_TEXT_CAP - 2)}`;
    journal.record(request({ url: `/v1/posts?${query}` }), 11);
    expect(journal.list({ limit: 1 })[0].query).toBe(query);
  });

  it('splits the query off the path and caps long texts', () => {
    const journal = new RequestJournal(() => undefined);
    journal.record(request({ url: `/v1/posts?q=${'x'.repeat(5000)}`, status: 400, json: { success: false, msg: 'y'.repeat(5000) } }), 11);
    const [entry] = journal.list({ limit: 1 });
    expect(entry.path).toBe('/v1/posts');
    expect(entry.query).toHaveLength(JOURNAL_TEXT_CAP);
    expect(entry.query.startsWith('q=xxx')).toBe(true);
    expect(entry.query.endsWith('x…')).toBe(true);
    expect(entry.msg).toHaveLength(JOURNAL_TEXT_CAP);
  });

  it('records what the client of a faulted request got: no status for a dropped one, the fault rule by name', () => {
    const journal = new RequestJournal((k) => keys[k]);
    journal.record(request(), 11);
    journal.record(request({ method: 'POST', status: 200, fault: { ruleId: 'lost', outcome: 'dropped' } }), 11);
    journal.record(request({ status: 200, fault: { ruleId: 'stuck', outcome: 'stalled' } }), 11);
    journal.record(request({ status: 503, json: { success: false, msg: 'service unavailable (fault rule down)' }, fault: { ruleId: 'down', outcome: 'answered' } }), 11);
    const [refused, stalled, dropped, plain] = journal.list({ limit: 10 });
    expect(plain).toMatchObject({ status: 200, outcome: 'answered', fault: null });
    expect(dropped).toMatchObject({ method: 'POST', status: null, outcome: 'dropped', fault: 'lost', msg: null });
    expect(stalled).toMatchObject({ status: 200, outcome: 'stalled', fault: 'stuck' });
    expect(refused).toMatchObject({ status: 503, outcome: 'answered', fault: 'down', msg: expect.stringMatching(/fault rule down/) });
    expect(journal.list({ status: 200, limit: 10 })).toEqual([stalled, plain]);
  });

  it('filters by method, path prefix, status and publication', () => {
    const journal = new RequestJournal((k) => keys[k]);
    journal.record(request(), 11);
    journal.record(request({ method: 'POST', url: '/v1/subscribers', status: 400, json: { success: false, msg: 'bad' } }), 11);
    journal.record(request({ url: '/v1/publications/x', authorization: undefined }), 11);
    expect(journal.list({ method: 'POST', limit: 10 }).map((e) => e.path)).toEqual(['/v1/subscribers']);
    expect(journal.list({ pathPrefix: '/v1/p', limit: 10 }).map((e) => e.path)).toEqual(['/v1/publications/x', '/v1/posts']);
    expect(journal.list({ status: 400, limit: 10 })).toHaveLength(1);
    expect(journal.list({ publicationId: 'pub_a', limit: 10 })).toHaveLength(2);
  });

  it('is empty after clear, and keeps counting', () => {
    const journal = new RequestJournal(() => undefined, 2);
    journal.record(request(), 11);
    journal.record(request(), 11);
    journal.clear();
    expect(journal.list({ limit: 10 })).toEqual([]);
    expect(journal.size).toBe(0);
    journal.record(request(), 11);
    expect(journal.list({ limit: 10 }).map((e) => e.seq)).toEqual([3]);
  });
});
