import { describe, expect, it } from 'vitest';

import { ApiError } from '../errors.js';
import { WorkerPool, workerPool } from '../worker-pool/pool.js';
import { convertMarkdown, convertPostBody, postBodyTask } from './markdown.js';
import * as syntax from './markdown-syntax.js';
import { LIMITS, docToHtml, docToMarkdown, markdownToDoc, parseBodyJson, type TiptapDoc, type TiptapNode } from './index.js';

const roundTrip = (md: string) => docToMarkdown(markdownToDoc(md));
const text = (value: string, marks?: TiptapNode['marks']): TiptapNode => (marks ? { type: 'text', text: value, marks } : { type: 'text', text: value });
const linkMark = (href: string, title: string | null = null) => ({
  type: 'link',
  attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title },
});
const image = (src: string, alt: string | null, href: string | null = null, title: string | null = null): TiptapNode => ({
  type: 'image',
  attrs: { src, alt, title, width: null, height: null, href },
});

describe('markdownToDoc', () => {
  it('converts the markdown repertoire to schema nodes', () => {
    const doc = markdownToDoc(
      [
        '# Title',
        '###### Small',
        'Some **bold**, *italic*, ~~gone~~, `code` and [a link](https://example.com "Example").',
        'line one  \nline two',
        '- one\n- two\n  - nested',
        '3. three\n4. four',
        '> quoted',
        '```ts\nconst a = 1;\n```',
        '---',
        '![A cat](https://img.example.com/cat.png "Cat")',
      ].join('\n\n'),
    );
    expect(doc.content?.map((node) => node.type)).toEqual([
      'heading', 'heading', 'paragraph', 'paragraph', 'bulletList', 'orderedList', 'blockquote', 'codeBlock', 'horizontalRule', 'image',
    ]);
    expect(doc.content?.[1].attrs).toEqual({ level: 6 });
    expect(doc.content?.[2].content).toEqual([
      text('Some '),
      text('bold', [{ type: 'bold' }]),
      text(', '),
      text('italic', [{ type: 'italic' }]),
      text(', '),
      text('gone', [{ type: 'strike' }]),
      text(', '),
      text('code', [{ type: 'code' }]),
      text(' and '),
      text('a link', [linkMark('https://example.com', 'Example')]),
      text('.'),
    ]);
    expect(doc.content?.[3].content).toEqual([text('line one'), { type: 'hardBreak' }, text('line two')]);
    expect(doc.content?.[5].attrs).toEqual({ start: 3, type: null });
    expect(doc.content?.[7]).toEqual({ type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const a = 1;')] });
    expect(doc.content?.[9]).toEqual(image('https://img.example.com/cat.png', 'A cat', null, 'Cat'));
  });

  it('reads [![alt](src)](href) as a linked image', () => {
    expect(markdownToDoc('[![Logo](https://example.com/logo.png)](https://example.com)').content).toEqual([
      image('https://example.com/logo.png', 'Logo', 'https://example.com'),
    ]);
    expect(markdownToDoc('[![a](/i.png "t")](/l "lt")').content).toEqual([image('/i.png', 'a', '/l', 't')]);
    expect(markdownToDoc('![](/i.png "t")').content).toEqual([image('/i.png', null, null, 't')]);
    // A link around more than the image is a link of its text; the image, a block, follows it unlinked.
    expect(markdownToDoc('[a ![b](/i.png)](/l)').content).toEqual([{ type: 'paragraph', content: [text('a', [linkMark('/l')])] }, image('/i.png', 'b')]);
  });

  it('lifts images out of running text, since images are blocks', () => {
    expect(markdownToDoc('before ![pic](/p.png) after').content).toEqual([
      { type: 'paragraph', content: [text('before')] },
      image('/p.png', 'pic'),
      { type: 'paragraph', content: [text('after')] },
    ]);
    const item = markdownToDoc('- ![pic](/p.png)').content?.[0].content?.[0];
    expect(item).toEqual({ type: 'listItem', content: [{ type: 'paragraph' }, image('/p.png', 'pic')] });
  });

  it('keeps raw HTML as text instead of markup', () => {
    const doc = markdownToDoc('<script>alert(1)</script>\n\nhi <img src=x onerror="alert(1)"> there\n\n<div onclick="x">block</div>');
    expect(doc.content).toEqual([
      { type: 'paragraph', content: [text('<script>alert(1)</script>')] },
      { type: 'paragraph', content: [text('hi <img src=x onerror="alert(1)"> there')] },
      { type: 'paragraph', content: [text('<div onclick="x">block</div>')] },
    ]);
  });

  it('drops links and images whose URLs are not allowed, keeping their words', () => {
    const doc = markdownToDoc(
      '[click](javascript:alert(1)) [me](vbscript:x) [x](data:text/html,hi)\n\n![pic](data:image/png;base64,AAAA)\n\n[![pic](/p.png)](javascript:alert(1))',
    );
    expect(doc.content).toEqual([{ type: 'paragraph', content: [text('click me x')] }, image('/p.png', 'pic')]);
  });

  it('keeps what the schema lacks as readable text: tables and task items', () => {
    expect(markdownToDoc('| a | b |\n|---|---|\n| 1 | 2 |').content).toEqual([
      { type: 'paragraph', content: [text('| a | b |'), { type: 'hardBreak' }, text('|---|---|'), { type: 'hardBreak' }, text('| 1 | 2 |')] },
    ]);
    const items = markdownToDoc('- [ ] todo\n- [x] done').content?.[0].content;
    expect(items?.map((item) => item.content?.[0].content?.[0].text)).toEqual(['[ ] todo', '[x] done']);
    // A loose list too, where marked puts the checkbox inside the item's paragraph.
    const loose = markdownToDoc('- [ ] todo\n\n- [x] done\n\n  more').content?.[0].content;
    expect(loose?.map((item) => item.content?.map((p) => p.content?.[0].text))).toEqual([['[ ] todo'], ['[x] done', 'more']]);
  });

  it('repairs marks that exclude each other and odd code languages', () => {
    expect(markdownToDoc('**`x`**').content?.[0].content).toEqual([text('x', [{ type: 'code' }])]);
    expect(markdownToDoc('```js {.numbered}\nx\n```').content?.[0].attrs).toEqual({ language: 'js' });
    expect(markdownToDoc('```"><script>\nx\n```').content?.[0].attrs).toEqual({ language: null });
  });

  it('clips alt texts and titles to the length bodyJson allows', () => {
    const [img] = markdownToDoc(`![${'a'.repeat(3_000)}](/i.png "${'t'.repeat(3_000)}")`).content ?? [];
    expect(img.attrs?.alt).toBe('a'.repeat(1_000));
    expect(img.attrs?.title).toBe('t'.repeat(1_000));
    const [paragraph] = markdownToDoc(`[x](/l "${'t'.repeat(3_000)}")`).content ?? [];
    expect(paragraph.content?.[0].marks?.[0].attrs?.title).toBe('t'.repeat(1_000));
  });

  it('drops empty headings and bullets, keeps an empty quote with its empty paragraph and an empty code block', () => {
    expect(markdownToDoc('#\n\n> \n\n- \n\n```\n```').content).toEqual([
      { type: 'blockquote', content: [{ type: 'paragraph' }] },
      { type: 'codeBlock', attrs: { language: null } },
    ]);
  });

  it('gives an empty body one empty paragraph', () => {
    expect(markdownToDoc('')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(markdownToDoc('\n\n  \n')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('handles CR LF line endings and NUL characters', () => {
    expect(markdownToDoc('> 1. \r\na')).toBeTruthy();
    expect(markdownToDoc('a\r\n\r\nb\u0000').content).toEqual([
      { type: 'paragraph', content: [text('a')] },
      { type: 'paragraph', content: [text('b\ufffd')] },
    ]);
  });

  it('refuses absurd input with a 400, never anything else', () => {
    const tooBig = () => markdownToDoc('x'.repeat(LIMITS.maxInputChars + 1));
    expect(tooBig).toThrow(ApiError);
    expect(tooBig).toThrow(/markdown is too large/);
    const deep = () => markdownToDoc(`${'> '.repeat(150)}deep`);
    expect(deep).toThrow(ApiError);
    expect(deep).toThrow(/nested/);
    expect(() => markdownToDoc(42 as unknown as string)).toThrow(/markdown must be a string/);
  });

  it('stays fast on runs of unmatched emphasis markers', () => {
    // marked 17 (bundled with @tiptap/markdown) needs about a minute here; see engine.ts.
    const started = performance.now();
    markdownToDoc('*a ~b _c '.repeat(4000));
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('produces documents that parseBodyJson accepts unchanged', () => {
    const doc = markdownToDoc('# T\n\n[![a](/a.png)](/x)\n\n- a\n\n  b\n\n> q\n\n```\nc\n```');
    expect(parseBodyJson(JSON.stringify(doc))).toEqual(doc);
  });
});

describe('docToMarkdown', () => {
  it('writes buttons as links and linked images as linked image syntax', () => {
    const doc: TiptapDoc = {
      type: 'doc',
      content: [
        { type: 'button', attrs: { kind: 'subscribe', label: 'Subscribe now', href: null } },
        { type: 'button', attrs: { kind: 'custom', label: 'Read [more]', href: 'https://example.com/more' } },
        image('https://example.com/a.png', 'A', 'https://example.com'),
      ],
    };
    expect(docToMarkdown(doc)).toBe(
      'Subscribe now\n\n[Read \\[more\\]](https://example.com/more)\n\n[![A](https://example.com/a.png)](https://example.com)',
    );
  });

  it('ends with the last block written, without the blank lines of an empty paragraph after it', () => {
    const doc: TiptapDoc = { type: 'doc', content: [{ type: 'paragraph', content: [text('a')] }, { type: 'paragraph' }] };
    expect(docToMarkdown(doc)).toBe('a');
  });

  it('writes each node of its own: button labels, images, bare item markers, hard breaks, a code language', () => {
    const doc: TiptapDoc = {
      type: 'doc',
      content: [
        { type: 'button', attrs: { kind: 'share', label: '# Share', href: null } },
        { type: 'button', attrs: { kind: 'custom', label: 'Go', href: '' } },
        image('/a.png', null, null, 'T'),
        image('/b.png', 'B', '/x y'),
        {
          type: 'orderedList',
          attrs: { start: 1 },
          content: [
            { type: 'listItem', content: [{ type: 'paragraph' }] },
            { type: 'listItem', content: [{ type: 'paragraph', content: [text('b')] }] },
          ],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }, { type: 'paragraph', content: [text('c')] }] }] },
        { type: 'paragraph', content: [text('a'), { type: 'hardBreak' }, { type: 'hardBreak' }, text('b')] },
        { type: 'codeBlock', attrs: { language: 'j`s x' }, content: [text('x')] },
      ],
    };
    expect(docToMarkdown(doc)).toBe(
      ['\\# Share', 'Go', '![](/a.png "T")', '[![B](/b.png)](</x y>)', '1.\n2. b', '-\n\n  c', 'a\\\n\\\nb', '```jsx\nx\n```'].join('\n\n'),
    );
  });

  it('escapes what would otherwise change meaning on the way back', () => {
    const doc: TiptapDoc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('# not a heading')] },
        { type: 'paragraph', content: [text('1. not a list')] },
        { type: 'paragraph', content: [text('- nor this')] },
        { type: 'paragraph', content: [text('see', [linkMark('https://example.com/a_(b) c', 'say "hi"')])] },
        { type: 'codeBlock', attrs: { language: 'md' }, content: [text('```\nfenced\n```')] },
        image('/a b.png', 'a ] b [c] \\ *d*'),
      ],
    };
    const md = docToMarkdown(doc);
    expect(md).toBe(
      [
        '\\# not a heading',
        '1\\. not a list',
        '\\- nor this',
        '[see](<https://example.com/a_(b) c> "say \\"hi\\"")',
        '````md\n```\nfenced\n```\n````',
        '![a &#93; b &#91;c&#93; \\\\ \\*d\\*](</a b.png>)',
      ].join('\n\n'),
    );
    expect(markdownToDoc(md)).toEqual(doc);
  });
});

