/**
 * The direct path (direct-markdown.ts) against the manager's path: for every
 * body the direct path takes, the document must be the same, byte for byte.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { buildFixtures } from '../../../fixtures/index.js';
import { directMarkdownToDoc } from './direct-markdown.js';
import { getEngine } from './engine.js';
import { markdownToDocJson, markdownToDocJsonByManager } from './markdown.js';

function outcome(convert: (markdown: string) => string, markdown: string): string {
  try {
    return convert(markdown);
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

/** Whether the direct path takes this body (rather than leaving it to the manager). */
function takenDirectly(markdown: string): boolean {
  const { schema, parse } = getEngine();
  return 'direct' in parse(markdown, (tokens) => directMarkdownToDoc(tokens, schema));
}

function expectSame(markdown: string): void {
  expect(outcome(markdownToDocJson, markdown), JSON.stringify(markdown)).toBe(outcome(markdownToDocJsonByManager, markdown));
}

// ---- generated markdown -------------------------------------------------------

const word = fc.constantFrom('a', 'word', 'Tom', 'x1', 'snake_case', '50%', 'it’s', '😀', 'ü', 'a+b', '(aside)', 'why?', 'e.g.', 'www.example.com', 'https://example.com/x');
const entity = fc.constantFrom('&amp;', '&lt;', '&gt;', '&quot;', '&#35;', '&#x41;', '&nbsp;', '&copy;', '&bogus;', '&', '\u00a0');
const escape = fc.constantFrom('\\*', '\\_', '\\[', '\\]', '\\\\', '\\#', '\\`', '\\~', '\\>', '\\-', '\\!');
const href = fc.constantFrom('https://example.com/a', '/relative', '#frag', 'mailto:me@example.com', 'javascript:alert(1)', '', '<https://e.com/a b>', 'https://e.com/(x)', 'data:text/html,x', 'HTTPS://EXAMPLE.COM');
const title = fc.constantFrom('', ' "A title"', " 'single'", ' (paren)', ' "&amp; more"');

const inline: fc.Arbitrary<string> = fc.letrec<{ span: string }>((tie) => ({
  span: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    word,
    word,
    entity,
    escape,
    fc.constantFrom(' ', '  ', ' \t', '*', '_', '**', '~', '~~', '`', '``', '[', ']', '!', '<', '>', '\\'),
    tie('span').map((s) => `*${s}*`),
    tie('span').map((s) => `_${s}_`),
    tie('span').map((s) => `**${s}**`),
    tie('span').map((s) => `__${s}__`),
    tie('span').map((s) => `***${s}***`),
    tie('span').map((s) => `~~${s}~~`),
    fc.tuple(fc.constantFrom('`', '``'), fc.string({ maxLength: 6 })).map(([fence, s]) => `${fence}${s}${fence}`),
    fc.tuple(tie('span'), href, title).map(([text, url, t]) => `[${text}](${url}${t})`),
    fc.tuple(tie('span'), tie('span')).map(([a, b]) => `${a} ${b}`),
    fc.tuple(tie('span'), tie('span')).map(([a, b]) => `${a}${b}`),
    fc.tuple(tie('span'), fc.constantFrom('  \n', '\\\n', '\n'), tie('span')).map(([a, brk, b]) => `${a}${brk}${b}`),
  ),
})).span;

const line = fc.array(inline, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
const blank = fc.constantFrom('\n', '\n\n', '\n\n\n', '\n\n\n\n', '\n  \n', '\n\t\n\n');

const block: fc.Arbitrary<string> = fc.letrec<{ block: string }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    line,
    line,
    fc.tuple(fc.integer({ min: 1, max: 7 }), fc.option(line, { nil: '' })).map(([n, text]) => `${'#'.repeat(n)} ${text}`),
    fc.tuple(line, fc.constantFrom('=', '-')).map(([text, u]) => `${text}\n${u.repeat(3)}`),
    tie('block').map((b) => b.split('\n').map((l) => `> ${l}`).join('\n')),
    tie('block').map((b) => b.split('\n').map((l) => `>${l}`).join('\n')),
    fc
      .tuple(fc.constantFrom('-', '*', '+'), fc.array(fc.oneof(line, tie('block'), fc.constant('')), { minLength: 1, maxLength: 3 }), fc.constantFrom('\n', '\n\n'))
      .map(([bullet, items, sep]) => items.map((item) => `${bullet} ${item.split('\n').join('\n  ')}`).join(sep)),
    fc.tuple(fc.constantFrom('1.', '2)'), line).map(([n, text]) => `${n} ${text}`),
    fc.tuple(fc.constantFrom('- [ ] ', '- [x] ', '* [X] '), line).map(([box, text]) => `${box}${text}`),
    fc.tuple(fc.constantFrom('```', '~~~', ' ```', '````'), fc.constantFrom('', 'js', 'c++', 'js {.x}', 'bad lang!'), fc.string({ maxLength: 20 })).map(
      ([fence, lang, code]) => `${fence}${lang}\n${code}\n${fence.trim()}`,
    ),
    fc.string({ maxLength: 12 }).map((code) => `    ${code}`),
    fc.constantFrom('---', '***', '___', '- - -'),
    fc.constantFrom('<div>html</div>', '![img](https://e.com/i.png)', '| a | b |\n|---|---|\n| 1 | 2 |', '[ref]: https://e.com', 'text <b>bold</b>'),
  ),
})).block;

