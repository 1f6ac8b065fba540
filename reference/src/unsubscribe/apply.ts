/**
 * What following an unsubscribe link does: for a reader, suppress the
 * address for that publication (later newsletters and custom emails skip
 * it; the subscriber leaves the active list); for the owner's notification,
 * turn new-subscriber notifications off. Repeating it changes nothing.
 */
import type { State } from '../state.js';
import type { TokenEntry } from './tokens.js';

export function applyUnsubscribe(state: Pick<State, 'clock' | 'publications' | 'subscribers'>, entry: TokenEntry): { changed: boolean } {
  const now = state.clock.now();
  if (entry.purpose === 'owner') {
    const publication = state.publications.require(entry.publicationId);
    if (!publication.emailNotifications.newSubscriber) return { changed: false };
    state.publications.update(entry.publicationId, { emailNotifications: { newSubscriber: false } });
    return { changed: true };
  }
  return unsubscribeAddress(state, entry.publicationId, entry.email, now);
}

/** Whoever follows the suppression (the active list, analytics) watches the suppressions, not this. */
export function unsubscribeAddress(state: Pick<State, 'subscribers'>, publicationId: string, email: string, now: number): { changed: boolean } {
  return { changed: state.subscribers.suppressions.suppress(publicationId, email, now).created };
}
