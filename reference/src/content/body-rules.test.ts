import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { markdownToRead, parseContentBody } from './body-rules.js';
import { parseCreateRequest, parsePatchRequest } from './request.js';

/** The 400 message of a rejected body, or null when it is accepted. */
function refusal(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    return err.message;
  }
}

const tweet = (body: unknown) => refusal(() => parseContentBody('tweet', body));
const linkedin = (body: unknown) => refusal(() => parseContentBody('linkedin', body));
const newsletter = (body: unknown) => refusal(() => parseContentBody('newsletter', body));
const article = (body: unknown) => refusal(() => parseContentBody('x_article', body));

const a = (n: number) => 'a'.repeat(n);
/** A family emoji: one character on screen, eight UTF-16 units. */
const FAMILY = '👨‍👩‍👧';

describe('tweet bodies', () => {
  it('takes text (one post) at 1..280 characters', () => {
    expect(tweet({ text: 'x' })).toBeNull();
    expect(tweet({ text: a(280) })).toBeNull();
    expect(tweet({ text: a(281) })).toBe('the tweet (body.text) is 281 characters; the limit is 280');
  });

  it('counts characters as the writer sees them (grapheme clusters)', () => {
    expect(tweet({ text: FAMILY.repeat(280) })).toBeNull();
    expect(tweet({ text: FAMILY.repeat(281) })).toBe('the tweet (body.text) is 281 characters; the limit is 280');
    expect(tweet({ text: 'é'.normalize('NFD').repeat(280) })).toBeNull();
  });

  it('takes tweets (a thread) of 1..25 entries, each at most 280 characters', () => {
    expect(tweet({ tweets: ['one'] })).toBeNull();
    expect(tweet({ tweets: Array(25).fill(a(280)) })).toBeNull();
    expect(tweet({ tweets: Array(26).fill('x') })).toBe('the thread (body.tweets) has 26 entries; the limit is 25');
    expect(tweet({ tweets: [] })).toBe(
      'the thread (body.tweets) has no entries; give at least 1, or use text for a single post',
    );
    expect(tweet({ tweets: ['a', 'b', a(291)] })).toBe(
      'entry 3 of the thread (body.tweets[2]) is 291 characters; the limit is 280',
    );
  });

  it('never takes both, and needs one', () => {
    expect(tweet({ text: 'x', tweets: ['y'] })).toBe('a tweet body takes text (one post) or tweets (a thread), not both');
    expect(tweet({})).toBe('a tweet body needs text (one post) or tweets (a thread)');
  });

  it('rejects empty and whitespace-only text, and entries of the wrong type', () => {
    expect(tweet({ text: '' })).toBe('the tweet (body.text) is empty');
    expect(tweet({ text: ' \n\t ' })).toBe('the tweet (body.text) is empty (only whitespace)');
    expect(tweet({ tweets: ['ok', '  '] })).toBe('entry 2 of the thread (body.tweets[1]) is empty (only whitespace)');
    expect(tweet({ tweets: ['ok', 3] })).toBe('entry 2 of the thread (body.tweets[1]) must be text, not a number');
    expect(tweet({ tweets: 'just one' })).toBe("body.tweets must be a list of the thread's entries, not text");
    expect(tweet({ text: ['x'] })).toBe('the tweet (body.text) must be text, not a list');
  });
});

describe('linkedin bodies', () => {
  it('require text of 1..3000 characters', () => {
    expect(linkedin({ text: a(3000) })).toBeNull();
    expect(linkedin({ text: a(3001) })).toBe('the LinkedIn post (body.text) is 3,001 characters; the limit is 3,000');
    expect(linkedin({})).toBe('a linkedin body needs text');
    expect(linkedin({ text: '   ' })).toBe('the LinkedIn post (body.text) is empty (only whitespace)');
  });
});

