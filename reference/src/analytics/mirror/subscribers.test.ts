/**
 * The subscribers table of a snapshot on its own: the mirror's tests compare
 * two snapshots made the same way, so a stray entry in every snapshot agrees
 * with itself there; here the rows are counted against the store.
 */
import { describe, expect, it } from 'vitest';
import { postsWorld } from '../../posts/posts-world.support.test.js';
import { subscribersMirror } from './subscribers.js';

describe("the mirror's subscribers table", { timeout: 300_000 }, () => {
  it('holds one row per subscriber record of every publication, and nothing else', () => {
    const { state } = postsWorld();
    const rows = subscribersMirror(state).snapshot().subscribers ?? [];
    const records = state.publications.all().flatMap((p) => state.subscribers.all(p.id));
    expect(records.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(records.length);
    expect(rows.map((r) => r.id).sort()).toEqual(records.map((r) => r.id).sort());
  });
});
