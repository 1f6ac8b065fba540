/**
 * The fixture history as the state hands it over: the mirror's tests compare
 * a mirror with another built the same way, so what stateHistory gives the
 * history (which subscribers, which links, which suppression times) is
 * checked here against the fixtures themselves.
 */
import { describe, expect, it } from 'vitest';
import { linksOf } from '../../../../fixtures/analytics-history.js';
import { postsWorld } from '../../posts/posts-world.support.test.js';
import { emailKey } from '../../subscribers/address.js';
import { stateHistory } from './history.js';

// Each test builds the fixtures' state, seconds apiece under load.
describe('the fixture history of a state', { timeout: 300_000 }, () => {
  it('sends go to fixture subscribers with an email (with or without a wallet), none after the fixtures suppressed them', () => {
    const { state } = postsWorld();
    const history = stateHistory(state);
    const fixtures = state.fixtures.subscribers;
    const idOf = (f: (typeof fixtures)[number]) =>
      (f.email !== null ? state.subscribers.findByEmail(f.publicationId, f.email) : state.subscribers.findByWallet(f.publicationId, f.wallet!))!.id;
    const recipients = new Set(history.newsletter_metrics.map((m) => m.subscriber_id));
    expect(fixtures.filter((f) => f.email === null).some((f) => recipients.has(idOf(f)))).toBe(false);
    expect(fixtures.some((f) => f.email !== null && f.wallet === null && recipients.has(idOf(f)))).toBe(true);
    expect(fixtures.some((f) => f.email !== null && f.wallet !== null && recipients.has(idOf(f)))).toBe(true);
    // Wallet-only subscribers are known readers on the web all the same.
    const readers = new Set(history.detailed_post_metrics.map((r) => r.subscriber_id));
    expect(fixtures.some((f) => f.email === null && readers.has(idOf(f)))).toBe(true);

    const suppressedAt = new Map(state.fixtures.suppressions.map((s) => [`${s.publicationId}|${emailKey(s.email)}`, s.suppressedAt]));
    let checked = 0;
    for (const f of fixtures) {
      const at = f.email === null ? undefined : suppressedAt.get(`${f.publicationId}|${emailKey(f.email)}`);
      if (at === undefined) continue;
      const sends = history.newsletter_metrics.filter((m) => m.subscriber_id === idOf(f));
      expect(sends.every((m) => Date.parse(m.sent_at!) < at), f.email!).toBe(true);
      checked++;
    }
    // The fixtures suppress some of their subscribers a day after they subscribed, before most sends.
    expect(checked).toBeGreaterThan(0);
  });

  it("a click's link is its post's address under the fixture's slug or a link of the fixture's body", () => {
    const w = postsWorld();
    const { state } = w;
    const fixturePosts = new Map(state.fixtures.posts.map((p) => [p.id, p]));
    const publications = new Map(state.fixtures.publications.map((p) => [p.id, p]));
    const history = stateHistory(state);
    let bodyLinks = 0;
    for (const click of history.newsletter_link_clicks) {
      const fixture = fixturePosts.get(click.post_id)!;
      const own = `http://ref.test/@${publications.get(fixture.publicationId)!.slug}/${fixture.slug}`;
      expect([own, ...linksOf(fixture.markdown)], click.url).toContain(click.url);
      if (click.url !== own) bodyLinks++;
    }
    expect(bodyLinks).toBeGreaterThan(0);

    // A slug changed since keeps the history's links as they were sent.
    const clicked = history.newsletter_link_clicks.find((c) => c.url.startsWith('http://ref.test/'))!;
    w.update(clicked.post_id, { slug: 'renamed-since' }, clicked.blog_id);
    expect(state.posts.get(clicked.post_id)!.slug).toBe('renamed-since');
    expect(stateHistory(state)).toEqual(history);
  });

  it("views are recorded against fixture posts and their draft rows, and a deleted post's go with it", () => {
    const w = postsWorld();
    const { state } = w;
    const history = stateHistory(state);
    const posts = state.fixtures.posts.filter((p) => p.publishedAt !== null);
    const drafts = new Map(posts.map((p) => [state.buckets.draftRows.draftRowIdOf(p.id), p.id]));
    const viewed = new Set(history.detailed_post_metrics.map((r) => r.post_id));
    expect([...drafts.keys()].some((id) => viewed.has(id))).toBe(true);
    for (const row of history.detailed_post_metrics) expect(posts.some((p) => p.id === row.post_id) || drafts.has(row.post_id)).toBe(true);

    const gone = history.newsletter_metrics[0].post_id;
    const post = state.posts.get(gone)!;
    state.posts.delete(post.publicationId, gone);
    const after = stateHistory(state);
    const ids = new Set([gone, state.buckets.draftRows.draftRowIdOf(gone)]);
    for (const rows of [after.newsletter_metrics, after.newsletter_link_clicks, after.detailed_post_metrics, after.post_views_daily])
      expect(rows.some((r) => ids.has(r.post_id))).toBe(false);
    expect(after.newsletter_metrics.length).toBeGreaterThan(0);
  });

  it('a removed fixture subscriber has no sends, its views stay anonymous, and the address added again through the API has no history', () => {
    const w = postsWorld();
    const { state } = w;
    const history = stateHistory(state);
    const send = history.newsletter_metrics.find((m) => history.detailed_post_metrics.some((r) => r.subscriber_id === m.subscriber_id))!;
    const record = state.subscribers.get(send.blog_id, send.subscriber_id)!;
    const viewsBefore = history.detailed_post_metrics.filter((r) => r.subscriber_id === record.id);
    state.subscribers.remove(record.publicationId, { email: record.email, wallet: null });
    const again = state.subscribers.add(record.publicationId, { email: record.email, wallet: record.wallet }, { source: 'api', strict: false }).record!;
    expect(again.id).not.toBe(record.id);
    const after = stateHistory(state);
    for (const id of [record.id, again.id]) {
      expect(after.newsletter_metrics.some((m) => m.subscriber_id === id)).toBe(false);
      expect(after.newsletter_link_clicks.some((m) => m.subscriber_id === id)).toBe(false);
      expect(after.detailed_post_metrics.some((m) => m.subscriber_id === id)).toBe(false);
    }
    // The same readings, now without the subscriber.
    const anonymous = new Set(viewsBefore.map((r) => `${r.post_id}|${r.reader_id}`));
    expect(after.detailed_post_metrics.filter((r) => anonymous.has(`${r.post_id}|${r.reader_id}`)).map((r) => r.subscriber_id)).toEqual(viewsBefore.map(() => null));
  });
});
