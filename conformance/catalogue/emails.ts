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
      [
        'emails.skip.invalid-pattern',
        "An address is well-formed when it matches the pattern of zod's z.email() (letters A to Z only) in at most 254 characters; any other is skipped as invalid, also one that is another recipient's address in Unicode case folding (docs/spec-gaps-subscribers-emails.md).",
      ],
      [
        'emails.skip.disposable-subdomains',
        'A subdomain of a domain on the wildcard list of disposable-email-domains is disposable (skipped as invalid); a domain that only ends in the same letters is not.',
      ],
      ['emails.delivery.on-clock', 'Queued emails are delivered on the clock a moment after they were queued (control API: deliveredAt).'],
      [
        'emails.unsubscribe.link',
        "Each email's unsubscribe link opens a page; POSTing to it (one-click) suppresses the address for that publication.",
      ],
      ['emails.unsubscribe.page-names', "The unsubscribe page (headed \"Unsubscribe\") names the address and what the link stops (emails from the publication), HTML-escaped, in the publication's site frame (linking its page /@slug), with a form posting to the link; its token is 32 url-safe characters, and the page needs no API key and reads none."],
      [
        'emails.unsubscribe.cross-site',
        "A POST to an unsubscribe link that a browser says another site sent (a foreign or null Origin, Sec-Fetch-Site cross-site or same-site) is refused with 403 (a page headed \"Not unsubscribed\") and changes nothing; the page's own form and a mail client's POST are taken (\"Unsubscribed\").",
      ],
      [
        'emails.unsubscribe.one-link-any-case',
        'An address emailed again in other letter case gets the same unsubscribe link, whose page names the address as it was first written.',
      ],
      ['emails.unsubscribe.done', 'Once the address is unsubscribed, its page says "Already unsubscribed" without a form; posting the link again changes nothing.'],
      ['emails.unsubscribe.unknown-404', 'An unsubscribe link with an unknown token answers 404, on GET and on POST, with a page titled and headed "Link not valid".'],
      ['emails.unsubscribe.owner-notification', "The owner notification's unsubscribe link turns the publication's emailNotifications.newSubscriber off."],
      [
        'emails.unsubscribe.control',
        "POST /_control/unsubscribe with a link's {token}, or with {publicationId, email}, unsubscribes like the link and answers {success, changed, purpose, publicationId, email}; changed is false when nothing changed; an unknown token or publication answers 404.",
      ],
      [
        'emails.newsletter.content',
        'A newsletter\'s subject is the post title; its HTML heads with the title, then the subtitle, the post body and, when publishOnline, a "Read online" link to the post\'s page (/@{publication slug}/{post slug}); its text says the same in plain text; its preheader is the subtitle, else the preview; its footer says the reader subscribed to the publication.',
      ],
      ['emails.newsletter.order', 'A newsletter is queued to the oldest subscriber first.'],
      [
        'emails.sender.from-reply-to',
        'Every email is from "<publication name>" <<slug>@newsletter.example.com> (the name quoted: line breaks one space, quotes and backslashes escaped); newsletters, test newsletters and custom emails reply to the owner\'s address, owner notifications to nobody.',
      ],
      [
        'emails.send.content',
        "A custom email's subject is the request's on one line (line breaks and tabs one space), its text the Markdown as sent, its footer \"You are receiving this email from <publication>.\"; it records the recipient's subscriberId when the address is a subscriber's.",
      ],
      ['emails.send.headers', "Every email carries its unsubscribe link as List-Unsubscribe: <link> (RFC 2369) and in its HTML and text, each recipient's own, and Message-ID: <its id@newsletter.example.com>."],
      [
        'emails.send.body-too-deep-400',
        'A body that nests quotes and lists deeper than its Markdown renderer can go is refused with 400 and nothing is queued; a dry run does not render the body and answers 200.',
      ],
      [
        'emails.send.markdown-safe',
        "A custom email's raw HTML is shown as text, never passed through; links keep only absolute http, https, mailto and tel URLs, images only absolute http(s) ones; any other loses its link, keeping its text (an image its alt text).",
      ],
      [
        'emails.send.layout',
        "Every email's HTML is one document (doctype, UTF-8, a viewport) holding the message, a rule and the footer (why the reader gets it, then the unsubscribe link); its text is the message, a line '-- ', why, and '<link label>: <link>'.",
      ],
      [
        'emails.control.approval',
        "POST /_control/publications/{publicationId}/custom-email {approved} sets whether the publication may send custom emails and answers {publicationId, customEmailApproved}; an unknown publication answers 404.",
      ],
      ['emails.outbox.ids', "An email's id is em_ and 8 digits; the emails of one custom-email request share its requestId, ce_ and 6 digits, another request's differs."],
      [
        'emails.newsletter.eligible-once',
        'A newsletter goes exactly once to each active subscriber with an email, to no suppressed address, and never again for the same post.',
      ],
    ],
  },
]);
