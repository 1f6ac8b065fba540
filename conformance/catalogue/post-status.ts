/** The post life cycle: publishing, unpublishing, archiving and scheduling. */
import { defineRules } from './types.js';

export const postStatusRules = defineRules([
  {
    section: 'States and transitions › Post status',
    rules: [
      ['posts.status.draft-to-published', 'A draft updated with status published becomes published.'],
      ['posts.status.unpublish', 'A published post updated with status draft becomes a draft (unpublished).'],
      ['posts.status.unpublish-keeps-published-at', 'Unpublishing keeps publishedAt.'],
      ['posts.status.archive-from-any', 'A post in any status updated with status archived becomes archived.'],
      ['posts.status.live-edit', 'A published post updated with status published stays published (editing a live post).'],
      [
        'posts.schedule.draft-to-scheduled',
        'A never-published draft updated with a future scheduledAt (at most 30 days ahead) becomes scheduled.',
      ],
      ['posts.schedule.max-30-days', 'A scheduledAt more than 30 days ahead is refused.'],
      ['posts.schedule.future-only', 'A scheduledAt in the past is refused.'],
      ['posts.schedule.not-with-draft', 'scheduledAt combined with status draft is refused.'],
      ['posts.schedule.not-with-archived', 'scheduledAt combined with status archived is refused.'],
      [
        'posts.schedule.never-published-only',
        'Only a draft that was never published and is not already scheduled can be scheduled by update.',
      ],
      ['posts.schedule.reschedule-cancel-first', 'A scheduled post is rescheduled by cancelling first, then scheduling again.'],
      ['posts.schedule.cancel-null', 'scheduledAt null cancels the schedule of a scheduled post.'],
      [
        'posts.schedule.cancel-by-status',
        'A scheduled post updated with status published or archived and no scheduledAt has its schedule cancelled.',
      ],
      ['posts.schedule.draft-keeps', 'A scheduled post updated with status draft and no scheduledAt keeps its schedule.'],
      ['posts.schedule.publishes-at-time', 'A scheduled post is published when its scheduled time is reached.'],
      ['posts.schedule.zero-is-omitted', 'A scheduledAt of 0 is treated as omitted.'],
      [
        'posts.schedule.refused-400',
        'scheduledAt in the past, more than 30 days out, or with status draft or archived answers 400.',
        { source: 'SILENT.md ours' },
      ],
    ],
  },
  {
    section: 'States and transitions › Post status',
    source: 'SILENT.md ours',
    rules: [
      ['posts.status.archived-restore', 'An archived post updated with status draft becomes a draft; with status published it is published again, publishedAt kept.'],
      [
        'posts.status.edit-unpublishes',
        'A published post updated with a changed field but without status published becomes a draft (publishedAt kept); an update that changes nothing leaves it published.',
      ],
      ['posts.status.draft-stays', 'A draft updated with status draft stays a draft.'],
      ['posts.schedule.cancel-null-unscheduled', 'scheduledAt null on a post that is not scheduled changes nothing.'],
      ['posts.create.scheduled-at-null', 'scheduledAt null on create is the same as omitted.'],
      ['posts.update.published-at-not-scheduled', 'PUT publishedAt is refused with 400 when the post would end up scheduled: it is published at scheduledAt.'],
      ['posts.schedule.with-status-published', 'scheduledAt with status published schedules the post (on create and on a never-published draft).'],
      ['posts.schedule.edit-keeps', 'A scheduled post updated without status or scheduledAt keeps its schedule.'],
      // The three newsletter rules' tests also need the side-effects profile (they email subscribers).
      [
        'posts.schedule.publish-now-newsletter',
        "A scheduled post updated with status published publishes at once with that request's sendNewsletter, not the schedule's.",
      ],
      ['posts.schedule.cancel-drops-newsletter', 'Cancelling a schedule drops its newsletter.'],
      ['posts.schedule.edit-keeps-newsletter', 'An edit that keeps a schedule keeps its newsletter unless sendNewsletter is sent again.'],
      [
        'posts.schedule.cancel-clears',
        "A cancelled schedule leaves no time or newsletter behind: the post's analytics row has scheduled_at null and send_newsletter false.",
      ],
    ],
  },
  {
    section: 'States and transitions › Post status',
    profile: 'side-effects',
    rules: [
      ['posts.create.send-newsletter', 'sendNewsletter true on create emails all subscribers when the post publishes.'],
      ['posts.schedule.newsletter-at-publish', 'A scheduled post with sendNewsletter true sends the newsletter at its scheduled time.'],
    ],
  },
]);
