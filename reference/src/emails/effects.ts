/**
 * What the email area does when other areas announce something: a post
 * published -> its newsletter; a subscriber added through the API -> the
 * owner's notification. Wired once per State, before the fixtures load.
 */
import type { State } from '../state.js';
import { fanOutNewsletter } from './newsletter.js';
import { notifyOwnerOfSubscriber } from './notifications.js';

export function attachEmailEffects(state: State): void {
  state.events.on('post.published', (event) => {
    fanOutNewsletter(state, event);
  });
  state.events.on('subscriber.added', (event) => {
    // Imports do not notify: one email per imported row would bury the owner.
    if (event.source !== 'api') return;
    const subscriber = state.subscribers.get(event.publicationId, event.subscriberId);
    if (subscriber && state.subscribers.isActive(subscriber)) notifyOwnerOfSubscriber(state, subscriber);
  });
}
