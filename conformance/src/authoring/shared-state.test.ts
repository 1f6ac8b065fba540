import { describe, expect, it } from 'vitest';
import { sharedStateChange } from './shared-state.js';

describe('sharedStateChange', () => {
  it.each([
    ['POST', '/_control/clock', 'moves or freezes the clock every test reads'],
    ['POST', '/_control/reset', 'replaces the whole state'],
    ['DELETE', '/_control/outbox', "clears every test's emails"],
    ['POST', '/_control/rate-limit', 'limits every request'],
    ['DELETE', '/_control/faults/f1', 'slows or fails the requests of every test'],
    ['POST', '/_control/publications/p1/custom-email', "changes a publication's custom-email eligibility"],
  ])('%s %s changes shared state: %s', (method, path, why) => {
    expect(sharedStateChange(method, path)).toBe(why);
  });

  it.each([
    ['GET', '/_control/clock'],
    ['GET', '/_control/outbox'],
    ['POST', '/_control/auth/sessions/s1/approve'],
    ['POST', '/_control/unsubscribe'],
    ['POST', '/_control/content/c1/send'],
  ])('%s %s touches only what the test made, or nothing', (method, path) => {
    expect(sharedStateChange(method, path)).toBeUndefined();
  });
});
