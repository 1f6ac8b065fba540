/** Events: the owner notification and newsletter sends. */
import { defineRules } from './types.js';

export const eventRules = defineRules([
  {
    section: 'Events',
    rules: [
      ['events.new-subscriber.off', 'With emailNotifications.newSubscriber false, a new subscriber emails nobody.'],
      ['events.newsletter.not-without-flag', 'A post published without sendNewsletter sends no newsletter.'],
      ['events.drafts.never-sent', 'Drafts created through the API are never sent, posted or scheduled by the API itself.', { section: 'What the service does' }],
    ],
  },
  {
    section: 'Events',
    profile: 'side-effects',
    rules: [
      ['events.new-subscriber.notify', 'With emailNotifications.newSubscriber true, the writer is emailed on a new free subscriber.'],
      ['events.newsletter.on-publish', 'sendNewsletter sends the newsletter when the post publishes, immediately or at its scheduled time.'],
    ],
  },
]);