describe('newsletter bodies', () => {
  it('require subject (1..998, one line) and body; preheader is optional', () => {
    expect(newsletter({ subject: a(998), body: 'hi' })).toBeNull();
    expect(newsletter({ subject: 'S', body: 'hi', preheader: 'P' })).toBeNull();
    expect(newsletter({ subject: a(999), body: 'hi' })).toBe('the subject (body.subject) is 999 characters; the limit is 998');
    expect(newsletter({ body: 'hi' })).toBe('a newsletter needs a subject (body.subject)');
    expect(newsletter({ subject: 'S' })).toBe('a newsletter needs a body (body.body, markdown)');
    expect(newsletter({ subject: 'one\ntwo', body: 'hi' })).toBe('the subject (body.subject) must be one line');
    expect(newsletter({ subject: 'one\rtwo', body: 'hi' })).toBe('the subject (body.subject) must be one line');
    expect(newsletter({ subject: 'S', body: ' ' })).toBe('the newsletter body (body.body) is empty (only whitespace)');
    expect(newsletter({ subject: 'S', body: 'b', preheader: '' })).toBe('the preheader (body.preheader) is empty');
  });

  it('limit the body to 100,000 characters and the preheader to 500', () => {
    expect(newsletter({ subject: 'S', body: a(100_000) })).toBeNull();
    expect(newsletter({ subject: 'S', body: a(100_001) })).toBe(
      'the newsletter body (body.body) is 100,001 characters; the limit is 100,000',
    );
    expect(newsletter({ subject: 'S', body: 'b', preheader: a(500) })).toBeNull();
    expect(newsletter({ subject: 'S', body: 'b', preheader: a(501) })).toBe(
      'the preheader (body.preheader) is 501 characters; the limit is 500',
    );
  });
});

describe('x_article bodies', () => {
  it('require a headline and a CommonMark body of at most 100,000 characters', () => {
    expect(article({ title: 'H', body: a(100_000) })).toBeNull();
    expect(article({ title: 'H', body: a(100_001) })).toBe('the article body (body.body) is 100,001 characters; the limit is 100,000');
    expect(article({ body: 'b' })).toBe('an X Article needs a headline (body.title)');
    expect(article({ title: 'H' })).toBe('an X Article needs a body (body.body, CommonMark)');
    expect(article({ title: ' ', body: 'b' })).toBe('the headline (body.title) is empty (only whitespace)');
    expect(article({ title: a(200), body: 'b' })).toBeNull();
    expect(article({ title: a(201), body: 'b' })).toBe('the headline (body.title) is 201 characters; the limit is 200');
  });

  it('take a canonicalUrl only when the body links to it', () => {
    const url = 'https://blog.example.com/post';
    expect(article({ title: 'H', body: `First on [my blog](${url}).`, canonicalUrl: url })).toBeNull();
    expect(article({ title: 'H', body: `First on <${url}>.`, canonicalUrl: url })).toBeNull();
    expect(article({ title: 'H', body: `First on [my blog][b].\n\n[b]: ${url}`, canonicalUrl: url })).toBeNull();
    const unlinked = `body.canonicalUrl must also appear as a link in the article body, e.g. [Originally published here](${url})`;
    expect(article({ title: 'H', body: `First on ${url}`, canonicalUrl: url })).toBe(unlinked);
    expect(article({ title: 'H', body: `![cover](${url})`, canonicalUrl: url })).toBe(unlinked);
    expect(article({ title: 'H', body: `[x](${url}/other)`, canonicalUrl: url })).toBe(unlinked);
    expect(article({ title: 'H', body: '[x](ftp://a.b)', canonicalUrl: 'ftp://a.b' })).toBe(
      'body.canonicalUrl must be an absolute http(s) URL, not "ftp://a.b"',
    );
    expect(article({ title: 'H', body: 'b', canonicalUrl: 5 })).toBe('body.canonicalUrl must be a URL (text), not a number');
  });

  it('take an http or https canonicalUrl of at most 2,048 characters, and quote at most 100 of one refused', () => {
    const linked = (url: string) => ({ title: 'H', body: `[here](${url})`, canonicalUrl: url });
    expect(article(linked('http://blog.example.com/post'))).toBeNull();
    const longest = `https://blog.example.com/${'a'.repeat(2048 - 25)}`;
    expect(longest).toHaveLength(2048);
    expect(article(linked(longest))).toBeNull();
    expect(article(linked(`${longest}b`))).toBe('body.canonicalUrl is 2,049 characters; the limit is 2,048');
    const other = `ftp://files.example/${'x'.repeat(200)}`;
    expect(article(linked(other))).toBe(`body.canonicalUrl must be an absolute http(s) URL, not "${other.slice(0, 100)}"`);
    expect(article(linked('not a url'))).toBe('body.canonicalUrl must be an absolute http(s) URL, not "not a url"');
  });
});

