import { describe, expect, it } from 'vitest';

import { ApiError } from '../errors.js';
import { LIMITS, parseBodyJson, type TiptapDoc } from './index.js';

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const docOf = (...content: unknown[]) => JSON.stringify({ type: 'doc', content });

/** The 400 message parseBodyJson gives for this input (fails the test if it accepts it). */
function rejection(input: string): string {
  try {
    parseBodyJson(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).message;
  }
  throw new Error(`expected ${input.slice(0, 200)} to be rejected`);
}

describe('parseBodyJson accepts', () => {
  it('an ordinary document and returns it in canonical form', () => {
    const doc = parseBodyJson(docOf({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Hi' }] }, para('x')));
    expect(doc).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Hi' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'x' }] },
      ],
    });
  });

  it('buttons and linked images, filling in default attributes', () => {
    const doc = parseBodyJson(
      docOf(
        { type: 'button', attrs: { kind: 'subscribe', label: 'Subscribe' } },
        { type: 'button', attrs: { kind: 'custom', label: 'Read', href: 'https://example.com/a' } },
        { type: 'image', attrs: { src: 'https://cdn.example.com/a.png', alt: 'A', href: '/posts/1' } },
      ),
    );
    expect(doc.content).toEqual([
      { type: 'button', attrs: { kind: 'subscribe', label: 'Subscribe', href: null } },
      { type: 'button', attrs: { kind: 'custom', label: 'Read', href: 'https://example.com/a' } },
      {
        type: 'image',
        attrs: { src: 'https://cdn.example.com/a.png', alt: 'A', title: null, width: null, height: null, href: '/posts/1' },
      },
    ]);
  });

  it('an empty document, as one empty paragraph', () => {
    expect(parseBodyJson('{"type":"doc"}')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(parseBodyJson('{"type":"doc","content":[]}')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('drops attributes the schema does not know, as ProseMirror does', () => {
    const doc = parseBodyJson(docOf({ type: 'paragraph', attrs: { textAlign: 'center' }, content: [{ type: 'text', text: 'x' }] }));
    expect(doc.content?.[0]).toEqual(para('x'));
  });

  it('links with the allowed schemes and relative targets', () => {
    for (const href of ['https://a.example', 'http://a.example', 'mailto:a@b.c', 'tel:+123', '/x', '#top', '?q=1', 'a/b']) {
      const doc = parseBodyJson(docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }] }));
      expect(doc.content?.[0].content?.[0].marks?.[0].attrs?.href).toBe(href);
    }
  });

  it('returns objects that share nothing with the schema', () => {
    const a = parseBodyJson(docOf({ type: 'heading', content: [{ type: 'text', text: 'x' }] }));
    (a.content![0].attrs as Record<string, unknown>).level = 6;
    const b = parseBodyJson(docOf({ type: 'heading', content: [{ type: 'text', text: 'x' }] }));
    expect(b.content![0].attrs).toEqual({ level: 1 });
  });
});

