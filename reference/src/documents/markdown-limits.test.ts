/**
 * Limits that keep one markdown body from holding a conversion worker for
 * long: each was a minutes-long conversion of about 1 MB of repetitive markup
 * before. (The CPU budget on what is left is worker-pool/pool.test.ts's.)
 */
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../errors.js';
import { getEngine } from './engine.js';
import { checkMarkdownInput, markdownToDoc } from './markdown.js';
import { PACKED_LINK_BUDGET, packedLinkWork } from './packed-links.js';
import { quoteDepthExceeds } from './quote-depth.js';
import { LIMITS } from './types.js';

/**
 * The deep quoting and the packed links timed here took 17 s to minutes before their limits, and a document of too many
 * nodes is refused before the costly steps: a bound far under those costs still catches them coming back, and leaves
 * room for a shared, loaded machine, where a refusal may take several times its usual time.
 */
const FAR_UNDER_THE_OLD_COST_MS = 5_000;

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

  it('counts markers as CommonMark reads them: up to 3 spaces before the first, up to 4 blanks (spaces or tabs) between', () => {
    expect(quoteDepthExceeds(`   ${'>'.repeat(101)}`, 100)).toBe(true);
    expect(quoteDepthExceeds('>\t'.repeat(101), 100)).toBe(true);
    expect(quoteDepthExceeds('>    '.repeat(101), 100)).toBe(true);
    // A fifth blank makes what follows indented code inside the quote: one level a line.
    expect(quoteDepthExceeds('>     '.repeat(101), 100)).toBe(false);
  });

  it('follows fences as CommonMark opens and closes them', () => {
    const deep = '>'.repeat(200);
    const counted = (lines: string[]) => quoteDepthExceeds(lines.join('\n'), 100);
    // Not fences: two backticks or tildes, four spaces of indentation, a fence after a word, a backtick fence with a backtick in its info.
    expect(counted(['``', deep, '``'])).toBe(true);
    expect(counted(['~~', deep, '~~'])).toBe(true);
    expect(counted(['    ```', deep, '    ```'])).toBe(true);
    expect(counted(['a ```', deep, '```'])).toBe(true);
    expect(counted(['```a`', deep, '```'])).toBe(true);
    // Fences: three tildes, up to three spaces of indentation, a tilde fence whose info holds a backtick.
    expect(counted(['~~~', deep, '~~~'])).toBe(false);
    expect(counted(['   ```', deep, '   ```'])).toBe(false);
    expect(counted(['~~~ `js`', deep, '~~~'])).toBe(false);
    // What does not close a fence: the other character, a fence with text after it.
    expect(counted(['```', '~~~', deep, '```'])).toBe(false);
    expect(counted(['```', '``` x', deep, '```'])).toBe(false);
    // U+2028 and U+2029 are text in an info string as anywhere else: the backtick after one still counts.
    expect(counted(['```a\u2028b', deep, '```'])).toBe(false);
    expect(counted(['~~~a\u2029b', deep, '~~~'])).toBe(false);
    expect(counted(['```a\u2028`', deep, '```'])).toBe(true);
    // A closing fence may have blanks after it.
    expect(counted(['```', 'x', '```  ', deep])).toBe(true);
  });

  it('refuses deep quoting at once (1 MB of "> " took 17 s), as the depth limit refuses it after parsing', () => {
    const started = performance.now();
    expect(refusal('> '.repeat(500_000))).toBe(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
    expect(performance.now() - started).toBeLessThan(FAR_UNDER_THE_OLD_COST_MS);
    expect(refusal(quoted(LIMITS.maxDepth))).toBe(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
  });

  it('ends a line at a lone CR before counting, as marked does (else 1 MB of "> " after one reached marked: 19 s)', () => {
    const started = performance.now();
    expect(refusal(`a\r${'> '.repeat(500_000)}`)).toBe(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
    expect(refusal(`a\r\n${'> '.repeat(500_000)}`)).toBe(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
    expect(performance.now() - started).toBeLessThan(FAR_UNDER_THE_OLD_COST_MS);
  });
});

describe('node limit of markdown', () => {
  it('refuses markdown that parses to more nodes than a document may have, before the costly steps', () => {
    const started = performance.now();
    expect(refusal('a@b.c '.repeat(30_000))).toBe(`markdown makes a document of more than ${LIMITS.maxNodes} nodes`);
    expect(performance.now() - started).toBeLessThan(FAR_UNDER_THE_OLD_COST_MS);
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
    expect(performance.now() - started).toBeLessThan(FAR_UNDER_THE_OLD_COST_MS);
  });

  it('leaves written text far below the budget, and converts it', () => {
    const packed = '[a](https://example.com/x)'.repeat(2_000);
    expect(packedLinkWork(packed)).toBeLessThan(PACKED_LINK_BUDGET / 4);
    expect(packedLinkWork('[a](https://example.com/x) '.repeat(20_000))).toBe(0);
    expect(markdownToDoc(packed).content).toHaveLength(1);
  });

  it('counts link openings in runs of 1,000 characters and more, a run ending at a blank or a control character', () => {
    expect(packedLinkWork(`](${'x'.repeat(998)}`)).toBe(1_000);
    expect(packedLinkWork(`](${'x'.repeat(997)}`)).toBe(0);
    expect(packedLinkWork('x'.repeat(5_000))).toBe(0);
    expect(packedLinkWork(`${'x'.repeat(998)}](`)).toBe(1_000);
    expect(packedLinkWork(`](${'x'.repeat(998)}\x0b](${'x'.repeat(998)}`)).toBe(2_000);
  });
});

describe('the engine', () => {
  it('is built once and reused: a schema and a manager per call would cost every conversion the build', () => {
    const first = getEngine();
    expect(getEngine()).toBe(first);
    expect(getEngine().markdown).toBe(first.markdown);
  });
});

describe('each limit at its edge: what it allows is converted, one more is refused', () => {
  it('takes a body of exactly the size limit', () => {
    expect(() => checkMarkdownInput('x'.repeat(LIMITS.maxInputChars))).not.toThrow();
    expect(() => checkMarkdownInput('x'.repeat(LIMITS.maxInputChars + 1))).toThrow(/markdown is too large/);
  });

  it('converts markdown that parses to exactly the node limit', () => {
    // The doc, 24,999 paragraphs of one text node each and a rule: 50,000 nodes.
    expect(markdownToDoc(`${'a\n\n'.repeat(24_999)}---`).content).toHaveLength(25_000);
    expect(refusal('a\n\n'.repeat(25_000))).toBe(`markdown makes a document of more than ${LIMITS.maxNodes} nodes`);
  });

  it('measures the depth of every block, not only of the first as deep as the limit', () => {
    // Below the doc, each quote is a level and so are its paragraph and text.
    expect(markdownToDoc(quoted(LIMITS.maxDepth - 2)).content).toHaveLength(1);
    expect(refusal(`${quoted(LIMITS.maxDepth - 2)}\n\n${quoted(LIMITS.maxDepth - 1)}`)).toBe(
      `markdown is nested more than ${LIMITS.maxDepth} levels deep`,
    );
  });

  it('converts links packed to exactly the budget', () => {
    // One run of 1,000,000 characters holding 500 link openings: 5·10^8.
    const run = `${'x'.repeat(1_998)}](`.repeat(500);
    expect(packedLinkWork(run)).toBe(PACKED_LINK_BUDGET);
    expect(markdownToDoc(run).content).toHaveLength(1);
    expect(refusal(`${run}x`)).toBe('markdown packs too many links into one run of text without spaces or line breaks');
  });
});

describe('what the parser cannot take', () => {
  it('refuses nesting that overflows the stack (quotes of lists, which the quote count does not see) with a 400', () => {
    expect(refusal('> - '.repeat(24_000))).toBe('markdown is nested too deeply to convert (too many levels of lists or quotes)');
  });

  it('refuses with a 400 whatever else the third-party parser throws', () => {
    const parse = vi.spyOn(getEngine().markdown, 'parse').mockImplementation(() => {
      throw new Error('a tokenizer broke');
    });
    try {
      expect(refusal('anything')).toBe('markdown could not be parsed: a tokenizer broke');
    } finally {
      parse.mockRestore();
    }
  });
});
