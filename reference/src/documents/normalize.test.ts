import type { JSONContent } from '@tiptap/core';
import { describe, expect, it } from 'vitest';

import { getEngine } from './engine.js';
import { fixMarks, normalizeParsedMarkdown, trimEdges } from './normalize.js';

const { schema } = getEngine();

describe('fixMarks', () => {
  it('orders marks by the schema and drops what the schema refuses, the same on every call for the same types', () => {
    const first = fixMarks([{ type: 'italic' }, { type: 'bold' }, { type: 'unknown' }], schema);
    expect(first).toEqual([{ type: 'bold' }, { type: 'italic' }]);
    // Kept per list of types: the second call answers the first's (frozen) marks.
    const again = fixMarks([{ type: 'italic' }, { type: 'bold' }, { type: 'unknown' }], schema);
    expect(again).toBe(first);
    expect(Object.isFrozen(again)).toBe(true);
    expect(fixMarks([{ type: 'bold' }, { type: 'italic' }], schema)).toEqual([{ type: 'bold' }, { type: 'italic' }]);
    expect(fixMarks([{ type: 'unknown' }], schema)).toBeUndefined();
  });

  it('builds marks with attributes each time: each link keeps its own target, and an unsafe one is dropped', () => {
    const link = (href: string) => [{ type: 'bold' }, { type: 'link', attrs: { href } }];
    const a = fixMarks(link('https://example.com/a'), schema);
    const b = fixMarks(link('https://example.com/b'), schema);
    expect(a?.find((m) => m.type === 'link')?.attrs?.href).toBe('https://example.com/a');
    expect(b?.find((m) => m.type === 'link')?.attrs?.href).toBe('https://example.com/b');
    expect(fixMarks(link('javascript:alert(1)'), schema)).toEqual([{ type: 'bold' }]);
  });
});

describe('fixMarks of marks with attributes', () => {
  it('keeps a list of marks with empty attributes as a list of types; null attributes are none', () => {
    const first = fixMarks([{ type: 'bold', attrs: {} }], schema);
    expect(first).toEqual([{ type: 'bold' }]);
    expect(fixMarks([{ type: 'bold', attrs: {} }], schema)).toBe(first);
    expect(fixMarks([{ type: 'italic', attrs: null as never }], schema)).toEqual([{ type: 'italic' }]);
  });

  it('drops a link without a target, and underline, which the schema leaves out', () => {
    expect(fixMarks([{ type: 'link' }], schema)).toBeUndefined();
    expect(fixMarks([{ type: 'underline' }], schema)).toBeUndefined();
  });
});

describe('trimEdges', () => {
  const text = (value?: string): JSONContent => (value === undefined ? { type: 'text' } : { type: 'text', text: value });
  const br: JSONContent = { type: 'hardBreak' };

  it('trims white space at the start and end of a line, around hard breaks, and drops breaks at either end', () => {
    expect(trimEdges([br, text('  a '), br, text(' b'), text(' c  '), br])).toEqual([text('a'), br, text('b'), text(' c')]);
    expect(trimEdges([text(' x ')])).toEqual([text('x')]);
  });

  it('drops text left empty, or without text at all', () => {
    expect(trimEdges([text(), text('a'), text('  ')])).toEqual([text('a')]);
  });
});

describe('normalizeParsedMarkdown', () => {
  const text = (value: string): JSONContent => ({ type: 'text', text: value });
  const p = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
  const doc = (...content: JSONContent[]) => normalizeParsedMarkdown({ type: 'doc', content }, schema);

  it('wraps each run of inline nodes left in a block container in a paragraph of its own', () => {
    expect(doc(p(text('a')), text('b'), text('c'), p(text('d')))).toEqual({ type: 'doc', content: [p(text('a')), p(text('b'), text('c')), p(text('d'))] });
  });

  it('drops nodes the schema lacks, empty text, an image without a source and an empty list item', () => {
    const empty = { type: 'doc', content: [{ type: 'paragraph', content: [] }] };
    expect(doc({ type: 'unknown', content: [text('x')] })).toEqual(empty);
    expect(doc({ type: 'text', text: '' })).toEqual(empty);
    expect(doc({ type: 'image' })).toEqual(empty);
    expect(doc({ type: 'listItem', content: [] })).toEqual(empty);
  });

  it("joins a code block's text, names its language by the first word of the info string, and gives one without attributes none", () => {
    expect(doc({ type: 'codeBlock', attrs: { language: '  js  x' }, content: [text('a'), { type: 'hardBreak' }, text('b')] })).toEqual({
      type: 'doc',
      content: [{ type: 'codeBlock', attrs: { language: 'js' }, content: [text('ab')] }],
    });
    expect(doc({ type: 'codeBlock', content: [text('x')] })).toEqual({
      type: 'doc',
      content: [{ type: 'codeBlock', attrs: { language: null }, content: [text('x')] }],
    });
  });

  it('keeps only the items of a list, and gives a leaf no content', () => {
    const item = { type: 'listItem', content: [p(text('b'))] };
    expect(doc({ type: 'bulletList', content: [p(text('a')), item] })).toEqual({ type: 'doc', content: [{ type: 'bulletList', content: [item] }] });
    expect(doc({ type: 'horizontalRule' }, { type: 'horizontalRule', content: [text('x')] })).toEqual({
      type: 'doc',
      content: [{ type: 'horizontalRule' }, { type: 'horizontalRule', content: [p(text('x'))] }],
    });
  });
});

describe('the button node', () => {
  it('defaults to a custom button with an empty label and no target', () => {
    expect(schema.nodeFromJSON({ type: 'button' }).toJSON()).toEqual({ type: 'button', attrs: { kind: 'custom', label: '', href: null } });
  });
});
