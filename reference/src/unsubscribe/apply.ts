/**
 * What following an unsubscribe link does: for a reader, suppress the
 * address for that publication (later newsletters and custom emails skip
 * it; the subscriber leaves the active list); for the owner's notification,
 * turn new-subscriber notifications off. Repeating it changes nothing.
 */
import type { State } from '../state.js';
import type { TokenEntry } from './tokens.js';

declare module '../events.js' {
  interface EventMap {
    'subscriber.unsubscribed': { publicationId: string; email: string; subscriberId: string | null; at: number };
  }
}

export function applyUnsubscribe(state: Pick<State, 'clock' | 'events' | 'publications' | 'subscribers'>, entry: TokenEntry): { changed: boolean } {
  const now = state.clock.now();
  if (entry.purpose === 'owner') {
    const publication = state.publications.require(entry.publicationId);
    if (!publication.emailNotifications.newSubscriber) return { changed: false };
    state.publications.update(entry.publicationId, { emailNotifications: { newSubscriber: false } });
    return { changed: true };
  }
  return unsubscribeAddress(state, entry.publicationId, entry.email, now);
}

export function unsubscribeAddress(state: Pick<State, 'events' | 'subscribers'>, publicationId: string, email: string, now: number): { changed: boolean } {
  const { created } = state.subscribers.suppressions.suppress(publicationId, email, now);
  if (created) {
    const subscriberId = state.subscribers.findByEmail(publicationId, email)?.id ?? null;
    state.events.emit('subscriber.unsubscribed', { publicationId, email, subscriberId, at: now });
  }
  return { changed: created };
}
