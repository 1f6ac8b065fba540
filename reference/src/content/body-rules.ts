/**
 * The body of a content piece, checked as the web app checks it, with
 * messages that explain the problem the way a writer would understand it
 * ("entry 3 of the thread is 291 characters; the limit is 280"), each naming
 * the field for the developer too.
 *
 * The limits come from the contract (schemas/content.ts); a unit test checks
 * that these rules and the contract's schemas accept exactly the same bodies.
 */
import {
  CONTENT_LIMITS as L,
  characterCount,
  fitsCharacters,
  type ContentBodyOf,
  type ContentBodyT,
  type ContentKind,
} from '../../../schemas/content.js';
import { badRequest } from '../errors.js';
import { noteFirstLine } from './excerpt.js';
import { markdownLinkTargets, type MarkdownReading } from './markdown-text.js';
import { isPlainObject, listing, num, typeName } from './wording.js';

export const BODY_FIELDS: Record<ContentKind, readonly string[]> = {
  tweet: ['text', 'tweets'],
  linkedin: ['text'],
  newsletter: ['subject', 'body', 'preheader'],
  x_article: ['title', 'body', 'canonicalUrl'],
};

/** What a body of each kind takes, for messages. */
export const BODY_TAKES: Record<ContentKind, string> = {
  tweet: 'a tweet body takes text (one post) or tweets (a thread)',
  linkedin: 'a linkedin body takes text',
  newsletter: 'a newsletter body takes subject, body (markdown) and an optional preheader',
  x_article: 'an x_article body takes title (the headline), body (CommonMark) and an optional canonicalUrl',
};

export const TEXT_ONLY_MESSAGE = 'drafts are text-only: media cannot be attached through the API';

/** A markdown body as a worker read it (readMarkdownInWorker), so this thread need not. */
export interface BodyReading {
  markdown: string;
  reading: MarkdownReading;
}

/** The markdown a request's body of `kind` carries, when it has some within its limit to read ahead (anything else is the parse's to refuse). */
export function markdownToRead(kind: unknown, raw: unknown): string | null {
  if ((kind !== 'newsletter' && kind !== 'x_article') || !isPlainObject(raw) || typeof raw.body !== 'string') return null;
  return fitsCharacters(raw.body, kind === 'newsletter' ? L.newsletterBodyMax : L.articleBodyMax) ? raw.body : null;
}

/**
 * Parse the body of a piece of `kind`, or throw 400 with the first problem.
 * Returns a clean copy. `read`: its markdown as a worker read it, when it was.
 */
export function parseContentBody<K extends ContentKind>(kind: K, raw: unknown, read?: BodyReading): ContentBodyOf[K];
export function parseContentBody(kind: ContentKind, raw: unknown, read?: BodyReading): ContentBodyT {
  if (raw === undefined) throw badRequest(`body is required: ${BODY_TAKES[kind]}`);
  if (!isPlainObject(raw)) throw badRequest(`body must be an object, not ${typeName(raw)}: ${BODY_TAKES[kind]}`);
  checkFields(kind, raw);
  switch (kind) {
    case 'tweet':
      return tweetBody(raw);
    case 'linkedin':
      return { text: text(raw.text, L.linkedinMax, 'the LinkedIn post', 'body.text', 'a linkedin body needs text') };
    case 'newsletter':
      return newsletterBody(raw, read);
    case 'x_article':
      return articleBody(raw, read);
  }
}

function checkFields(kind: ContentKind, raw: Record<string, unknown>): void {
  const keys = Object.keys(raw);
  if (keys.includes('media')) throw badRequest(TEXT_ONLY_MESSAGE);
  for (const key of keys) {
    if (BODY_FIELDS[kind].includes(key)) continue;
    const owners = (Object.keys(BODY_FIELDS) as ContentKind[]).filter((k) => BODY_FIELDS[k].includes(key));
    if (owners.length > 0) throw badRequest(`${key} is a ${listing(owners)} field; ${BODY_TAKES[kind]}`);
    throw badRequest(`unknown property in body: ${key}; ${BODY_TAKES[kind]}`);
  }
}

/**
 * A writer's text: present, a string, not blank, within `max` characters.
 * `what` names it for the writer ("the tweet"), `field` for the developer.
 */
