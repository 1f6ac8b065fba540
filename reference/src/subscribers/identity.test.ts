import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Events } from '../events.js';
import { planAdd, planRemove } from './identity.js';
import { SubscriberStore } from './store.js';
import { SuppressionStore } from './suppressions.js';

const W1 = '0x' + 'a'.repeat(40);
const W2 = '0x' + 'b'.repeat(40);

describe('planAdd', () => {
  const s1 = { id: 1, email: 'a@example.com', wallet: null };
  const s2 = { id: 2, email: null, wallet: W1 };
  it('creates when nothing matches', () => {
    expect(planAdd({ email: 'x@example.com', wallet: null }, undefined, undefined)).toEqual({ action: 'create' });
  });
  it('attaches a new wallet to the subscriber found by email', () => {
    expect(planAdd({ email: 'a@example.com', wallet: W2 }, s1, undefined)).toEqual({ action: 'attach', id: 1, wallet: W2 });
  });
  it('attaches a new email to the subscriber found by wallet', () => {
    expect(planAdd({ email: 'n@example.com', wallet: W1 }, undefined, s2)).toEqual({ action: 'attach', id: 2, email: 'n@example.com' });
  });
  it('refuses email and wallet of two different subscribers', () => {
    expect(planAdd({ email: 'a@example.com', wallet: W1 }, s1, s2).action).toBe('conflict');
  });
  it('refuses to replace a wallet the subscriber already has', () => {
    expect(planAdd({ email: 'a@example.com', wallet: W2 }, { ...s1, wallet: W1 }, undefined).action).toBe('conflict');
  });
  it('leaves an exact match unchanged', () => {
    const both = { id: 3, email: 'b@example.com', wallet: W1 };
    expect(planAdd({ email: 'b@example.com', wallet: W1 }, both, both)).toEqual({ action: 'unchanged', id: 3 });
  });
});

describe('planRemove', () => {
  const s = { id: 1, email: 'a@example.com', wallet: W1 };
  it('deletes by either credential', () => {
    expect(planRemove({ email: 'a@example.com', wallet: null }, s, undefined)).toEqual({ action: 'delete', id: 1 });
    expect(planRemove({ email: null, wallet: W1 }, undefined, s)).toEqual({ action: 'delete', id: 1 });
  });
  it('needs both to name the same subscriber', () => {
    expect(planRemove({ email: 'a@example.com', wallet: W2 }, s, undefined)).toEqual({ action: 'mismatch' });
    expect(planRemove({ email: 'a@example.com', wallet: W1 }, s, { ...s, id: 2 })).toEqual({ action: 'mismatch' });
    expect(planRemove({ email: 'z@example.com', wallet: W2 }, undefined, undefined)).toEqual({ action: 'not_found' });
  });
});

function newStore(now = 1_700_000_000_000) {
  return new SubscriberStore(new Events(), () => now, new SuppressionStore());
}

describe('SubscriberStore', () => {
  it('compares emails and wallets case-insensitively', () => {
    const store = newStore();
    store.add('p', { email: 'Ann@Example.com', wallet: null }, { source: 'api', strict: true });
    expect(store.add('p', { email: 'ann@example.COM', wallet: W1.toUpperCase().replace('0X', '0x') }, { source: 'api', strict: true }).outcome).toBe('attached');
    expect(store.add('p', { email: null, wallet: W1 }, { source: 'api', strict: true }).outcome).toBe('unchanged');
    expect(store.count('p')).toBe(1);
  });

  it('refuses a createdAt in the future and keeps createdAt of an existing subscriber', () => {
    const store = newStore(1000);
    expect(() => store.add('p', { email: 'a@example.com', wallet: null, createdAt: 1001 }, { source: 'api', strict: true })).toThrow(/future/);
    store.add('p', { email: 'a@example.com', wallet: null, createdAt: 10.7 }, { source: 'api', strict: true });
    store.add('p', { email: 'a@example.com', wallet: null, createdAt: 500 }, { source: 'api', strict: true });
    expect(store.active('p')[0].createdAt).toBe(10);
  });

  it('keeps publications apart', () => {
    const store = newStore();
    store.add('p', { email: 'a@example.com', wallet: null }, { source: 'api', strict: true });
    expect(store.count('q')).toBe(0);
    expect(() => store.remove('q', { email: 'a@example.com', wallet: null })).toThrow(/no subscriber/);
  });

  it('leaves suppressed subscribers out of the active list but still deletes them', () => {
    const store = newStore();
    store.add('p', { email: 'a@example.com', wallet: W1 }, { source: 'api', strict: true });
    store.add('p', { email: 'b@example.com', wallet: null }, { source: 'api', strict: true });
    store.suppressions.suppress('p', 'A@example.com', 1);
    expect(store.active('p').map((s) => s.email)).toEqual(['b@example.com']);
    expect(store.newsletterRecipients('p').map((s) => s.email)).toEqual(['b@example.com']);
    store.remove('p', { email: null, wallet: W1 });
    expect(store.all('p')).toHaveLength(1);
  });

  // Any sequence of adds and deletes keeps the invariants: no two subscribers
  // share an email or a wallet, nobody is empty, and the store agrees with a
  // simple model of which credentials are known.
  it('keeps its invariants over random operations', () => {
    const emails = ['a@example.com', 'B@example.com', 'b@example.com', 'c@example.org'];
    const wallets = [W1, W2, W1.toUpperCase().replace('0X', '0x'), '0x' + 'c'.repeat(40)];
    const cred = fc.record({
      email: fc.option(fc.constantFrom(...emails), { nil: null }),
      wallet: fc.option(fc.constantFrom(...wallets), { nil: null }),
    }).filter((c) => c.email !== null || c.wallet !== null);
    const op = fc.record({ kind: fc.constantFrom('add', 'remove'), cred });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const store = newStore();
        const snapshot = () => JSON.stringify(store.all('p').map((s) => [s.id, s.email, s.wallet]));
        for (const { kind, cred: c } of ops) {
          const before = snapshot();
          let refused = false;
          try {
            if (kind === 'add') store.add('p', c, { source: 'api', strict: true });
            else store.remove('p', c);
          } catch {
            refused = true;
          }
          const all = store.all('p');
          const es = all.flatMap((s) => (s.email ? [s.email.toLowerCase()] : []));
          const ws = all.flatMap((s) => (s.wallet ? [s.wallet.toLowerCase()] : []));
          expect(new Set(es).size).toBe(es.length);
          expect(new Set(ws).size).toBe(ws.length);
          for (const s of all) expect(s.email !== null || s.wallet !== null).toBe(true);
          const e = c.email ? store.findByEmail('p', c.email) : undefined;
          const w = c.wallet ? store.findByWallet('p', c.wallet) : undefined;
          if (refused) expect(snapshot()).toBe(before);
          else if (kind === 'add') {
            // every given credential now names one and the same subscriber
            if (c.email) expect(e).toBeDefined();
            if (c.wallet) expect(w).toBeDefined();
            if (e && w) expect(e.id).toBe(w.id);
          } else {
            expect(e).toBeUndefined();
            expect(w).toBeUndefined();
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