describe('parseBodyJson rejects, saying what is wrong', () => {
  it.each([
    ['{', /^bodyJson is not valid JSON: /],
    ['', /^bodyJson is not valid JSON: /],
    ['[]', /^bodyJson must be a TipTap document \(\{"type":"doc","content":\[\.\.\.\]\}\)$/],
    ['"doc"', /must be a TipTap document/],
    ['null', /must be a TipTap document/],
    ['{"type":"paragraph"}', /must be a TipTap document/],
  ])('%j', (input, message) => {
    expect(rejection(input)).toMatch(message);
  });

  it('a non-string input', () => {
    expect(() => parseBodyJson({ type: 'doc' } as unknown as string)).toThrow(/bodyJson must be a string/);
  });

  it('unknown node types, with their path', () => {
    expect(rejection(docOf(para('a'), para('b'), { type: 'foo' }))).toMatch(
      /^bodyJson: unknown node type "foo" at content\[2\] \(supported: .*paragraph.*button/,
    );
    expect(rejection(docOf({ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'table' }] }] }))).toMatch(
      /unknown node type "table" at content\[0\]\.content\[0\]\.content\[0\]/,
    );
  });

  it('unknown mark types', () => {
    const input = docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'underline' }] }] });
    expect(rejection(input)).toMatch(/^bodyJson: unknown mark type "underline" at content\[0\]\.content\[0\]\.marks\[0\] \(supported: /);
  });

  it('content that does not fit its parent', () => {
    expect(rejection(docOf({ type: 'paragraph', content: [{ type: 'heading', content: [] }] }))).toBe(
      'bodyJson: node "paragraph" may not contain "heading" at content[0].content[0]',
    );
    expect(rejection(docOf({ type: 'text', text: 'loose' }))).toBe('bodyJson: node "doc" may not contain "text" at content[0]');
    expect(rejection(docOf({ type: 'bulletList', content: [] }))).toMatch(/node "bulletList" at content\[0\] is incomplete: its content must match "listItem\+"/);
    expect(rejection(docOf({ type: 'bulletList', content: [{ type: 'listItem', content: [] }] }))).toMatch(/"listItem" at content\[0\]\.content\[0\] is incomplete/);
    expect(rejection(docOf({ type: 'image', attrs: { src: '/a.png' }, content: [{ type: 'text', text: 'x' }] }))).toMatch(/node "image" at content\[0\] cannot have content/);
  });

  it('nested docs', () => {
    expect(rejection(docOf({ type: 'blockquote', content: [{ type: 'doc', content: [] }] }))).toMatch(/"doc" may only be the top-level node, found one at content\[0\]\.content\[0\]/);
  });

  it('malformed nodes and marks', () => {
    expect(rejection(docOf('text'))).toMatch(/node at content\[0\] must be an object with a "type"/);
    expect(rejection(docOf({ content: [] }))).toMatch(/node at content\[0\] has no "type" string/);
    expect(rejection(docOf({ type: 'paragraph', content: 'x' }))).toMatch(/"content" at content\[0\] must be an array/);
    expect(rejection(docOf({ type: 'paragraph', content: [{ type: 'text', text: '' }] }))).toMatch(/text node at content\[0\]\.content\[0\] needs a non-empty "text" string/);
    expect(rejection(docOf({ type: 'paragraph', content: [{ type: 'text' }] }))).toMatch(/needs a non-empty "text"/);
    expect(rejection(docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: {} }] }))).toMatch(/"marks" at content\[0\]\.content\[0\] must be an array/);
    expect(rejection(docOf({ type: 'paragraph', attrs: [], content: [] }))).toMatch(/"attrs" of "paragraph" at content\[0\] must be an object/);
  });

  it('marks where they cannot go', () => {
    const bold = [{ type: 'bold' }];
    expect(rejection(docOf({ type: 'paragraph', marks: bold, content: [] }))).toMatch(/mark "bold" is not allowed on "paragraph" inside "doc" at content\[0\]/);
    expect(rejection(docOf({ type: 'codeBlock', content: [{ type: 'text', text: 'x', marks: bold }] }))).toMatch(/mark "bold" is not allowed on "text" inside "codeBlock"/);
    expect(rejection(docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'code' }, { type: 'bold' }] }] }))).toMatch(/marks "code" and "bold" cannot be combined/);
    expect(rejection(docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }, { type: 'bold' }] }] }))).toMatch(/mark "bold" appears twice/);
  });

  it('attribute values that would misrender', () => {
    expect(rejection(docOf({ type: 'heading', attrs: { level: 7 }, content: [] }))).toBe(
      'bodyJson: attrs.level of "heading" at content[0] must be an integer from 1 to 6',
    );
    expect(rejection(docOf({ type: 'heading', attrs: { level: '1 onclick=x' }, content: [] }))).toMatch(/attrs\.level .* must be an integer/);
    expect(rejection(docOf({ type: 'codeBlock', attrs: { language: 'js" onclick="x' } }))).toMatch(/attrs\.language of "codeBlock" at content\[0\] must be a language name/);
    expect(rejection(docOf({ type: 'orderedList', attrs: { start: -1 }, content: [{ type: 'listItem', content: [para('x')] }] }))).toMatch(/attrs\.start .* integer from 0/);
    expect(rejection(docOf({ type: 'image', attrs: { src: '/a.png', alt: { x: 1 } } }))).toMatch(/attrs\.alt of "image" at content\[0\] must be a string, number, boolean or null/);
    expect(rejection(docOf({ type: 'image', attrs: { src: '/a.png', width: 'calc(1)' } }))).toMatch(/attrs\.width/);
    expect(rejection(docOf({ type: 'image', attrs: { alt: 'no source' } }))).toMatch(/attrs\.src of "image" at content\[0\] must be a string/);
  });

  it('buttons without a usable kind, label or target', () => {
    expect(rejection(docOf({ type: 'button', attrs: { kind: 'donate', label: 'x', href: '/x' } }))).toMatch(/attrs\.kind of "button" at content\[0\] must be one of "subscribe", "share", "custom"/);
    expect(rejection(docOf({ type: 'button', attrs: { kind: 'share', label: '' } }))).toMatch(/attrs\.label .* non-empty string/);
    expect(rejection(docOf({ type: 'button', attrs: { kind: 'custom', label: 'Go' } }))).toMatch(/a button of kind "custom" needs attrs\.href at content\[0\]/);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
  ])('the unsafe URL %j on links, buttons and images', (url) => {
    const link = docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: url } }] }] });
    expect(rejection(link)).toMatch(/^bodyJson: attrs\.href of mark "link" at content\[0\]\.content\[0\]\.marks\[0\] uses the disallowed scheme "[a-z]+:" \(allowed: http, https, mailto, tel or a relative URL\)$/);
    expect(rejection(docOf({ type: 'button', attrs: { kind: 'custom', label: 'x', href: url } }))).toMatch(/attrs\.href of "button" .* disallowed scheme/);
    expect(rejection(docOf({ type: 'image', attrs: { src: '/a.png', href: url } }))).toMatch(/attrs\.href of "image" .* disallowed scheme/);
    expect(rejection(docOf({ type: 'image', attrs: { src: url } }))).toMatch(/attrs\.src of "image" .* disallowed scheme/);
  });

  it('images from mailto/tel, which only make sense as links', () => {
    expect(rejection(docOf({ type: 'image', attrs: { src: 'mailto:a@b.c' } }))).toMatch(/allowed: http, https or a relative URL/);
  });

  it('documents nested too deeply', () => {
    let node: unknown = para('deep');
    for (let i = 0; i < 60; i++) node = { type: 'blockquote', content: [node] };
    expect(() => parseBodyJson(docOf(node))).not.toThrow();
    for (let i = 0; i < 60; i++) node = { type: 'blockquote', content: [node] };
    expect(rejection(docOf(node))).toMatch(`bodyJson: the document is nested more than ${LIMITS.maxDepth} levels deep`);
  });

  it('JSON nested far beyond any document, without blowing the stack', () => {
    const input = `{"type":"doc","content":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(rejection(input)).toMatch(/^bodyJson/);
  });

  it('absurd sizes', () => {
    const huge = docOf(para('x'.repeat(LIMITS.maxInputChars)));
    expect(rejection(huge)).toMatch(/^bodyJson is too large: \d+ characters, the limit is 2000000$/);
    const many = docOf({ type: 'paragraph', content: Array.from({ length: LIMITS.maxNodes }, () => ({ type: 'hardBreak' })) });
    expect(rejection(many)).toBe(`bodyJson: the document has more than ${LIMITS.maxNodes} nodes`);
  });
});

describe('parseBodyJson round trip', () => {
  it('is the identity on its own output', () => {
    const input: TiptapDoc = JSON.parse(
      docOf(
        { type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'link', attrs: { href: '/x' } }, { type: 'bold' }] }] },
        { type: 'orderedList', attrs: { start: 4 }, content: [{ type: 'listItem', content: [para('x'), { type: 'bulletList', content: [{ type: 'listItem', content: [para('y')] }] }] }] },
      ),
    );
    const once = parseBodyJson(JSON.stringify(input));
    expect(parseBodyJson(JSON.stringify(once))).toEqual(once);
  });
});
