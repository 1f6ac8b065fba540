/**
 * Limits that keep one markdown body from holding a conversion worker for
 * long: each was a minutes-long conversion of about 1 MB of repetitive markup
 * before. (The CPU budget on what is left is worker-pool/pool.test.ts's.)
 */
import { describe, expect, it } from 'vitest';

import { ApiError } from '../errors.js';
import { markdownToDoc } from './markdown.js';
import { PACKED_LINK_BUDGET, packedLinkWork } from './packed-links.js';
import { quoteDepthExceeds } from './quote-depth.js';
import { LIMITS } from './types.js';

const quoted = (levels: number, text = 'x') => `${'> '.repeat(levels)}${text}`;

function refusal(markdown: string): string {
  try {
    markdownToDoc(markdown);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.message;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('quote depth before lexing', () => {
  it('counts markers written with or without spaces, up to the limit', () => {
    expect(quoteDepthExceeds(quoted(100), 100)).toBe(false);
    expect(quoteDepthExceeds(quoted(101), 100)).toBe(true);
    expect(quoteDepthExceeds(`${'>'.repeat(101)} x`, 100)).toBe(true);
    expect(quoteDepthExceeds(`text\n${quoted(101)}\nmore`, 100)).toBe(true);
  });

  it('does not count what is not a quote: indented code, text after a word, a top-level fence', () => {
    expect(quoteDepthExceeds(`    ${'>'.repeat(200)}`, 100)).toBe(false);
    expect(quoteDepthExceeds(`a ${'>'.repeat(200)}`, 100)).toBe(false);
    expect(quoteDepthExceeds(`\`\`\`\n${'>'.repeat(200)}\n\`\`\``, 100)).toBe(false);
    expect(quoteDepthExceeds(`~~~~\n~~~\n${'>'.repeat(200)}\n~~~~`, 100)).toBe(false);
    expect(quoteDepthExceeds(`\`\`\`\nx\n\`\`\`\n${'>'.repeat(200)}`, 100)).toBe(true);
  });

  it('refuses deep quoting at once (1 MB of "> " took 17 s), as the depth limit refuses it after parsing', () => {
    const started = performance.now();
    expect(refusal('> '.repeat(500_000))).toBe(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(refusal(quoted(LIMITS.maxDepth))).toBe(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
  });
});

describe('node limit of markdown', () => {
  it('refuses markdown that parses to more nodes than a document may have, before the costly steps', () => {
    const started = performance.now();
    expect(refusal('a@b.c '.repeat(30_000))).toBe(`markdown makes a document of more than ${LIMITS.maxNodes} nodes`);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('still converts a long ordinary post', () => {
    const paragraphs = Array.from({ length: 2_000 }, (_, i) => `Paragraph ${i} with **bold** and a [link](https://example.com/${i}).`);
    expect(markdownToDoc(paragraphs.join('\n\n')).content).toHaveLength(2_000);
  });
});

describe('links packed into one run of text', () => {
  it('refuses 1 MB of images without a space between them at once (it took minutes)', () => {
    const started = performance.now();
    expect(refusal('![a](http://x.png)'.repeat(55_000))).toBe('markdown packs too many links into one run of text without spaces or line breaks');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('leaves written text far below the budget, and converts it', () => {
    const packed = '[a](https://example.com/x)'.repeat(2_000);
    expect(packedLinkWork(packed)).toBeLessThan(PACKED_LINK_BUDGET / 4);
    expect(packedLinkWork('[a](https://example.com/x) '.repeat(20_000))).toBe(0);
    expect(markdownToDoc(packed).content).toHaveLength(1);
  });
});
