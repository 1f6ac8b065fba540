/**
 * Which deliveries wait on the clock. No API answer shows them (an email's
 * status does, once it is delivered); the inspector's clock page lists them,
 * and the mail page's change stamp reads the outbox's size.
 */
import { describe, expect, it } from 'vitest';
import { Clock } from '../clock.js';
import { Events } from '../events.js';
import { SLICE_MS, SlicedWork } from '../slices.js';
import { DELIVERY_DELAY_MS, OutboxStore, type OutboxDraft } from './outbox.js';

const T0 = Date.UTC(2026, 0, 15, 12);

function outboxOnFrozenClock() {
  const clock = new Clock(() => T0);
  clock.freeze(true);
  const outbox = new OutboxStore(clock, new Events());
  const deliveries = () => clock.pending().filter((task) => task.key.startsWith('outbox:deliver:'));
  return { clock, outbox, deliveries };
}

function draft(to: string): OutboxDraft {
  return {
    kind: 'custom', publicationId: 'pub', postId: null, requestId: 'req', subscriberId: null, communityId: null,
    to, from: `Pub <pub@newsletter.example.com>`, replyTo: null, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', headers: {}, unsubscribeUrl: 'http://ref.test/u',
  };
}

/** A draft that takes a whole slice to make, so the loop pauses after it. */
function slowDraft(to: string): OutboxDraft {
  const until = performance.now() + SLICE_MS + 1;
  while (performance.now() < until);
  return draft(to);
}

describe('the outbox on the clock', () => {
  it('queues no delivery for a list of no one', async () => {
    const { outbox, deliveries } = outboxOnFrozenClock();
    await outbox.queueInSlices(new SlicedWork(), [], draft);
    expect(deliveries()).toEqual([]);
    expect(outbox.size).toBe(0);
  });

  it('delivers each slice of a long list as one batch, and queues none for a slice that ends with the list', async () => {
    const { clock, outbox, deliveries } = outboxOnFrozenClock();
    await outbox.queueInSlices(new SlicedWork(), ['a@example.org', 'b@example.org'], slowDraft);
    // Each draft fills a slice: two batches, and the loop's last, empty slice adds none.
    expect(deliveries()).toEqual([
      { at: T0 + DELIVERY_DELAY_MS, key: 'outbox:deliver:1' },
      { at: T0 + DELIVERY_DELAY_MS, key: 'outbox:deliver:2' },
    ]);
    expect(outbox.size).toBe(2);
    clock.advance(DELIVERY_DELAY_MS);
    expect(outbox.list().map((email) => email.status)).toEqual(['delivered', 'delivered']);
  });

  it('puts back on the clock, after a restore, only the emails still queued', () => {
    const { clock, outbox } = outboxOnFrozenClock();
    outbox.queue([draft('a@example.org')]);
    clock.advance(DELIVERY_DELAY_MS);
    outbox.queue([draft('b@example.org')]);
    const saved = structuredClone(outbox.snapshot());

    const restored = outboxOnFrozenClock();
    restored.outbox.restoreSnapshot(saved);
    expect(restored.deliveries()).toHaveLength(1);
    expect(restored.outbox.size).toBe(2);
  });

  it('is empty after a clear, and a delivery due for the cleared emails delivers nothing', () => {
    const clock = new Clock(() => T0);
    clock.freeze(true);
    const events = new Events();
    const delivered: string[] = [];
    events.on('email.delivered', (event) => delivered.push(event.to));
    const outbox = new OutboxStore(clock, events);
    outbox.queue([draft('a@example.org')]);
    expect(outbox.clear()).toBe(1);
    expect(outbox.size).toBe(0);
    clock.advance(DELIVERY_DELAY_MS);
    expect(delivered).toEqual([]);
  });
});
