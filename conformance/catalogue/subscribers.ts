/** Subscribers: adding, removing, and the extended list and count. */
import { defineRules } from './types.js';

export const subscriberRules = defineRules([
  {
    section: 'Endpoints › Subscribers',
    rules: [
      ['subscribers.add.response', 'POST /v1/subscribers answers 200 {success: true}.'],
      ['subscribers.add.email-or-wallet', 'POST /v1/subscribers needs at least one of email or wallet.'],
      ['subscribers.add.email-format', 'A subscriber email must be an email address.'],
      ['subscribers.add.wallet-format', 'A subscriber wallet must match ^0x[a-fA-F0-9]{40}$.'],
      ['subscribers.add.created-at', 'createdAt (Unix ms) is optional and defaults to now.'],
      ['subscribers.add.no-duplicate', 'An existing subscriber (by email or by wallet) is not duplicated.'],
      ['subscribers.add.both-credentials', 'A subscriber given both an email and a wallet is associated with both.'],
      ['subscribers.delete.response', 'DELETE /v1/subscribers answers 200 {success: true}.'],
      ['subscribers.delete.email-or-wallet', 'DELETE /v1/subscribers needs at least one of email or wallet.'],
      ['subscribers.delete.same-subscriber', 'DELETE with both email and wallet requires both to resolve to the same subscriber.'],
      ['subscribers.delete.hard', 'Deleting a subscriber is a hard delete.'],
    ],
  },
  {
    section: 'SILENT.md › Endpoints beyond SPEC.md',
    source: 'SILENT.md public',
    profile: 'extended',
    rules: [
      [
        'subscribers.list.page',
        'GET /v1/subscribers pages active subscribers, newest first; items are {email?, walletAddress?, createdAt (Unix ms)}.',
      ],
      ['subscribers.count.get', 'GET /v1/publications/{publicationId}/subscribers/count answers {count}.'],
    ],
  },
  {
    section: 'Production OpenAPI › Subscribers',
    source: 'production OpenAPI',
    profile: 'extended',
    rules: [
      [
        'subscribers.count.public',
        "The subscriber count needs no API key: any publication's count answers {count} without one, and an unknown publication 404.",
      ],
    ],
  },
  {
    section: 'Endpoints › Subscribers',
    source: 'SILENT.md ours',
    rules: [
      ['subscribers.add.conflict-400', 'An email and a wallet of two different subscribers are refused with 400, and nothing changes.'],
      [
        'subscribers.add.other-credential-400',
        'Adding a wallet to the email of a subscriber that already has a different wallet (or an email to the wallet of one that has a different email) is refused with 400, and nothing changes.',
      ],
      ['subscribers.add.created-at-future-400', 'A createdAt in the future is refused with 400.'],
      ['subscribers.add.case-insensitive', 'Emails and wallets are compared case-insensitively: a different case finds the same subscriber.'],
      ['subscribers.list.ties', 'Subscribers with the same createdAt are listed the one added last first (ties by subscriber id, descending).'],
      ['subscribers.delete.unknown-404', 'DELETE of an email or a wallet (or both) that no subscriber has answers 404.'],
      ['subscribers.delete.mismatch-400', 'DELETE with an email and a wallet of different subscribers, or of which one is unknown, answers 400, and nothing changes.'],
      [
        'subscribers.suppressed.inactive',
        'An unsubscribed address leaves the subscriber list and the count; adding it again through the API does not re-subscribe it.',
      ],
      [
        'subscribers.suppressed.whole-subscriber',
        'A subscriber whose email is unsubscribed is inactive as a whole: attaching an unsubscribed email to a wallet-only subscriber takes it out of the list and the count.',
      ],
      [
        'subscribers.suppressed.once',
        'Unsubscribing an address again changes nothing: POST /_control/unsubscribe answers changed true the first time and false after, and the suppression keeps its first time; GET /_control/suppressions lists them newest first.',
      ],
      [
        'subscribers.suppressed.lift',
        'Lifting a suppression through the control API (DELETE /_control/suppressions) brings its subscriber back into the list and the count; a suppression that does not exist (also of an unknown publication) answers 404.',
      ],
    ],
  },
]);
