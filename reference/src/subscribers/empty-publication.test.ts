/**
 * A publication that never had a subscriber: every read answers nothing
 * rather than failing. The fixtures give every publication subscribers, so
 * only a reference started without them (or a new publication) gets here.
 */
import { describe, expect, it } from 'vitest';
import { Events } from '../events.js';
import { SubscriberStore } from './store.js';
import { SuppressionStore } from './suppressions.js';

const EMAIL = 'ann@example.com';
const WALLET = `0x${'a'.repeat(40)}`;

describe('a publication without subscribers', () => {
  it('reads as empty: no record, an empty list and page, a count of 0', () => {
    const store = new SubscriberStore(new Events(), () => 10, new SuppressionStore());
    expect(store.get('p', 'sub_00000001')).toBeUndefined();
    expect(store.findByEmail('p', EMAIL)).toBeUndefined();
    expect(store.findByWallet('p', WALLET)).toBeUndefined();
    expect(store.active('p')).toEqual([]);
    expect(store.all('p')).toEqual([]);
    expect(store.newsletterRecipients('p')).toEqual([]);
    expect(store.count('p')).toBe(0);
    const page = store.activeList('p');
    expect(page.size).toBe(0);
    expect([...{ [Symbol.iterator]: () => page.after(null) }]).toEqual([]);
  });

  it('takes a suppression of an address, which a later subscriber with it finds', () => {
    const store = new SubscriberStore(new Events(), () => 10, new SuppressionStore());
    expect(() => store.suppressions.suppress('p', EMAIL, 5)).not.toThrow();
    store.add('p', { email: EMAIL, wallet: null }, { source: 'api', strict: true });
    expect(store.count('p')).toBe(0);
  });
});
