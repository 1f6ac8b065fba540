/** When each suppressed address of a publication was suppressed (unsubscribed_at, is_unsubscribed). */
import { emailKey } from '../../subscribers/address.js';
import type { State } from '../../state.js';

export interface SuppressionTimes {
  /** Unix ms of the address's suppression, or null when it is not suppressed. */
  of(email: string): number | null;
}

export function suppressionTimes(state: Pick<State, 'subscribers'>, publicationId: string): SuppressionTimes {
  const times = new Map<string, number>();
  for (const s of state.subscribers.suppressions.list(publicationId)) times.set(emailKey(s.email), s.suppressedAt);
  return { of: (email) => times.get(emailKey(email)) ?? null };
}
