/**
 * wiring.ts: a State built from the fixtures, the effects connected across
 * areas, and a snapshot restored into a State that answers as the saved one
 * would. Built directly, without a server.
 */
import { describe, expect, it } from 'vitest';
import { Clock } from './clock.js';
import type { State } from './state.js';
import { createState, restoreState, snapshotState } from './wiring.js';

const BASE = 'http://wiring.test';

function stateOf(options: { seed?: number; empty?: boolean; clock?: Clock } = {}): State {
  return createState({ seed: options.seed ?? 1, clock: options.clock ?? new Clock(), baseUrl: () => BASE, fixtures: options.empty ? 'empty' : 'default' });
}

const demo = (state: State) => state.publications.all().find((p) => p.slug === 'demo')!;
const notifications = (state: State) => state.emails.outbox.list().filter((email) => email.kind === 'owner_notification');
/** The snapshot as the state file holds it: plain data. */
const plain = (state: State) => JSON.parse(JSON.stringify(snapshotState(state)));

describe('createState', () => {
  it('the fixtures, or with empty the publications and keys alone; the seed, clock and base URL given', () => {
    const clock = new Clock();
    const full = stateOf({ seed: 3, clock });
    expect(full.seed).toBe(3);
    expect(full.clock).toBe(clock);
    expect(full.baseUrl()).toBe(BASE);
    expect(full.posts.listOwn(demo(full).id, 'published').source.size).toBeGreaterThan(0);
    expect(full.subscribers.count(demo(full).id)).toBeGreaterThan(0);
    expect(full.keys.snapshot()).not.toEqual([]);
    const empty = stateOf({ seed: 3, empty: true });
    expect(empty.publications.all().map((p) => p.slug)).toEqual(full.publications.all().map((p) => p.slug));
    expect(empty.posts.listOwn(demo(empty).id, 'published').source.size).toBe(0);
    expect(empty.subscribers.count(demo(empty).id)).toBe(0);
    const keys = (state: State) => state.keys.snapshot().map((key) => key.key);
    expect(keys(empty)).toEqual(keys(full));
  });

  it('the same seed gives the same cursor secret, another seed another', () => {
    const [a, b, other] = [stateOf({ seed: 5 }), stateOf({ seed: 5 }), stateOf({ seed: 6 })];
    const cursor = a.cursors.encode('scope', [1, 'x']);
    expect(b.cursors.decode('scope', cursor)).toEqual([1, 'x']);
    expect(() => other.cursors.decode('scope', cursor)).toThrow(/cursor is not valid/);
  });

  it("an auth session is approved for a publication of the store, refused for another", () => {
    const state = stateOf();
    const session = state.authSessions.create({});
    expect(() => state.authSessions.approve(session.id, 'pub_unknown')).toThrow(/publication pub_unknown not found/);
    expect(state.authSessions.approve(session.id, demo(state).id).publicationId).toBe(demo(state).id);
  });

  it('the coins of the fixture set, the same on every read', () => {
    const state = stateOf();
    expect(state.coins).toBe(state.coins);
    expect(state.fixtures).toBe(state.fixtures);
    expect(state.coins.all().map((coin) => coin.id)).toEqual(state.fixtures.coins.map((coin) => coin.id));
    expect(state.coins.all().length).toBeGreaterThan(0);
  });
});

