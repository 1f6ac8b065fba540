import { describe, expect, it } from 'vitest';

import { docToPlainText, markdownToDoc, parseBodyJson, previewOf, type TiptapDoc, type TiptapNode } from './index.js';

const md = (source: string) => markdownToDoc(source);
/** A paragraph of these texts, '\n' standing for a hard break. */
const para = (...texts: string[]): TiptapNode => ({
  type: 'paragraph',
  content: texts.map((text) => (text === '\n' ? { type: 'hardBreak' } : { type: 'text', text })),
});
const item = (...content: TiptapNode[]): TiptapNode => ({ type: 'listItem', content });
const doc = (...content: TiptapNode[]): TiptapDoc => ({ type: 'doc', content });

describe('docToPlainText', () => {
  it('keeps the words and drops the markup', () => {
    const doc = md('# Title\n\nSome **bold** [link](https://e.com) text.  \nNext line.\n\n- one\n- two\n\n> quoted\n\n```\ncode here\n```\n\n---\n\n![alt](/a.png)');
    expect(docToPlainText(doc)).toBe('Title\n\nSome bold link text.\nNext line.\n\none\ntwo\n\nquoted\n\ncode here');
  });

  it('leaves out buttons and images', () => {
    const doc = parseBodyJson(
      JSON.stringify({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] },
          { type: 'button', attrs: { kind: 'subscribe', label: 'Subscribe' } },
          { type: 'image', attrs: { src: '/a.png', alt: 'A' } },
        ],
      }),
    );
    expect(docToPlainText(doc)).toBe('Hello');
  });

  it('leaves out blank paragraphs and list items, and lists with nothing else', () => {
    const bullets = { type: 'bulletList', content: [item(para(' ')), item(para('b'), { type: 'orderedList', content: [item(para('c'))] })] };
    const blankList = { type: 'bulletList', content: [item(para('  '))] };
    expect(docToPlainText(doc(para(' '), para('a'), bullets, blankList, para('d')))).toBe('a\n\nb\nc\n\nd');
  });

  it('keeps the items of either kind of list together, one line each', () => {
    for (const type of ['bulletList', 'orderedList']) {
      expect(docToPlainText(doc(para('a'), { type, content: [item(para('b')), item(para('c'), para('d'))] }, para('e')))).toBe('a\n\nb\nc\nd\n\ne');
    }
  });

  it('reads a document or block without content as empty', () => {
    expect(docToPlainText(doc({ type: 'paragraph', content: [{ type: 'text' }] }))).toBe('');
    expect(previewOf(doc({ type: 'paragraph', content: [{ type: 'text' }] }, para('x')))).toBe('x');
    expect(docToPlainText({ type: 'doc' })).toBe('');
    expect(docToPlainText(doc({ type: 'paragraph' }, para('x')))).toBe('x');
  });

  it('is empty for an empty document', () => {
    expect(docToPlainText(md(''))).toBe('');
  });
});

describe('previewOf', () => {
  it('returns short text whole, on one line, without code blocks', () => {
    expect(previewOf(md('# Title\n\nFirst   para.\n\n```\nconst x = 1;\n```\n\nSecond.'))).toBe('Title First para. Second.');
  });

  it('cuts long text on a word boundary with an ellipsis, within the limit', () => {
    const doc = md('The quick brown fox jumps over the lazy dog, again and again.');
    expect(previewOf(doc, 20)).toBe('The quick brown fox…');
    expect(previewOf(doc, 24)).toBe('The quick brown fox…');
    expect(previewOf(doc, 26)).toBe('The quick brown fox jumps…');
    for (let max = 1; max < 70; max++) expect(previewOf(doc, max).length).toBeLessThanOrEqual(max);
  });

  it('does not leave dangling punctuation before the ellipsis', () => {
    expect(previewOf(md('Hello, world and everyone'), 8)).toBe('Hello…');
  });

  it('cuts one enormous word without splitting a surrogate pair', () => {
    const doc: TiptapDoc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a😀😀😀😀😀' }] }] };
    const preview = previewOf(doc, 5);
    expect(preview).toBe('a😀…');
    expect(preview).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('cuts the text after a block that ends exactly at the limit', () => {
    expect(previewOf(doc(para('abcde'), para('fgh')), 5)).toBe('abcd…');
    expect(previewOf(doc(para('abcd'), para('fgh')), 5)).toBe('abcd…');
    expect(previewOf(doc(para('abcde')), 5)).toBe('abcde');
  });

  it('never splits a surrogate pair at either end of the high surrogates', () => {
    expect(previewOf(doc(para('a\u{10000}\u{10000}\u{10000}')), 3)).toBe('a…');
    expect(previewOf(doc(para('a\u{10FFFF}\u{10FFFF}\u{10FFFF}')), 3)).toBe('a…');
    expect(previewOf(doc(para('abcdef')), 3)).toBe('ab…');
  });

  it('drops every kind of trailing punctuation and space before the ellipsis', () => {
    expect(previewOf(doc(para('Hi .-–—,;: zzzzzz')), 12)).toBe('Hi…');
  });

  it('reads hard breaks and the edges of texts and blocks as single spaces', () => {
    expect(previewOf(doc(para(' a ', '\n', '  b'), para(' c')), 50)).toBe('a b c');
    expect(previewOf(doc(para('a', '\n', 'b')), 50)).toBe('a b');
    expect(previewOf(doc({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'T' }] }, para('x')))).toBe('T x');
  });

  it('joins texts of one block without a space, and reads empty blocks as nothing', () => {
    const bold = { type: 'text', text: 'ab', marks: [{ type: 'bold' }] };
    expect(previewOf(doc({ type: 'paragraph', content: [bold, { type: 'text', text: 'cd' }] }))).toBe('abcd');
    expect(previewOf(doc({ type: 'paragraph' }, para('x')))).toBe('x');
    expect(previewOf({ type: 'doc' })).toBe('');
  });

  it('moves a cut back only from a high surrogate, looking at the character before the cut', () => {
    expect(previewOf(doc(para('ab\u{1F600}cd')), 4)).toBe('ab…');
    expect(previewOf(doc(para('a\uff01\uff01\uff01')), 3)).toBe('a\uff01…');
    expect(previewOf(doc(para('a\u{1F600}\u{1F600}')), 4)).toBe('a\u{1F600}…');
  });

  it('defaults to 500 characters', () => {
    const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const preview = previewOf(md(long));
    expect(preview.length).toBeLessThanOrEqual(500);
    expect(preview.endsWith('…')).toBe(true);
    expect(long.startsWith(preview.slice(0, -1))).toBe(true);
  });

  it('is empty when there is no prose', () => {
    expect(previewOf(md('![a](/a.png)\n\n---'))).toBe('');
    expect(previewOf(md('text'), 0)).toBe('');
  });
});
