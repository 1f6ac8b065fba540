import fc from 'fast-check';
import { MarkdownManager } from '@tiptap/markdown';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';

import { getEngine } from './engine.js';
import { documentExtensions } from './extensions.js';
import { literalizeUnclosedHtml } from './inline-html.js';
import { markdownToDoc } from './markdown.js';

type MarkedOption = NonNullable<ConstructorParameters<typeof MarkdownManager>[0]>['marked'];

// The manager as it comes, without the linear pre-pass, to compare against.
const plain = new MarkdownManager({ extensions: documentExtensions(), marked: new Marked() as unknown as MarkedOption });

const fragment = fc.constantFrom(
  '<a>', '</a>', '<b>', '</b>', '<A>', '</a >', '< a>', '</ a>', '<a-b>', '</a-b>', '<a->', '</a->', '<a-b-c>', '</a-bc>',
  '<span class="x">', '</span>', '<em>', '</EM>', '<br/>', '<br>', '<img src="x">', '<!-- c -->', '&amp;', 'word', ' ', '**', '*', '_', '`', '\n', '\n\n', '> ', '- ',
);
const markdown = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(''));

describe('unclosed inline HTML', () => {
  it('parses to exactly what the manager makes of it without the pre-pass', () => {
    fc.assert(
      fc.property(markdown, (source) => {
        expect(getEngine().markdown.parse(source)).toEqual(plain.parse(source));
      }),
      { seed: 7, numRuns: 1_000 },
    );
  });

  it('leaves tags that a later token may close, and tokens other than HTML, alone', () => {
    const tokens = [
      { type: 'html', raw: '<a>' },
      { type: 'html', raw: '<b>' },
      { type: 'text', raw: 'x', text: 'x' },
      { type: 'html', raw: '</a-z>' },
    ];
    expect(literalizeUnclosedHtml(tokens).map((t) => t.type)).toEqual(['html', 'escape', 'text', 'html']);
  });

  it('converts 100 KB of unclosed tags in linear time (it took over a minute)', () => {
    const started = performance.now();
    markdownToDoc('<a>'.repeat(33_000));
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