describe('strictness', () => {
  it('names the kind a foreign field belongs to and what this kind takes', () => {
    expect(tweet({ text: 'x', subject: 's' })).toBe(
      'subject is a newsletter field; a tweet body takes text (one post) or tweets (a thread)',
    );
    expect(linkedin({ text: 'x', tweets: ['y'] })).toBe('tweets is a tweet field; a linkedin body takes text');
    expect(tweet({ text: 'x', body: 'b' })).toBe(
      'body is a newsletter and x_article field; a tweet body takes text (one post) or tweets (a thread)',
    );
    expect(newsletter({ subject: 's', body: 'b', canonicalUrl: 'https://a.b' })).toBe(
      'canonicalUrl is a x_article field; a newsletter body takes subject, body (markdown) and an optional preheader',
    );
    expect(article({ title: 'H', body: 'b', text: 'x' })).toBe(
      'text is a tweet and linkedin field; an x_article body takes title (the headline), body (CommonMark) and an optional canonicalUrl',
    );
    expect(linkedin({ text: 'x', preheader: 'p' })).toBe('preheader is a newsletter field; a linkedin body takes text');
  });

  it('rejects unknown fields inside body, and media anywhere', () => {
    expect(tweet({ text: 'x', colour: 'red' })).toBe(
      'unknown property in body: colour; a tweet body takes text (one post) or tweets (a thread)',
    );
    expect(tweet({ text: 'x', media: [] })).toBe('drafts are text-only: media cannot be attached through the API');
    expect(refusal(() => parseCreateRequest({ kind: 'tweet', title: 't', body: { text: 'x' }, media: ['a.png'] }))).toBe(
      'drafts are text-only: media cannot be attached through the API',
    );
  });

  it('wants body to be an object', () => {
    expect(tweet('hello')).toBe('body must be an object, not text: a tweet body takes text (one post) or tweets (a thread)');
    expect(tweet(undefined)).toBe('body is required: a tweet body takes text (one post) or tweets (a thread)');
  });
});

describe('the body kept', () => {
  it("is a clean copy of each kind's own fields, an optional one only when given", () => {
    const url = 'https://blog.example.com/post';
    expect(parseContentBody('tweet', { text: 'x' })).toEqual({ text: 'x' });
    expect(parseContentBody('tweet', { tweets: ['a', 'b'] })).toEqual({ tweets: ['a', 'b'] });
    expect(parseContentBody('linkedin', { text: 'x' })).toEqual({ text: 'x' });
    expect(parseContentBody('newsletter', { subject: 'S', body: 'b' })).toEqual({ subject: 'S', body: 'b' });
    expect(parseContentBody('newsletter', { subject: 'S', body: 'b', preheader: 'P' })).toEqual({ subject: 'S', body: 'b', preheader: 'P' });
    expect(parseContentBody('x_article', { title: 'H', body: 'b' })).toEqual({ title: 'H', body: 'b' });
    expect(parseContentBody('x_article', { title: 'H', body: `[b](${url})`, canonicalUrl: url })).toEqual({ title: 'H', body: `[b](${url})`, canonicalUrl: url });
  });
});

