import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../errors.js';
import { docToHtml, docToMarkdown, markdownToDoc, parseBodyJson, previewOf, type TiptapDoc, type TiptapMark, type TiptapNode } from './index.js';
import { htmlProblems } from './html-problems.support.test.js';

const RUNS = { seed: 42, numRuns: 200 };

// Words that try to break out of text or attributes, mixed with ordinary ones.
const hostileWords = fc.oneof(
  fc.constantFrom(
    'hello', 'world', 'Tom & Jerry', '<script>alert(1)</script>', '" onmouseover="alert(1)', "' onload='x",
    '<img src=x onerror=alert(1)>', '&amp;', '*not bold*', '_x_', '[a](b)', '\\', '😀', '# hash', '1. one', '- dash', '`tick`',
  ),
  fc.string({ minLength: 1, maxLength: 8 }).filter((s) => /\S/.test(s)),
);
// Prose as people write it: punctuation and symbols, but no literal markdown link syntax.
const ordinaryWords = fc.constantFrom('hello', 'world', 'Tom & Jerry', "it's", '50%', 'a+b', '<3', 'x > y', '(aside)', 'done.', 'why?', '😀', 'snake_case', '#hashtag');

function documents(word: fc.Arbitrary<string>, stackedFormatting: boolean): fc.Arbitrary<TiptapDoc> {
  const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
  const safeHref = fc.constantFrom('https://example.com/a', '/relative/path', '#section', 'mailto:me@example.com', 'https://e.com/a b"c<d>(e)');
  const optionalTitle = fc.option(fc.constantFrom('A title', 'say "hi"'), { nil: null });

  const linkMark = fc.record({ href: safeHref, title: optionalTitle }).map(
    ({ href, title }): TiptapMark => ({ type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title } }),
  );
  // Marks in schema rank order (link, bold, code, italic, strike); code excludes every other mark.
  const anyFormatting = fc
    .tuple(fc.boolean(), fc.boolean(), fc.boolean())
    .map(([bold, italic, strike]) => [bold && 'bold', italic && 'italic', strike && 'strike'].filter(Boolean) as string[]);
  // What people usually write: one style at a time, or bold italic.
  const usualFormatting = fc.constantFrom([], ['bold'], ['italic'], ['strike'], ['bold', 'italic']);
  const marks = fc.oneof(
    fc
      .tuple(fc.option(linkMark, { nil: undefined }), stackedFormatting ? anyFormatting : usualFormatting)
      .map(([link, names]) => [link, ...names.map((type) => ({ type }))].filter(Boolean) as TiptapMark[]),
    fc.constant<TiptapMark[]>([{ type: 'code' }]),
  );

  /** Inline content as ProseMirror stores it: adjacent texts with equal marks are one node. */
  const inline = fc
    .array(fc.oneof({ weight: 6, arbitrary: fc.record({ text: words, marks }) }, { weight: 1, arbitrary: fc.constant(null) }), { minLength: 1, maxLength: 5 })
    .map((parts) => {
      const out: TiptapNode[] = [];
      for (const part of parts) {
        if (part === null) {
          out.push({ type: 'hardBreak' });
          continue;
        }
        const last = out[out.length - 1];
        // Words are separated by spaces; formatting changes inside a word are not ordinary prose.
        const value = last?.type === 'text' ? ` ${part.text}` : part.text;
        const node: TiptapNode = part.marks.length > 0 ? { type: 'text', marks: part.marks, text: value } : { type: 'text', text: value };
        if (last?.type === 'text' && JSON.stringify(last.marks) === JSON.stringify(node.marks)) last.text += value;
        else out.push(node);
      }
      return out;
    });

  const paragraph = inline.map((content): TiptapNode => ({ type: 'paragraph', content }));
  const heading = fc.tuple(fc.integer({ min: 1, max: 6 }), inline).map(([level, content]): TiptapNode => ({ type: 'heading', attrs: { level }, content }));
  const button = fc
    .tuple(fc.constantFrom('subscribe', 'share', 'custom'), words, fc.option(safeHref, { nil: null }))
    .map(([kind, label, href]): TiptapNode => ({ type: 'button', attrs: { kind, label, href: kind === 'custom' ? (href ?? '/fallback') : href } }));
  const image = fc
    .tuple(fc.constantFrom('https://cdn.example.com/a.png', '/img/b c.png'), fc.option(words, { nil: null }), optionalTitle, fc.option(safeHref, { nil: null }))
    .map(([src, alt, title, href]): TiptapNode => ({ type: 'image', attrs: { src, alt, title, width: null, height: null, href } }));
  const codeBlock = fc
    .tuple(fc.option(fc.constantFrom('js', 'c++', 'objective-c'), { nil: null }), fc.string({ minLength: 1, maxLength: 30 }))
    .map(([language, code]): TiptapNode => ({ type: 'codeBlock', attrs: { language }, content: [{ type: 'text', text: code }] }));

  const { list } = fc.letrec<{ list: TiptapNode; item: TiptapNode }>((tie) => ({
    item: fc
      .tuple(paragraph, fc.option(tie('list'), { nil: undefined, depthSize: 'small' }))
      .map(([first, nested]): TiptapNode => ({ type: 'listItem', content: nested ? [first, nested] : [first] })),
    list: fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 20 }), fc.array(tie('item'), { minLength: 1, maxLength: 3 })).map(
      ([ordered, start, content]): TiptapNode =>
        ordered ? { type: 'orderedList', attrs: { start, type: null }, content } : { type: 'bulletList', content },
    ),
  }));

  const block = fc.oneof(
    { weight: 4, arbitrary: paragraph },
    { weight: 2, arbitrary: heading },
    { weight: 2, arbitrary: list },
    { weight: 2, arbitrary: button },
    { weight: 2, arbitrary: image },
    { weight: 1, arbitrary: codeBlock },
    { weight: 1, arbitrary: paragraph.map((p): TiptapNode => ({ type: 'blockquote', content: [p] })) },
    { weight: 1, arbitrary: fc.constant<TiptapNode>({ type: 'horizontalRule' }) },
  );
  return fc.array(block, { minLength: 1, maxLength: 6 }).map((content): TiptapDoc => ({ type: 'doc', content }));
}

