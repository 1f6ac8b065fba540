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
  {
    section: 'Events',
    source: 'SILENT.md ours',
    rules: [
      [
        'events.new-subscriber.content',
        'The owner notification\'s subject is "New subscriber to <publication>"; it names the subscriber\'s address (or wallet), says why it came (new-subscriber notifications are on) and labels its link "Turn off new-subscriber notifications"; a subscriber of a publication whose owner has no address is added and emails nobody.',
      ],
    ],
  },
]);
