/**
 * What a sequence may do on this target. Against a target without the
 * control API (a live service) it makes drafts only, moves no clock, reads
 * no fixture data and queues no sends: the same safety as the rule suites.
 */
export interface SequenceScope {
  /** Both sides start from the same fixtures (the target was reset to the reference's seed). */
  sameFixtures: boolean;
  /** The target's clock can be frozen and moved through /_control/clock. */
  clock: boolean;
  /** Publishing and scheduling are allowed (a reset target nobody reads). */
  publishes: boolean;
  /** The web app's content sends through /_control (content-sends capability). */
  contentSends: boolean;
}

export const LIVE_SCOPE: SequenceScope = { sameFixtures: false, clock: false, publishes: false, contentSends: false };
export const FULL_SCOPE: SequenceScope = { sameFixtures: true, clock: true, publishes: true, contentSends: true };