const docs = documents(hostileWords, true);
const ordinaryDocs = documents(ordinaryWords, false);

describe('generated documents', () => {
  it('survive PUT unchanged: parseBodyJson(JSON.stringify(doc)) equals doc', () => {
    fc.assert(
      fc.property(docs, (doc) => {
        expect(parseBodyJson(JSON.stringify(doc))).toEqual(doc);
      }),
      RUNS,
    );
  });

  it('never render script or event-handler attributes', () => {
    fc.assert(
      fc.property(docs, (doc) => {
        const html = docToHtml(doc);
        expect(html).not.toMatch(/<script/i);
        // An attribute name (not text inside a quoted value) starting with "on".
        expect(html).not.toMatch(/<[a-z0-9]+(?:\s+[a-z-]+="[^"]*")*\s+on[a-z]+=/i);
        expect(htmlProblems(html)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('give markdown that is stable after one pass and converts back to an acceptable document', () => {
    fc.assert(
      fc.property(ordinaryDocs, (doc) => {
        const once = docToMarkdown(markdownToDoc(docToMarkdown(doc)));
        const back = markdownToDoc(once);
        expect(docToMarkdown(back)).toBe(once);
        expect(parseBodyJson(JSON.stringify(back))).toEqual(back);
      }),
      RUNS,
    );
  });
});

describe('previewOf', () => {
  it('cuts the words of the paragraphs and headings in order, as it cuts them written as one paragraph (it stops reading only where that changes nothing)', () => {
    fc.assert(
      fc.property(docs, fc.integer({ min: 1, max: 80 }), (doc, max) => {
        const words: string[] = [];
        const read = (node: TiptapNode): void => {
          if (node.type === 'paragraph' || node.type === 'heading') {
            for (const child of node.content ?? []) words.push(child.type === 'text' ? (child.text ?? '') : ' ');
            words.push(' ');
          } else if (node.type !== 'codeBlock') for (const child of node.content ?? []) read(child);
        };
        read(doc as TiptapNode);
        const oneParagraph: TiptapDoc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words.join('') }] }] };
        expect(previewOf(doc, max)).toBe(previewOf(oneParagraph, max));
      }),
      RUNS,
    );
  });
});

describe('arbitrary markdown', () => {
  const pieces = [
    '# ', '## ', '- ', '* ', '1. ', '2) ', '> ', '```', '```js\n', '~~', '**', '*', '_', '`', '[', ']', '(', ')', '![', '](',
    'https://x.com', 'javascript:alert(1)', '<script>', '</script>', '<img src=x onerror=alert(1)>', '&amp;', '&#91;', '\\',
    '\n', '\n\n', '  \n', '    ', '\t', ' ', 'word', '|', '---', '===', '[ ] ', '"', '😀', '\u0000', '\r\n',
  ];
  const source = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));

  it('converts or is refused with a 400, and what converts is valid and safe', () => {
    fc.assert(
      fc.property(source, (md) => {
        let doc: TiptapDoc;
        try {
          doc = markdownToDoc(md);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          return;
        }
        expect(parseBodyJson(JSON.stringify(doc))).toEqual(doc);
        expect(htmlProblems(docToHtml(doc))).toEqual([]);
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});