const documentMarkdown = fc
  .tuple(fc.option(blank, { nil: '' }), fc.array(fc.tuple(block, blank), { minLength: 1, maxLength: 5 }), fc.option(blank, { nil: '' }))
  .map(([lead, blocks, tail]) => lead + blocks.map(([b, sep]) => b + sep).join('') + tail);

// Markdown's own characters, densely: the shapes nobody writes on purpose.
const noise = fc
  .array(fc.constantFrom('a', 'b', ' ', '\n', '\n\n', '*', '_', '~', '`', '#', '>', '-', '+', '1.', '[', ']', '(', ')', '!', '\\', '&', ';', '<', ':', '/', '|', '\t', '\u00a0'), { maxLength: 40 })
  .map((parts) => parts.join(''));

describe('direct markdown conversion', () => {
  it('makes the same document as the manager from generated markdown', () => {
    fc.assert(
      fc.property(documentMarkdown, (markdown) => expectSame(markdown)),
      { seed: 20261122, numRuns: 1500 },
    );
  });

  it('makes the same document as the manager from dense markdown punctuation', () => {
    fc.assert(
      fc.property(noise, (markdown) => expectSame(markdown)),
      { seed: 11, numRuns: 2000 },
    );
  });

  it('makes the same documents as the manager for the fixture posts, and takes them directly', () => {
    const fixtures = buildFixtures({ seed: 1, now: Date.UTC(2026, 0, 15), empty: false });
    for (const post of fixtures.posts) {
      expectSame(post.markdown);
      expect(takenDirectly(post.markdown), post.markdown).toBe(true);
    }
  });

  it('takes ordinary bodies and leaves the rest to the manager', () => {
    for (const markdown of ['# Title\n\nSome **bold** and [a link](https://e.com).\n\n- one\n- two', '> quoted\n\n```js\nx\n```\n\n---', '']) {
      expect(takenDirectly(markdown), markdown).toBe(true);
    }
    for (const markdown of ['![img](https://e.com/i.png)', '1. one', '- [ ] task', '<b>x</b>', '| a |\n|---|\n| 1 |', `${'> '.repeat(30)}deep`]) {
      expect(takenDirectly(markdown), markdown).toBe(false);
      expectSame(markdown);
    }
  });

  it('makes the same document for edge cases found while writing it', () => {
    const cases = [
      'a\n\n\n\nb', '\n\n\na\n\n\n', '&nbsp;', '\u00a0', 'a&nbsp;', '- \n- a', '-', '- # heading\n  text', '- a\n\n  b\n- c',
      '- a\n  - b\n    - c', '> - a\n> - b', '>', '> \n> \n> a', '#', '# ', '#  *  *', '[](https://e.com)', '[a](javascript:x)b',
      '**a**_b_', '*a* *b*', '`` ` ``', '``', '    code\n\n    more', ' ```\nx\n```', '```\n```', '***', 'a  \nb', 'a\\\nb',
      '  \n  a  \n  ', '[a](<> "t")', '[x](https://e.com "a")[y](https://e.com "b")', '~~a~~~b~', 'a\n===', 'x\n---\ny',
      '* a\n\n\n* b', '- a\n-\n- b', '+ a\n- b', '&amp;lt;', '\\&amp;', 'a\u0000b', 'a\r\nb\rc',
    ];
    for (const markdown of cases) expectSame(markdown);
  });
});