describe('markdown round trip', () => {
  const corpus = [
    '# Weekly notes\n\nHello **readers**, this is *issue 12*.\n\n## Links\n\n- [One](https://example.com/1)\n- [Two](https://example.com/2 "second")\n  - nested **bold**\n\n1. first\n2. second\n\n> A quote with `code`.\n\n```python\nprint("hi")\n```\n\n---\n\n![Chart](https://img.example.com/c.png)\n\nThanks!',
    'Plain paragraph.\n\nAnother one with a hard  \nbreak and ~~strike~~.',
    '[![Logo](https://example.com/logo.png)](https://example.com)\n\nText after.',
    'Tom & Jerry <3 > 2 and 5 * 3 = 15, file_name_here, a [bracket] and a \\ backslash.',
    '10. ten\n11. eleven',
    '> quote\n>\n> - list in quote\n> - two',
    'a\n\n\n\nb',
  ];

  it.each(corpus)('is stable after one pass: %j', (md) => {
    const once = roundTrip(md);
    expect(roundTrip(once)).toBe(once);
  });

  it('keeps ordinary markdown exactly', () => {
    expect(roundTrip(corpus[0])).toBe(corpus[0]);
    expect(roundTrip(corpus[2])).toBe(corpus[2]);
  });
});

describe('a body converted in a worker', () => {
  it('is the document and preview a conversion on this thread gives', async () => {
    try {
      expect(await convertMarkdown('# A\n\nSome *text*.')).toEqual(convertPostBody('# A\n\nSome *text*.'));
    } finally {
      await workerPool().close();
    }
  }, 60_000);

  it('is named markdown in the refusal of one past its CPU budget', async () => {
    const pool = new WorkerPool({ maxWorkers: 1, cpuBudgetMs: 300 });
    try {
      // marked is superlinear on runs of "_a_" (100 KB took 50 s).
      await expect(pool.run(postBodyTask, '_a_'.repeat(33_000))).rejects.toThrow(/^markdown took more than 0\.3 s to convert/);
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe('the markdown written for each part (markdown-syntax.ts)', () => {
  it('escapes bracket text: emphasis and bracket characters, HTML characters, a line break as a space', () => {
    expect(syntax.escapeBracketText('a\\b`c*d_e[f]g~h\ni & <j>')).toBe('a\\\\b\\`c\\*d\\_e\\[f\\]g\\~h i &amp; &lt;j&gt;');
  });

  it('writes a destination bare, or in angle brackets when it holds a blank or a parenthesis; <, > and line breaks percent-encoded', () => {
    expect(syntax.linkDestination('https://e.com/a')).toBe('https://e.com/a');
    expect(syntax.linkDestination('https://e.com/<a>\r\nb\\c&d')).toBe('https://e.com/%3Ca%3E%0D%0Ab\\\\c&amp;d');
    expect(syntax.linkDestination('a b')).toBe('<a b>');
    expect(syntax.linkDestination('a\tb')).toBe('<a\tb>');
    expect(syntax.linkDestination('a(b)')).toBe('<a(b)>');
    expect(syntax.linkDestination('a)')).toBe('<a)>');
  });

  it('writes a title only when there is one, quoted and escaped on one line', () => {
    expect(syntax.linkTitle('say "hi" \\ & x\ny')).toBe(' "say \\"hi\\" \\\\ &amp; x y"');
    expect(syntax.linkTitle('')).toBe('');
    expect(syntax.linkTitle(5)).toBe('');
    expect(syntax.markdownLink('t', 'h', 'x')).toBe('[t](h "x")');
    expect(syntax.markdownLink('t', 'h')).toBe('[t](h)');
  });

  it('reads a URL or title with its character references decoded, and nothing for an empty or missing one', () => {
    expect(syntax.readLinkPart('java&#115;cript:&amp;')).toBe('javascript:&');
    expect(syntax.readLinkPart('')).toBeNull();
    expect(syntax.readLinkPart(3)).toBeNull();
  });

  it('writes alt text with brackets as character references, emphasis escaped, line breaks and the blanks around them as one space', () => {
    expect(syntax.escapeAltText('a [b] \\ `c` *d* _e_ ~f~ \n  g & h')).toBe('a &#91;b&#93; \\\\ \\`c\\` \\*d\\* \\_e\\_ \\~f\\~ g &amp; h');
    expect(syntax.markdownImage(5, 'a b', 't')).toBe('![](<a b> "t")');
  });

  it('reads alt text from the inline tokens: escapes as written, nested tokens walked, the rest decoded', () => {
    const tokens = [
      { type: 'escape', text: '*' },
      { type: 'text', text: 'x&amp;' },
      { type: 'em', text: 'zz', tokens: [{ type: 'text', text: 'y' }] },
      { type: 'em', text: 'q&amp;', tokens: [] },
      { type: 'text' },
      { type: 'escape' },
    ];
    expect(syntax.altTextOf({ type: 'image', tokens } as never)).toBe('*x&yq&');
    expect(syntax.altTextOf({ type: 'image', text: 'a&amp;b' } as never)).toBe('a&b');
    expect(syntax.altTextOf({ type: 'image' } as never)).toBe('');
  });

  it('escapes block markers at the start of a paragraph line, up to three spaces in; not indented code, nor a number not followed by a blank', () => {
    expect(syntax.escapeLineStarts('# a\n   - b\n    - c\n+ d\n= e\n12. f\n3) g\n1234567890. h\n4.x\n5.\n6.\tt')).toBe(
      '\\# a\n   \\- b\n    - c\n\\+ d\n\\= e\n12\\. f\n3\\) g\n1234567890. h\n4.x\n5\\.\n6\\.\tt',
    );
  });

  it('fences code with more backticks than its longest run, three at least', () => {
    expect(['', '`', 'a ``` b', '````'].map(syntax.codeFence)).toEqual(['```', '```', '````', '`````']);
  });
});

describe('the markdown written and read for each node of its own (extensions.ts)', () => {
  it('writes a line break in alt text as a space even with no blank before it', () => {
    expect(syntax.escapeAltText('a\nb')).toBe('a b');
  });

  it('writes nodes without attributes or content as empty parts, and a code block of several texts as their text joined', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('x')] },
        { type: 'button' },
        { type: 'image' },
        { type: 'paragraph', content: [text('l', [{ type: 'link' }])] },
        { type: 'codeBlock' },
        { type: 'codeBlock', attrs: { language: null }, content: [text('a'), { type: 'hardBreak' }, text('b')] },
      ],
    } as unknown as TiptapDoc;
    expect(docToMarkdown(doc)).toBe(['x', '', '![]()', '[l]()', '```\n\n```', '```\nab\n```'].join('\n\n'));
  });

  it('writes bold and italic across each other with asterisks alone, never as HTML', () => {
    const para = (...content: TiptapNode[]): TiptapDoc => ({ type: 'doc', content: [{ type: 'paragraph', content }] });
    expect(docToMarkdown(para(text('a', [{ type: 'bold' }]), text('b', [{ type: 'bold' }, { type: 'italic' }]), text('c', [{ type: 'italic' }])))).toBe(
      '**a*b****c*',
    );
    expect(docToMarkdown(para(text('a', [{ type: 'italic' }]), text('b', [{ type: 'italic' }, { type: 'bold' }]), text('c', [{ type: 'bold' }])))).toBe(
      '*a**b*****c**',
    );
  });

  it('writes an empty item of a list of more than nine as its bare marker, and keeps a dash ending a line of code in an item', () => {
    const item = (...content: TiptapNode[]): TiptapNode => ({ type: 'listItem', content });
    const ordered = (start: number): TiptapDoc => ({
      type: 'doc',
      content: [{ type: 'orderedList', attrs: { start }, content: [item({ type: 'paragraph' }), item({ type: 'paragraph', content: [text('b')] })] }],
    });
    expect(docToMarkdown(ordered(10))).toBe('10.\n11. b');
    const code: TiptapDoc = {
      type: 'doc',
      content: [{ type: 'bulletList', content: [item({ type: 'paragraph', content: [text('x')] }, { type: 'codeBlock', attrs: { language: null }, content: [text('a - \nb')] })] }],
    };
    expect(docToMarkdown(code)).toBe('- x\n  ```\n  a - \n  b\n  ```');
  });

  it("leaves an ordered list opening with an empty item, a line after it, to marked's own list rule (TipTap's reads it as text)", () => {
    const expected = [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }, { type: 'paragraph', content: [text('a')] }] }] }];
    for (const md of ['* 1. \n  a', '* 10. \n  a', '* 1.\n  a', '* 1.\t\t\n  a']) expect(markdownToDoc(md).content, md).toEqual(expected);
  });

  it("reads an empty item further down an ordered list as TipTap's own list tokenizer does, a line of the item before (only a list opening with one is left to marked)", () => {
    const ordered = (...items: string[]) => [
      { type: 'orderedList', attrs: { start: 1, type: null }, content: items.map((t) => ({ type: 'listItem', content: [{ type: 'paragraph', content: [text(t)] }] })) },
    ];
    expect(markdownToDoc('1. one\n2. two\n3.\n').content).toEqual(ordered('one', 'two\n3.'));
    expect(markdownToDoc('1. a\n2.\n3. c').content).toEqual(ordered('a\n2.', 'c'));
  });

  it("renders a button of a kind it does not know as a custom one, and one without a label with no text", () => {
    const doc = { type: 'doc', content: [{ type: 'button', attrs: { kind: 'other', label: null, href: null } }] } as unknown as TiptapDoc;
    expect(docToHtml(doc)).toBe('<p class="button-wrapper"><a class="button button-custom" data-type="button" data-kind="custom"></a></p>');
  });
});
