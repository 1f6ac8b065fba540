import { describe, expect, it } from 'vitest';
import { characterCount } from '../../../schemas/content.js';
import { EXCERPT_MAX, excerptOf } from './excerpt.js';

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
});
