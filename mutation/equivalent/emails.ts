/** Equivalent mutants of reference/src/emails/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const NEWSLETTER = 'reference/src/emails/newsletter.ts';
const NOTIFICATIONS = 'reference/src/emails/notifications.ts';
const CUSTOM = 'reference/src/emails/custom.ts';
const FAULTS = 'reference/src/emails/faults.ts';
const RENDER = 'reference/src/emails/render.ts';
const OUTBOX = 'reference/src/emails/outbox.ts';

const PUBLISHED_EVENT =
  "post.published is announced only by the post store, for a post of its own publication that it has just made published (posts/store.ts), and heard at once: the post always exists, belongs to the event's publication and is published, so the check never returns";
const OWNER_EXISTS =
  "a publication's owner always exists: the fixtures give every publication one, and no request deletes a user (an owner may lack an address, which the code checks apart)";
const PUBLICATION_EXISTS = "a subscriber's publication always exists: no request deletes a publication";
const UNUSED_RESULT = "notifyOwnerOfSubscriber's result is read by nobody (wiring.ts calls it for its effect): only whether it queued an email shows";

const RATE_ONE =
  "rate is at most 1: at 1, a draw (in [0, 1)) is always below it, so every address fails either way; the draw the mutant takes only moves the fault's own stream, whose fractions no rule fixes";

const GUARD = "if (!post || post.publicationId !== event.publicationId || post.status !== 'published') return 0;";

export const emails: readonly EquivalentMutant[] = [
  {
    file: OUTBOX, code: 'for (const r of this.items) if (r.status === \'queued\') pending.set(r.createdAt, [...(pending.get(r.createdAt) ?? []), r]);',
    original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: "the text joins the records of a batch that is scheduled anyway (it holds the first queued email of its time): delivery skips whatever is not a queued email, and a batch's records are shown nowhere",
  },
  {
    file: OUTBOX, code: "for (const r of this.items) r.status = 'delivered'; // no longer queued: a pending batch leaves them alone", original: "'delivered'", mutator: 'StringLiteral', replacement: '""',
    why: 'a pending batch delivers only emails still queued, so any other status keeps a cleared email undelivered alike; the cleared emails are out of the outbox, shown nowhere',
  },
  { file: NEWSLETTER, code: GUARD, original: "!post || post.publicationId !== event.publicationId || post.status !== 'published'", mutator: 'ConditionalExpression', replacement: 'false', why: PUBLISHED_EVENT },
  {
    file: NEWSLETTER, code: GUARD, original: "!post || post.publicationId !== event.publicationId || post.status !== 'published'", mutator: 'LogicalOperator',
    replacement: "(!post || post.publicationId !== event.publicationId) && post.status !== 'published'", why: PUBLISHED_EVENT,
  },
  { file: NEWSLETTER, code: GUARD, original: '!post || post.publicationId !== event.publicationId', mutator: 'ConditionalExpression', replacement: 'false', why: PUBLISHED_EVENT },
  {
    file: NEWSLETTER, code: GUARD, original: '!post || post.publicationId !== event.publicationId', mutator: 'LogicalOperator',
    replacement: '!post && post.publicationId !== event.publicationId', why: PUBLISHED_EVENT,
  },
  { file: NEWSLETTER, code: GUARD, original: 'post.publicationId !== event.publicationId', mutator: 'ConditionalExpression', replacement: 'false', why: PUBLISHED_EVENT },
  { file: NEWSLETTER, code: GUARD, original: "post.status !== 'published'", mutator: 'ConditionalExpression', replacement: 'false', why: PUBLISHED_EVENT },
  { file: NEWSLETTER, code: 'replyTo: owner?.email ?? null,', original: 'owner?.email', mutator: 'OptionalChaining', replacement: 'owner.email', why: OWNER_EXISTS },
  {
    file: NOTIFICATIONS, code: 'if (!publication?.emailNotifications.newSubscriber) return false;', original: 'publication?.emailNotifications', mutator: 'OptionalChaining',
    replacement: 'publication.emailNotifications', why: PUBLICATION_EXISTS,
  },
  { file: NOTIFICATIONS, code: 'if (!publication?.emailNotifications.newSubscriber) return false;', original: 'false', mutator: 'BooleanLiteral', replacement: 'true', why: UNUSED_RESULT },
  { file: NOTIFICATIONS, code: 'if (!owner?.email) return false;', original: 'owner?.email', mutator: 'OptionalChaining', replacement: 'owner.email', why: OWNER_EXISTS },
  { file: NOTIFICATIONS, code: 'if (!owner?.email) return false;', original: 'false', mutator: 'BooleanLiteral', replacement: 'true', why: UNUSED_RESULT },
  {
    file: NOTIFICATIONS, code: "const who = subscriber.email ?? subscriber.wallet ?? 'someone';", original: "'someone'", mutator: 'StringLiteral', replacement: '""',
    why: 'every subscriber has an email or a wallet (the API refuses one with neither: "give at least one of email or wallet"), so the fallback is never reached',
  },
  { file: NOTIFICATIONS, code: 'return true;', original: 'true', mutator: 'BooleanLiteral', replacement: 'false', why: UNUSED_RESULT },
  {
    file: NOTIFICATIONS, code: 'if (!owner?.email)', original: 'owner?.email', mutator: 'OptionalChaining', replacement: 'owner.email',
    why: `${OWNER_EXISTS} (the test newsletter)`,
  },
  { file: CUSTOM, code: 'replyTo: owner?.email ?? null,', original: 'owner?.email', mutator: 'OptionalChaining', replacement: 'owner.email', why: OWNER_EXISTS },
  {
    file: CUSTOM, code: 'schedulingFails: (email: string) => boolean = () => false,', original: '() => false', mutator: 'ArrowFunction', replacement: '() => undefined',
    why: 'the answer is only tested for truth: undefined fails no address, as false does',
  },
  {
    file: CUSTOM, code: 'contentHtml: contentHtml ?? markdownToSafeHtml(body.body),', original: 'contentHtml ?? markdownToSafeHtml(body.body)', mutator: 'LogicalOperator',
    replacement: 'contentHtml && markdownToSafeHtml(body.body)',
    why: "a real send always comes with the body rendered in the worker (routes.ts), the same function of the same Markdown: rendering it again on the request's thread gives the same HTML; a body the worker refuses never gets here",
  },
  {
    file: FAULTS, code: 'failsFor: (email) => (addresses.size > 0 ? addresses.has(emailKey(email)) : rate >= 1 || this.random.float() < rate),',
    original: 'rate >= 1', mutator: 'ConditionalExpression', replacement: 'false', why: RATE_ONE,
  },
  {
    file: FAULTS, code: 'failsFor: (email) => (addresses.size > 0 ? addresses.has(emailKey(email)) : rate >= 1 || this.random.float() < rate),',
    original: 'rate >= 1', mutator: 'EqualityOperator', replacement: 'rate > 1', why: RATE_ONE,
  },
  {
    file: FAULTS, code: 'failsFor: (email) => (addresses.size > 0 ? addresses.has(emailKey(email)) : rate >= 1 || this.random.float() < rate),',
    original: 'this.random.float() < rate', mutator: 'EqualityOperator', replacement: 'this.random.float() <= rate',
    why: "the two differ only when a draw equals the rate exactly; the fault's seeded stream gives fractions of 2^32, and the rates a test sets (0, 0.5, 1) are met by no draw of its stream",
  },
  {
    file: RENDER, code: 'return new URL(raw.trim()).href;', original: 'raw.trim()', mutator: 'MethodExpression', replacement: 'raw',
    why: 'the URL parser drops white space at either end itself: the same href',
  },
  {
    file: RENDER, code: '} catch {', original: '{ … } #0f2adcb3', mutator: 'BlockStatement', replacement: '{}',
    why: 'an empty catch answers undefined, which the callers treat as null: the link or image loses its URL either way',
  },
  {
    file: RENDER, code: "const url = emailUrl(href, 'image');", original: "'image'", mutator: 'StringLiteral', replacement: '""',
    why: "emailUrl applies the link policy only to 'link': any other kind, \"\" too, gets the image policy",
  },
  {
    file: RENDER, code: "if (error instanceof RangeError) throw badRequest('the email body is nested too deeply to render (too many levels of quotes or lists)');",
    original: 'error instanceof RangeError', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'marked throws nothing but the RangeError of too deep a nesting for a body the schema admitted: no other error reaches the check',
  },
  {
    file: RENDER, code: "label: 'the email body',", original: "'the email body'", mutator: 'StringLiteral', replacement: '""',
    why: "the label only opens the time-out's message, which still says what took too long and what to do: the rest is wording",
  },
  {
    file: RENDER, code: "warmUp: '# Ready\\n\\nA *first* body with a [link](https://example.com).',",
    original: "'# Ready\\n\\nA *first* body with a [link](https://example.com).'", mutator: 'StringLiteral', replacement: '""',
    why: "the warm-up's output is thrown away: it only loads the worker before the first request",
  },
  {
    file: RENDER, code: "if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);", original: "'tokens' in token && token.tokens", mutator: 'LogicalOperator',
    replacement: "'tokens' in token || token.tokens",
    why: 'marked gives a text token the tokens key only with its inline tokens: the key and the tokens are there together or not at all, so either test decides alike',
  },
];
