import { afterAll, describe, expect, it } from 'vitest';
import { characterCount } from '../../../schemas/content.js';
import { workerPool } from '../worker-pool/pool.js';
import { parseContentBody } from './body-rules.js';
import { EXCERPT_MAX, excerptOf, noteFirstLine, readInWorkers } from './excerpt.js';

afterAll(() => workerPool().close());

describe('excerpt', () => {
  it('is the first non-empty line of a tweet, a thread or a LinkedIn post, as written', () => {
    expect(excerptOf('tweet', { text: '\n\n  First *line*  \nsecond' })).toBe('First *line*');
    expect(excerptOf('tweet', { tweets: ['  ', 'Entry two\nmore'] })).toBe('Entry two');
    expect(excerptOf('linkedin', { text: 'Hello   LinkedIn\n\nMore' })).toBe('Hello LinkedIn');
  });

  it('strips markdown from newsletter and article bodies', () => {
    expect(excerptOf('newsletter', { subject: 'S', body: '## Hello **bold** [link](https://a.b) `code`\n\nNext' })).toBe(
      'Hello bold link code',
    );
    expect(excerptOf('x_article', { title: 'H', body: '---\n\n> - Quoted &amp; listed\n' })).toBe('Quoted & listed');
    expect(excerptOf('x_article', { title: 'H', body: '![Alt text](https://img.example/x.png)' })).toBe('Alt text');
  });

  it('falls back to the subject or headline when the body has no readable line', () => {
    expect(excerptOf('x_article', { title: 'The headline', body: '<div></div>' })).toBe('The headline');
    expect(excerptOf('newsletter', { subject: 'The subject', body: '---' })).toBe('The subject');
  });

  it('is at most 280 characters, cut with an ellipsis', () => {
    const exact = 'a'.repeat(280);
    expect(excerptOf('tweet', { text: exact })).toBe(exact);
    const long = excerptOf('linkedin', { text: 'b'.repeat(3000) });
    expect(characterCount(long)).toBe(EXCERPT_MAX);
    expect(long.endsWith('…')).toBe(true);
    const emoji = excerptOf('linkedin', { text: '👨‍👩‍👧'.repeat(300) });
    expect(characterCount(emoji)).toBe(EXCERPT_MAX);
  });

  it('reads a 100,000-character article quickly', () => {
    const started = performance.now();
    expect(excerptOf('x_article', { title: 'H', body: 'ü'.repeat(100_000) })).toHaveLength(280);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  // Whether a body's markdown was read again on the HTTP thread shows in no answer, only in timing: these
  // tests tell by changing the text after its reading was noted (a body is never changed in place otherwise).
  it("takes a markdown body's excerpt from the reading noted for it, without reading it again", () => {
    const newsletter = { subject: 'S', body: 'Sent text' };
    noteFirstLine(newsletter, 'Read in a worker');
    newsletter.body = 'Changed since';
    expect(excerptOf('newsletter', newsletter)).toBe('Read in a worker');
    const article = { title: 'The headline', body: 'Some text' };
    noteFirstLine(article, null);
    expect(excerptOf('x_article', article)).toBe('The headline');
    expect(excerptOf('newsletter', { subject: 'S', body: 'Never noted' })).toBe('Never noted');
  });

  it('reads restored markdown bodies in the workers and notes them, skipping plain-text kinds and bodies already noted', async () => {
    const newsletter = { subject: 'S', body: '# Restored *newsletter*' };
    const article = { title: 'H', body: '> Restored article' };
    const noted = { subject: 'S', body: 'Noted text' };
    noteFirstLine(noted, 'Noted before');
    const tweet = { text: 'A tweet' };
    await readInWorkers([
      { kind: 'newsletter', body: newsletter },
      { kind: 'x_article', body: article },
      { kind: 'newsletter', body: noted },
      { kind: 'tweet', body: tweet },
    ]);
    newsletter.body = 'Changed';
    article.body = 'Changed';
    expect(excerptOf('newsletter', newsletter)).toBe('Restored newsletter');
    expect(excerptOf('x_article', article)).toBe('Restored article');
    expect(excerptOf('newsletter', noted)).toBe('Noted before');
    expect(excerptOf('tweet', tweet)).toBe('A tweet');
  }, 60_000);

  it("notes a worker's reading of a sent body's markdown, and only of that very text", () => {
    const reading = { firstLine: 'Read in a worker', links: ['https://origin.example/'] };
    const newsletter = parseContentBody('newsletter', { subject: 'S', body: 'Sent' }, { markdown: 'Sent', reading });
    expect(excerptOf('newsletter', newsletter)).toBe('Read in a worker');
    const other = parseContentBody('newsletter', { subject: 'S', body: 'Sent' }, { markdown: 'Other text', reading });
    expect(excerptOf('newsletter', other)).toBe('Sent');
    // The article's link rule reads the worker's links as well: this body links nowhere itself.
    const article = parseContentBody(
      'x_article',
      { title: 'H', body: 'Article', canonicalUrl: 'https://origin.example/' },
      { markdown: 'Article', reading },
    );
    expect(excerptOf('x_article', article)).toBe('Read in a worker');
    expect(() =>
      parseContentBody('x_article', { title: 'H', body: 'Article', canonicalUrl: 'https://origin.example/' }, { markdown: 'Other', reading }),
    ).toThrow(/must also appear as a link/);
  });
});

describe("an excerpt's cut", () => {
  it('holds 279 characters of a line whose characters are long (letters with twenty accents each), not what the first prefix held', () => {
    const letter = `a${'\u0301'.repeat(20)}`;
    const excerpt = excerptOf('linkedin', { text: letter.repeat(300) });
    expect(excerpt).toBe(`${letter.repeat(279)}…`);
  });

  it('drops the space a cut ends on, before the ellipsis', () => {
    expect(excerptOf('linkedin', { text: `${'a'.repeat(278)} ${'b'.repeat(10)}` })).toBe(`${'a'.repeat(278)}…`);
  });

  // No write or saved state holds such a body (a state's bodies are checked on load); the excerpt does not rely on that.
  it('is empty for a body without a line of text', () => {
    expect(excerptOf('tweet', {} as never)).toBe('');
    expect(excerptOf('linkedin', { text: '' })).toBe('');
  });
});