describe('the markdown read ahead in a worker', () => {
  it("is a newsletter's or article's body, when it is text within the limit the parse holds it to", () => {
    expect(markdownToRead('newsletter', { subject: 'S', body: '# Hi' })).toBe('# Hi');
    expect(markdownToRead('x_article', { title: 'H', body: a(100_000) })).toBe(a(100_000));
    expect(markdownToRead('newsletter', { body: FAMILY.repeat(100_000) })).toBe(FAMILY.repeat(100_000));
  });

  it('is nothing for another kind, another shape, or a body the parse refuses for its length', () => {
    expect(markdownToRead('tweet', { body: 'text' })).toBeNull();
    expect(markdownToRead('linkedin', { body: 'text' })).toBeNull();
    expect(markdownToRead(undefined, { body: 'text' })).toBeNull();
    expect(markdownToRead('newsletter', ['# Hi'])).toBeNull();
    expect(markdownToRead('newsletter', null)).toBeNull();
    expect(markdownToRead('newsletter', { body: 5 })).toBeNull();
    expect(markdownToRead('newsletter', { body: a(100_001) })).toBeNull();
    expect(markdownToRead('x_article', { body: a(100_001) })).toBeNull();
  });
});

describe('create requests', () => {
  const create = (body: unknown) => refusal(() => parseCreateRequest(body));
  const ok = { kind: 'tweet', title: 'Name', body: { text: 'x' } };

  it('take kind, title (1..200 characters), body and optional bucketId, nothing else', () => {
    expect(create(ok)).toBeNull();
    expect(create({ ...ok, bucketId: 'b' })).toBeNull();
    expect(create({ ...ok, bucketId: null })).toBeNull();
    expect(create({ ...ok, title: a(200) })).toBeNull();
    expect(create({ ...ok, title: a(201) })).toBe('title is 201 characters; the limit is 200');
    expect(create({ ...ok, title: '  ' })).toBe('title is empty: give the piece a name for your library');
    expect(create({ ...ok, title: undefined })).toBe('title is required: the name of the piece in your library');
    expect(create({ ...ok, status: 'published' })).toBe(
      'unknown property: status; a content piece takes kind, title, body and an optional bucketId',
    );
    expect(create({ ...ok, kind: 'facebook' })).toBe(
      'kind must be one of tweet, linkedin, newsletter, x_article, not "facebook"',
    );
    expect(create({ title: 't', body: {} })).toBe('kind is required: one of tweet, linkedin, newsletter, x_article');
    expect(create([ok])).toBe('send a JSON object: a content piece takes kind, title, body and an optional bucketId');
    expect(create({ ...ok, bucketId: '' })).toBe('bucketId must be the id of a content group, not empty text');
  });
});

describe('patch requests', () => {
  const patch = (body: unknown) => refusal(() => parsePatchRequest(body, 'tweet'));

  it('take title and/or body and/or bucketId, at least one', () => {
    expect(patch({ title: 'New' })).toBeNull();
    expect(patch({ body: { tweets: ['a'] } })).toBeNull();
    expect(patch({ bucketId: 'b' })).toBeNull();
    expect(patch({})).toBe('nothing to change: give title, body or bucketId');
    expect(patch({ kind: 'linkedin' })).toBe('kind cannot be changed: create a new piece of the other kind instead');
    expect(patch({ body: { subject: 'x' } })).toMatch(/^subject is a newsletter field/);
    expect(patch({ bucketId: null })).toBe(
      'bucketId cannot be null: a piece cannot be taken out of its group through the API',
    );
    expect(patch({ media: [] })).toBe('drafts are text-only: media cannot be attached through the API');
    expect(patch({ title: 'x', extra: 1 })).toBe('unknown property: extra; a PATCH takes title, body and bucketId (at least one)');
  });
});
