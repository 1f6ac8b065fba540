/** Custom email: POST /v1/emails/send. */
import { defineRules } from './types.js';

export const emailRules = defineRules([
  {
    section: 'Endpoints › Custom email',
    rules: [
      ['emails.send.response', 'POST /v1/emails/send answers 200 {accepted: integer, skipped: [{email, reason}]}.'],
      ['emails.send.required-fields', 'subject, body and emails are required.'],
      ['emails.send.subject-length', 'subject is 1..998 characters.'],
      ['emails.send.body-length', 'body is 1..100000 characters.'],
      ['emails.send.emails-count', 'emails holds 1..10000 addresses.'],
      ['emails.dry-run.no-delivery', 'dryRun filters and returns the split without scheduling delivery.'],
      ['emails.accepted.count', 'accepted counts the recipients queued, or that would be queued on a dry run.'],
      ['emails.skip.invalid', 'Malformed addresses are skipped (reason invalid) and returned in skipped.'],
      ['emails.skip.disposable', 'Addresses at known disposable domains are skipped and returned in skipped.'],
      ['emails.skip.suppressed', 'Addresses that unsubscribed earlier are skipped as suppressed.'],
      ['emails.skip.scheduling-failed', 'scheduling_failed means filtering passed but queuing failed and the address should be retried.'],
      ['emails.send.not-approved-403', 'A publication not approved for custom emails gets 403.'],
      ['emails.send.accepted-not-delivered', 'Sending is asynchronous: a 200 means accepted, not delivered.'],
      ['emails.send.unavailable-503', 'A publication temporarily unable to send gets 503.', { source: 'SILENT.md public' }],
    ],
  },
  {
    section: 'Endpoints › Custom email',
    profile: 'side-effects',
    rules: [
      ['emails.send.individual', 'Each recipient gets an individual email with a mandatory unsubscribe footer.'],
      ['emails.send.markdown-rendered', 'body is Markdown rendered to HTML server-side.'],
      ['emails.skip.nothing-delivered', 'Skipped recipients are sent nothing.'],
    ],
  },
  {
    section: 'Endpoints › Custom email',
    source: 'SILENT.md ours',
    rules: [
      ['emails.send.unknown-property-400', 'An unknown property (such as a misspelt dryRun) is refused with 400, and nothing is sent.'],
      ['emails.skip.disposable-as-invalid', 'A disposable domain is reported with the reason invalid.'],
      ['emails.skip.duplicates-once', 'An address repeated in one request (in any case) counts once: one outcome, one email.'],
      ['emails.delivery.on-clock', 'Queued emails are delivered on the clock a moment after they were queued (control API: deliveredAt).'],
      [
        'emails.unsubscribe.link',
        "Each email's unsubscribe link opens a page; POSTing to it (one-click) suppresses the address for that publication.",
      ],
      [
        'emails.newsletter.eligible-once',
        'A newsletter goes exactly once to each active subscriber with an email, to no suppressed address, and never again for the same post.',
      ],
    ],
  },
]);
