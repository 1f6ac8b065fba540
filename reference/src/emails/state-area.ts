/**
 * The subscriber and email stores as one part of State (state.ts spreads it
 * in), plus the listeners that connect them to the other areas.
 */
import type { Clock } from '../clock.js';
import type { Events } from '../events.js';
import { SubscriberStore } from '../subscribers/store.js';
import { SuppressionStore } from '../subscribers/suppressions.js';
import { EmailArea } from './area.js';

export { attachEmailEffects } from './effects.js';

export interface SubscriberEmailArea {
  readonly subscribers: SubscriberStore;
  readonly emails: EmailArea;
}

export function createSubscriberEmailArea(deps: { seed: number; clock: Clock; events: Events; baseUrl: () => string }): SubscriberEmailArea {
  const now = () => deps.clock.now();
  return {
    subscribers: new SubscriberStore(deps.events, now, new SuppressionStore()),
    emails: new EmailArea(deps.seed, deps.clock, deps.events, deps.baseUrl),
  };
}
