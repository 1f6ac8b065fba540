/**
 * What the store answers that no request shows whole: a subscriber found by
 * its email or wallet (the analytics mirror finds a suppression's subscriber
 * and the fixture history's subscribers this way), and the order of
 * subscribers added at one instant once their ids gain a digit (the API
 * shows no subscriber ids, and no test can know how many the store made).
 */
import { describe, expect, it } from 'vitest';
import { Events } from '../events.js';
import { SubscriberStore } from './store.js';
import { SuppressionStore } from './suppressions.js';

const EMAIL = 'Ann@example.com';
const WALLET = `0x${'aB'.repeat(20)}`;

const newStore = () => new SubscriberStore(new Events(), () => 10, new SuppressionStore());

describe('the subscriber store', () => {
  it('finds a subscriber by its email or by its wallet, in any letter case, in its own publication only', () => {
    const store = newStore();
    const { record } = store.add('p', { email: EMAIL, wallet: WALLET }, { source: 'api', strict: true });
    const walletOnly = store.add('p', { email: null, wallet: `0x${'c'.repeat(40)}` }, { source: 'api', strict: true }).record;
    expect(record).toBeDefined();
    expect(store.findByEmail('p', EMAIL.toUpperCase())).toBe(record);
    expect(store.findByWallet('p', WALLET.toLowerCase())).toBe(record);
    expect(store.findByWallet('p', `0x${'C'.repeat(40)}`)).toBe(walletOnly);
    expect(store.findByEmail('q', EMAIL)).toBeUndefined();
    expect(store.findByWallet('q', WALLET)).toBeUndefined();
  });

  it('lists subscribers added at one instant last added first, also past the ninth', () => {
    const store = newStore();
    const added = Array.from({ length: 12 }, (_, i) => store.add('p', { email: `s${i}@example.com`, wallet: null, createdAt: 5 }, { source: 'api', strict: true }).record!);
    expect(store.active('p').map((r) => r.email)).toEqual([...added].reverse().map((r) => r.email));
  });
});