function text(value: unknown, max: number, what: string, field: string, missing: string): string {
  if (value === undefined) throw badRequest(missing);
  if (typeof value !== 'string') throw badRequest(`${what} (${field}) must be text, not ${typeName(value)}`);
  if (value.trim() === '')
    throw badRequest(`${what} (${field}) is empty${value.length > 0 ? ' (only whitespace)' : ''}`);
  if (!fitsCharacters(value, max))
    throw badRequest(`${what} (${field}) is ${num(characterCount(value))} characters; the limit is ${num(max)}`);
  return value;
}

function tweetBody(raw: Record<string, unknown>): ContentBodyOf['tweet'] {
  const hasText = raw.text !== undefined;
  const hasThread = raw.tweets !== undefined;
  if (hasText && hasThread)
    throw badRequest('a tweet body takes text (one post) or tweets (a thread), not both');
  if (!hasText && !hasThread) throw badRequest('a tweet body needs text (one post) or tweets (a thread)');
  if (hasText) return { text: text(raw.text, L.tweetMax, 'the tweet', 'body.text', '') };
  const entries = raw.tweets;
  if (!Array.isArray(entries))
    throw badRequest(`body.tweets must be a list of the thread's entries, not ${typeName(entries)}`);
  if (entries.length < L.threadMin)
    throw badRequest('the thread (body.tweets) has no entries; give at least 1, or use text for a single post');
  if (entries.length > L.threadMax)
    throw badRequest(`the thread (body.tweets) has ${entries.length} entries; the limit is ${L.threadMax}`);
  const tweets = entries.map((entry, i) =>
    text(entry, L.tweetMax, `entry ${i + 1} of the thread`, `body.tweets[${i}]`, ''),
  );
  return { tweets };
}

/** The worker's reading of `markdown`, if it read this very text. */
const readingOf = (markdown: string, read: BodyReading | undefined) => (read?.markdown === markdown ? read.reading : undefined);

function newsletterBody(raw: Record<string, unknown>, read: BodyReading | undefined): ContentBodyOf['newsletter'] {
  const subject = text(raw.subject, L.newsletterSubjectMax, 'the subject', 'body.subject', 'a newsletter needs a subject (body.subject)');
  if (/[\r\n]/.test(subject)) throw badRequest('the subject (body.subject) must be one line');
  const body = text(raw.body, L.newsletterBodyMax, 'the newsletter body', 'body.body', 'a newsletter needs a body (body.body, markdown)');
  const out: ContentBodyOf['newsletter'] = { subject, body };
  if (raw.preheader !== undefined)
    out.preheader = text(raw.preheader, L.newsletterPreheaderMax, 'the preheader', 'body.preheader', '');
  const reading = readingOf(body, read);
  if (reading) noteFirstLine(out, reading.firstLine);
  return out;
}

function articleBody(raw: Record<string, unknown>, read: BodyReading | undefined): ContentBodyOf['x_article'] {
  const title = text(raw.title, L.articleHeadlineMax, 'the headline', 'body.title', 'an X Article needs a headline (body.title)');
  const body = text(raw.body, L.articleBodyMax, 'the article body', 'body.body', 'an X Article needs a body (body.body, CommonMark)');
  const out: ContentBodyOf['x_article'] = { title, body };
  const reading = readingOf(body, read);
  if (raw.canonicalUrl !== undefined) {
    const url = raw.canonicalUrl;
    if (typeof url !== 'string') throw badRequest(`body.canonicalUrl must be a URL (text), not ${typeName(url)}`);
    if (url.length > L.canonicalUrlMax)
      throw badRequest(`body.canonicalUrl is ${num(url.length)} characters; the limit is ${num(L.canonicalUrlMax)}`);
    if (!isHttpUrl(url)) throw badRequest(`body.canonicalUrl must be an absolute http(s) URL, not "${url.slice(0, 100)}"`);
    if (!(reading?.links ?? markdownLinkTargets(body)).includes(url))
      throw badRequest(
        `body.canonicalUrl must also appear as a link in the article body, e.g. [Originally published here](${url})`,
      );
    out.canonicalUrl = url;
  }
  if (reading) noteFirstLine(out, reading.firstLine);
  return out;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
