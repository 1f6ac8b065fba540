/** The test-control API. */
import type { Area } from './area.js';

export const controlAreas: readonly Area[] = [
  {
    name: 'control',
    mutate: ['reference/src/control/**/*.ts'],
    // The control profile's rules; the test-newsletter rules find the owner's address, or a publication without one, in /_control/publications.
    filter: ['control.', 'test-newsletter.send.to-owner', 'test-newsletter.send.no-owner-email'],
    unitTests: {
      files: ['reference/src/control/guard.http.test.ts', 'reference/src/control/listings.http.test.ts', 'reference/src/control/clock.http.test.ts'],
      why:
        "the guard's token check, and control routes that must not read it as an API key, show only under --control-token, which the suite's in-process target does not set; " +
        'a capability, removed member or unavailable segment left out of the control lists has the suite skip the tests that need it, not fail them; ' +
        "the reset's answer is the reference's own (DESIGN.md fixes the route); " +
        'an advance to the very end of the clock would run every due task of a shared target, which the suite must not do',
    },
  },
];
