/**
 * The body rules the register adds to SILENT.md's (docs/spec-gaps-content.md,
 * "Bodies per kind"), on both sides of each limit, and the explanations a
 * refusal gives: "Messages name the problem for the writer and the field for
 * the developer, e.g. "entry 3 of the thread (body.tweets[2]) is 291
 * characters; the limit is 280"", a field of another kind named with its kind
 * and what this kind takes, and media refused with the register's words.
 */
import { expectError, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { textOfLength } from './arbitraries/bodies.js';
import { draftOf, tryCreate } from './support/content-api.js';

type Kind = Parameters<typeof draftOf>[1];

const linkedUrl = (length: number) => {
  const base = 'https://origin.example/';
  return base + 'p'.repeat(length - base.length);
};
const article = (canonicalUrl: unknown, body = 'b') => ({
  title: 'H',
  body: typeof canonicalUrl === 'string' ? `${body}\n\n[Originally published here](${canonicalUrl})` : body,
  canonicalUrl,
});

/** [kind, body, accepted, what]. */
const LIMITS: readonly [Kind, Record<string, unknown>, boolean, string][] = [
  ['newsletter', { subject: 's', body: textOfLength(100_000) }, true, 'a newsletter body of 100,000 characters'],
  ['newsletter', { subject: 's', body: textOfLength(100_001) }, false, 'a newsletter body of 100,001 characters'],
  ['newsletter', { subject: 's', body: 'b', preheader: textOfLength(500) }, true, 'a preheader of 500 characters'],
  ['newsletter', { subject: 's', body: 'b', preheader: textOfLength(501) }, false, 'a preheader of 501 characters'],
  ['newsletter', { subject: 's', body: 'b', preheader: ' \n' }, false, 'a blank preheader'],
  ['newsletter', { subject: 's', body: 'b', preheader: 5 }, false, 'a preheader that is not text'],
  ['newsletter', { subject: 'one\ntwo', body: 'b' }, false, 'a subject of two lines (LF)'],
  ['newsletter', { subject: 'one\rtwo', body: 'b' }, false, 'a subject of two lines (CR)'],
  ['x_article', { title: textOfLength(200), body: 'b' }, true, 'a headline of 200 characters'],
  ['x_article', { title: textOfLength(201), body: 'b' }, false, 'a headline of 201 characters'],
  ['x_article', article(linkedUrl(2048)), true, 'a linked canonicalUrl of 2,048 characters'],
  ['x_article', article(linkedUrl(2049)), false, 'a linked canonicalUrl of 2,049 characters'],
  ['x_article', article('http://origin.example/post'), true, 'a linked http canonicalUrl'],
  ['x_article', article('ftp://origin.example/post'), false, 'a linked ftp canonicalUrl'],
  ['x_article', article('mailto:writer@example.com'), false, 'a linked mailto canonicalUrl'],
  ['x_article', article('/relative/post'), false, 'a linked relative canonicalUrl'],
  ['x_article', article(42), false, 'a canonicalUrl that is not text'],
];

rule(
  ['content.body.newsletter-fields', 'content.body.article-headline', 'content.body.article-canonical-in-body', 'content.body.invalid-400'],
  "the register's limits hold on both sides: newsletter body 100,000, preheader 500 and not blank, subject one line, headline 200, canonicalUrl 2,048 and http(s)",
  async (ctx) => {
    for (const [kind, body, accepted, what] of LIMITS) {
      const res = await tryCreate(ctx, draftOf(ctx, kind, body));
      if (accepted) {
        if (res.status < 200 || res.status >= 300) fail(`${what} was refused (${res.status}): ${res.text.slice(0, 200)}`);
        expectStatus(res, '2xx');
      } else {
        if (res.status < 400) fail(`${what} was accepted (${res.status})`);
        expectError(res, 400);
      }
    }
  },
  { profile: 'reference-choices' },
);

/** [kind, body, what msg must contain, what]. */
const MESSAGES: readonly [Kind, unknown, readonly (string | RegExp)[], string][] = [
  ['tweet', { text: textOfLength(281) }, ['body.text', '281', '280'], 'a tweet over the limit'],
  ['tweet', { tweets: ['a', textOfLength(290)] }, ['entry 2', 'body.tweets[1]', '290', '280'], 'a thread entry over the limit'],
  ['tweet', { tweets: ['a', 7] }, ['body.tweets[1]'], 'a thread entry that is not text'],
  ['tweet', { text: '  ' }, ['body.text'], 'a blank tweet'],
  ['tweet', { tweets: Array.from({ length: 26 }, () => 'e') }, ['body.tweets', '26', '25'], 'a thread of 26 entries'],
  ['tweet', { tweets: [] }, ['body.tweets'], 'a thread of no entries'],
  ['tweet', { tweets: 'one' }, ['body.tweets'], 'a thread that is not a list'],
  ['linkedin', { text: textOfLength(3001) }, ['body.text', /3,?001/, /3,?000/], 'a LinkedIn text over the limit'],
  ['newsletter', { subject: textOfLength(999), body: 'b' }, ['body.subject', '999', '998'], 'a subject over the limit'],
  ['newsletter', { subject: 'one\ntwo', body: 'b' }, ['body.subject'], 'a subject of two lines'],
  ['newsletter', { subject: 's' }, ['body.body'], 'a newsletter without a body'],
  ['newsletter', { body: 'b' }, ['body.subject'], 'a newsletter without a subject'],
  ['newsletter', { subject: 's', body: 'b', preheader: textOfLength(501) }, ['body.preheader', '501', '500'], 'a preheader over the limit'],
  ['x_article', { title: textOfLength(201), body: 'b' }, ['body.title', '201', '200'], 'a headline over the limit'],
  ['x_article', { title: 'h' }, ['body.body'], 'an article without a body'],
  ['x_article', article(linkedUrl(2049)), ['body.canonicalUrl', /2,?049/, /2,?048/], 'a canonicalUrl over the limit'],
  ['x_article', article('ftp://origin.example/post'), ['body.canonicalUrl'], 'a canonicalUrl not http(s)'],
  ['x_article', article(42), ['body.canonicalUrl'], 'a canonicalUrl that is not text'],
  ['x_article', { title: 'h', body: 'b', canonicalUrl: 'https://origin.example/post' }, ['body.canonicalUrl'], 'a canonicalUrl not linked'],
  ['tweet', { text: 'x', subject: 's' }, ['subject', 'newsletter', 'tweets'], 'a newsletter field on a tweet'],
  ['tweet', { text: 'x', body: 'b' }, ['body', 'newsletter', 'x_article'], 'a field of two other kinds on a tweet'],
  ['newsletter', { subject: 's', body: 'b', text: 't' }, ['text', 'tweet', 'linkedin', 'preheader'], 'a tweet and LinkedIn field on a newsletter'],
  ['linkedin', { text: 'x', canonicalUrl: 'https://origin.example/' }, ['canonicalUrl', 'x_article', 'linkedin body takes text'], 'an article field on a LinkedIn post'],
  ['x_article', { title: 'h', body: 'b', extra: 1 }, ['extra', 'canonicalUrl'], 'an unknown field'],
  ['tweet', 'text', ['body', 'tweets'], 'a body that is not an object'],
  ['linkedin', undefined, ['body'], 'no body'],
];

async function refusal(ctx: RuleContext, kind: Kind, body: unknown) {
  const request = { ...draftOf(ctx, kind), body };
  if (body === undefined) delete (request as { body?: unknown }).body;
  return expectError(await tryCreate(ctx, request), 400);
}

rule(
  ['content.create.validates-body', 'content.body.foreign-field-400', 'content.create.unknown-in-body-400', 'content.create.text-only'],
  'a refusal names the field, the count and the limit; a field of another kind names its kind and what this kind takes; media is refused in the register\'s words',
  async (ctx) => {
    for (const [kind, body, parts, what] of MESSAGES) {
      const { msg } = await refusal(ctx, kind, body);
      for (const part of parts) {
        const found = typeof part === 'string' ? msg.includes(part) : part.test(msg);
        if (!found) fail(`${what}: the message "${msg}" does not mention ${String(part)}`);
      }
    }
    const text = 'drafts are text-only: media cannot be attached through the API';
    for (const kind of ['tweet', 'newsletter'] as const) {
      const { msg } = await refusal(ctx, kind, { ...(kind === 'tweet' ? { text: 'x' } : { subject: 's', body: 'b' }), media: [] });
      if (msg !== text) fail(`media inside a ${kind} body: the message is "${msg}", expected "${text}"`);
    }
  },
  { profile: 'reference-choices' },
);

rule(
  ['content.body.invalid-400', 'robustness.malformed.never-5xx'],
  'markdown nested past what can be read (20,000 levels of quotes and lists, within the length limit) is refused with 400, never a 5xx',
  async (ctx) => {
    const deep = `${'> - '.repeat(20_000)}x`;
    for (const [kind, body] of [
      ['newsletter', { subject: 's', body: deep }],
      ['x_article', { title: 'h', body: deep }],
    ] as const) {
      const res = await tryCreate(ctx, draftOf(ctx, kind, body));
      if (res.status !== 400) fail(`a ${kind} body nested 20,000 levels deep answered ${res.status}, expected 400: ${res.text.slice(0, 200)}`);
      expectError(res, 400);
    }
  },
  { profile: 'robustness' },
);