describe('effects across areas', () => {
  it("a subscriber added through the API or the site tells the owner; an import does not, nor an address that is suppressed", () => {
    const state = stateOf();
    const publicationId = demo(state).id;
    const before = notifications(state).length;
    state.subscribers.add(publicationId, { email: 'api@example.org', wallet: null }, { source: 'api', strict: true });
    expect(notifications(state).length).toBe(before + 1);
    state.subscribers.add(publicationId, { email: 'site@example.org', wallet: null }, { source: 'site', strict: true });
    expect(notifications(state).length).toBe(before + 2);
    state.subscribers.add(publicationId, { email: 'import@example.org', wallet: null }, { source: 'import', strict: true });
    expect(notifications(state).length).toBe(before + 2);
    state.subscribers.suppressions.suppress(publicationId, 'gone@example.org', state.clock.now());
    state.subscribers.add(publicationId, { email: 'gone@example.org', wallet: null }, { source: 'api', strict: true });
    expect(notifications(state).length).toBe(before + 2);
  });

  it("a post published with sendNewsletter queues its newsletter to the publication's subscribers, once; without it, none", async () => {
    const state = stateOf();
    const publicationId = demo(state).id;
    const [post, quiet] = state.posts.all().filter((p) => p.publicationId === publicationId && p.status === 'published' && !state.emails.newsletterSent.has(p.id));
    const newsletters = (postId: string) => state.emails.outbox.list().filter((email) => email.kind === 'newsletter' && email.postId === postId).length;
    const publish = async (postId: string, sendNewsletter: boolean) => {
      const mark = state.work.mark();
      state.events.emit('post.published', { publicationId, postId, sendNewsletter, at: state.clock.now() });
      await state.work.settled(mark);
    };
    await publish(post!.id, true);
    expect(newsletters(post!.id)).toBe(state.subscribers.newsletterRecipients(publicationId).length);
    expect(newsletters(post!.id)).toBeGreaterThan(0);
    await publish(post!.id, true);
    expect(newsletters(post!.id)).toBe(state.subscribers.newsletterRecipients(publicationId).length);
    await publish(quiet!.id, false);
    expect(newsletters(quiet!.id)).toBe(0);
  });

  it('a content piece archived dismisses the open suggestions proposing it, and no other', () => {
    const clock = new Clock();
    clock.freeze(true);
    const state = stateOf({ clock });
    const publicationId = demo(state).id;
    const piece = (title: string) => state.content.create(publicationId, { kind: 'newsletter', title, body: { markdown: 'x' } as never, bucketId: null });
    const [archived, kept] = [piece('Archived'), piece('Kept')];
    const proposing = state.suggestions.create(publicationId, archived.id, 'Use it');
    const other = state.suggestions.create(publicationId, kept.id, 'Use this one');
    state.content.archive(publicationId, archived.id);
    expect(proposing.status).toBe('dismissed');
    expect(proposing.dismissedAt).toBe(state.clock.now());
    expect(other.status).toBe('open');
  });
});

describe('snapshots', () => {
  it('a restored state snapshots as the saved one, with its seed, clock, fixtures and next id', () => {
    const clock = new Clock();
    clock.freeze(true);
    for (const empty of [false, true]) {
      const saved = stateOf({ seed: 9, empty, clock });
      const snapshot = plain(saved);
      expect(snapshot.fixtures).toEqual({ now: clock.now(), empty });
      const restored = restoreState({ clock: new Clock(), baseUrl: () => BASE }, snapshot);
      expect(restored.seed).toBe(9);
      expect(restored.baseUrl()).toBe(BASE);
      // The generator's words come back unsigned (random.ts): compared by its next draw below.
      expect({ ...plain(restored), random: null }).toEqual({ ...snapshot, random: null });
      expect(restored.coins.all()).toEqual(saved.coins.all());
      expect(restored.fixtures.now).toBe(saved.fixtures.now);
      expect(restored.random.uuid()).toBe(saved.random.uuid());
    }
  });

  it("the clock takes the saved reading and loses its own tasks", () => {
    const saved = stateOf();
    const snapshot = plain(saved);
    snapshot.clock = { offsetMs: 12_345, frozenAt: null };
    const clock = new Clock();
    let ran = false;
    clock.schedule(clock.now() + 60_000, 'left-over', () => (ran = true));
    restoreState({ clock, baseUrl: () => BASE }, snapshot);
    expect(clock.state()).toEqual({ offsetMs: 12_345, frozenAt: null });
    expect(clock.pending().map((task) => task.key)).not.toContain('left-over');
    clock.advance(120_000);
    expect(ran).toBe(false);
  });
});
