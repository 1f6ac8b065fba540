import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Events } from '../events.js';
import { compareKeys } from '../pagination.js';
import { NEWEST_FIRST, SubscriberStore, type SubscriberRecord } from './store.js';
import { SuppressionStore } from './suppressions.js';

const EMAILS = ['a@example.com', 'B@example.com', 'c@example.com', 'd@example.com', 'e@example.com'];
const WALLETS = ['0x' + 'a'.repeat(40), '0x' + 'b'.repeat(40), '0x' + 'c'.repeat(40)];

const op = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    email: fc.option(fc.constantFrom(...EMAILS), { nil: null }),
    wallet: fc.option(fc.constantFrom(...WALLETS), { nil: null }),
    createdAt: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), email: fc.constantFrom(...EMAILS) }),
  fc.record({ kind: fc.constant('suppress' as const), email: fc.constantFrom(...EMAILS).map((e) => e.toUpperCase()) }),
  fc.record({ kind: fc.constant('lift' as const), email: fc.constantFrom(...EMAILS) }),
);

const drain = <T>(it: Iterator<T>) => {
  const out: T[] = [];
  for (let n = it.next(); !n.done; n = it.next()) out.push(n.value);
  return out;
};

describe('the active subscriber list, kept sorted as things change', () => {
  it('always equals the active subscribers filtered and sorted from scratch', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const store = new SubscriberStore(new Events(), () => 10, new SuppressionStore());
        for (const o of ops) {
          try {
            if (o.kind === 'add' && (o.email !== null || o.wallet !== null))
              store.add('p', { email: o.email, wallet: o.wallet, createdAt: o.createdAt }, { source: 'api', strict: false });
            if (o.kind === 'remove') store.remove('p', { email: o.email, wallet: null });
            if (o.kind === 'suppress') store.suppressions.suppress('p', o.email, 1);
            if (o.kind === 'lift') store.suppressions.lift('p', o.email);
          } catch {
            // 404 and 400 refusals change nothing.
          }
          const expected = store
            .all('p')
            .filter((r) => store.isActive(r))
            .sort((a: SubscriberRecord, b: SubscriberRecord) => compareKeys(NEWEST_FIRST.key(a), NEWEST_FIRST.key(b), NEWEST_FIRST.descending));
          expect(drain(store.activeList('p').after(null))).toEqual(expected);
          expect(store.active('p')).toEqual(expected);
          expect(store.count('p')).toBe(expected.length);
        }
      }),
      { numRuns: 200 },
    );
  });
});
