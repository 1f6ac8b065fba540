/**
 * The store alone, on a frozen clock: the transition table, the time
 * boundaries, and the callback URL building.
 */
import { describe, expect, it } from 'vitest';
import { Clock } from '../clock.js';
import { ApiKeyStore } from '../keys/store.js';
import { AuthSessionStore } from './store.js';
import { SESSION_TRANSITIONS, transition } from './transitions.js';
import { callbackTarget } from './urls.js';

const MIN = 60_000;

function setup() {
  const clock = new Clock(() => 1_700_000_000_000);
  clock.freeze(true);
  const keys = new ApiKeyStore();
  const store = new AuthSessionStore({ keys, now: () => clock.now(), publicationExists: (id) => id === 'pub' });
  return { clock, keys, store };
}

describe('transitions', () => {
  it('has exactly the four documented moves, and refuses any other', () => {
    expect(SESSION_TRANSITIONS.map((t) => `${t.from} ${t.event} ${t.to}`)).toEqual([
      'pending approve completed',
      'pending deny denied',
      'completed hand-over delivered',
      'completed acknowledge delivered',
    ]);
    expect(() => transition('denied', 'approve')).toThrow(/no transition/);
    expect(() => transition('delivered', 'acknowledge')).toThrow(/no transition/);
  });

  it('says why for every row', () => {
    for (const row of SESSION_TRANSITIONS) expect(row.why.trim(), `${row.from} ${row.event}`).not.toBe('');
  });
});

describe('AuthSessionStore', () => {
  it('expires at exactly five minutes and forgets an hour later', () => {
    const { clock, store } = setup();
    const s = store.create({});
    clock.advance(5 * MIN - 1);
    expect(store.poll(s.id).status).toBe('pending');
    clock.advance(1);
    expect(store.poll(s.id)).toEqual({ status: 'expired' });
    clock.advance(60 * MIN - 1);
    expect(store.poll(s.id)).toEqual({ status: 'expired' });
    clock.advance(1);
    expect(() => store.poll(s.id)).toThrow(/not found/);
    expect(store.list()).toEqual([]);
  });

  it('treats a blank device name as none', () => {
    const { store } = setup();
    expect(store.poll(store.create({ deviceName: '   ' }).id)).toEqual({ status: 'pending', deviceName: 'Unnamed device' });
  });

  it('refuses to approve for an unknown publication without changing the session', () => {
    const { store, keys } = setup();
    const s = store.create({});
    expect(() => store.approve(s.id, 'nope')).toThrow(/publication nope not found/);
    expect(store.statusOf(s)).toBe('pending');
    expect(keys.all()).toEqual([]);
  });

  it('keeps a key that was handed out valid after the acknowledgement', () => {
    const { store, keys } = setup();
    const s = store.create({ supportsDeliveryAcknowledgement: true });
    const { apiKey } = store.approve(s.id, 'pub');
    expect(store.poll(s.id)).toEqual({ status: 'completed', apiKey });
    store.discard(s.id);
    expect(keys.publicationFor(apiKey!)).toBe('pub');
  });
});

describe('callbackTarget', () => {
  it.each([
    ['https://cb.example/done', 'https://cb.example/done?session=S1'],
    ['https://cb.example/done?a=1', 'https://cb.example/done?a=1&session=S1'],
    ['https://cb.example/done?session=old&a=%20x', 'https://cb.example/done?a=%20x&session=S1'],
    ['https://cb.example/done?a=1#frag', 'https://cb.example/done?a=1&session=S1#frag'],
    ['https://cb.example:8443/?', 'https://cb.example:8443/?session=S1'],
  ])('%s -> %s', (callback, expected) => {
    expect(callbackTarget(callback, 'S1')).toBe(expected);
  });
});
