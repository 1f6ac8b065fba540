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

describe('parseBodyJson, at the edges of each rule', () => {
  const linkTo = (href: unknown) => docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }] });
  const image = (attrs: Record<string, unknown>) => docOf({ type: 'image', attrs: { src: '/a.png', ...attrs } });
  const list = (attrs: Record<string, unknown>) => docOf({ type: 'orderedList', attrs, content: [{ type: 'listItem', content: [para('x')] }] });
  const heading = (level: unknown) => docOf({ type: 'heading', attrs: { level }, content: [] });
  const accepts = (input: string) => expect(() => parseBodyJson(input)).not.toThrow();

  it('names every supported node type but "doc" when the type is unknown', () => {
    expect(rejection(docOf({ type: 'foo' }))).toBe(
      'bodyJson: unknown node type "foo" at content[0] (supported: paragraph, blockquote, bulletList, codeBlock, hardBreak, heading, horizontalRule, listItem, orderedList, text, image, button)',
    );
  });

  it('marks on the document itself, which has no parent', () => {
    expect(rejection('{"type":"doc","marks":[{"type":"bold"}]}')).toBe('bodyJson: mark "bold" is not allowed on "doc" at the top level');
  });

  it('marks that are not objects with a type, or of an unknown type, naming those there are', () => {
    const marked = (marks: unknown) => docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks }] });
    for (const mark of ['bold', {}, { type: 5 }, null]) {
      expect(rejection(marked([mark]))).toBe('bodyJson: mark at content[0].content[0].marks[0] must be an object with a "type"');
    }
    expect(rejection(marked([{ type: 'bold' }, { type: 'underline' }]))).toBe(
      'bodyJson: unknown mark type "underline" at content[0].content[0].marks[1] (supported: link, bold, code, italic, strike)',
    );
  });

  it('text that is not a string', () => {
    expect(rejection(docOf({ type: 'paragraph', content: [{ type: 'text', text: 5 }] }))).toBe(
      'bodyJson: text node at content[0].content[0] needs a non-empty "text" string',
    );
  });

  it('two marks that exclude each other in either order', () => {
    const marks = [{ type: 'bold' }, { type: 'code' }];
    expect(rejection(docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks }] }))).toBe(
      'bodyJson: marks "bold" and "code" cannot be combined at content[0].content[0]',
    );
  });

  it('mark attributes, named by the mark\'s path', () => {
    const target = docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: '/x', target: 'x' } }] }] });
    expect(rejection(target)).toBe(
      'bodyJson: attrs.target of mark "link" at content[0].content[0].marks[0] must be one of null, "_blank", "_self", "_parent", "_top"',
    );
    for (const value of ['_blank', '_self', '_parent', '_top', null]) {
      accepts(docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: '/x', target: value } }] }] }));
    }
    const withText = (name: string, value: unknown) =>
      docOf({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: '/x', [name]: value } }] }] });
    for (const name of ['rel', 'class']) {
      accepts(withText(name, 'r'.repeat(200)));
      expect(rejection(withText(name, 'r'.repeat(201)))).toBe(
        `bodyJson: attrs.${name} of mark "link" at content[0].content[0].marks[0] must be a string of at most 200 characters, or null`,
      );
      expect(rejection(withText(name, 5))).toMatch(/must be a string of at most 200 characters, or null$/);
    }
    accepts(withText('title', 't'.repeat(1000)));
    expect(rejection(withText('title', 't'.repeat(1001)))).toMatch(/attrs\.title of mark "link" .* must be a string of at most 1000 characters, or null$/);
  });

  it('attrs that are null or hold a list', () => {
    expect(rejection(docOf({ type: 'paragraph', attrs: null }))).toBe('bodyJson: "attrs" of "paragraph" at content[0] must be an object');
    expect(rejection(image({ alt: ['A'] }))).toBe('bodyJson: attrs.alt of "image" at content[0] must be a string, number, boolean or null');
  });

  it('heading levels from 1 to 6, integers only', () => {
    for (const level of [1, 6]) accepts(heading(level));
    for (const level of [0, 7, 1.5, '2']) expect(rejection(heading(level))).toBe('bodyJson: attrs.level of "heading" at content[0] must be an integer from 1 to 6');
  });

  it('ordered list starts and types', () => {
    for (const start of [0, 999_999_999]) accepts(list({ start }));
    expect(rejection(list({ start: 1_000_000_000 }))).toBe('bodyJson: attrs.start of "orderedList" at content[0] must be an integer from 0 to 999999999');
    for (const type of [null, '1', 'a', 'A', 'i', 'I']) accepts(list({ type }));
    expect(rejection(list({ type: 'b' }))).toBe('bodyJson: attrs.type of "orderedList" at content[0] must be one of null, "1", "a", "A", "i", "I"');
  });

  it('image sizes: numbers from 0 to 100000, or digits with px or %', () => {
    for (const width of [0, 100_000, 12.5, '640', '50%', '12.5px', '123456', '1.1234', null]) {
      accepts(image({ width }));
      accepts(image({ height: width }));
    }
    const message = 'must be a non-negative number (or a string like "640" or "50%"), or null';
    for (const width of [-1, 100_001, true, '', 'px', '1234567', '1.12345', '640 px', '50%%', 'x640', '640x']) {
      expect(rejection(image({ width }))).toBe(`bodyJson: attrs.width of "image" at content[0] ${message}`);
      expect(rejection(image({ height: width }))).toBe(`bodyJson: attrs.height of "image" at content[0] ${message}`);
    }
    // JSON's 1e400 reads as Infinity.
    expect(rejection('{"type":"doc","content":[{"type":"image","attrs":{"src":"/a.png","width":1e400}}]}')).toMatch(/attrs\.width of "image"/);
  });

  it('alt texts and titles of up to 1000 characters', () => {
    for (const name of ['alt', 'title']) {
      accepts(image({ [name]: 'a'.repeat(1000) }));
      expect(rejection(image({ [name]: 'a'.repeat(1001) }))).toBe(
        `bodyJson: attrs.${name} of "image" at content[0] must be a string of at most 1000 characters, or null`,
      );
    }
  });

  it('button labels of up to 200 characters, not blank', () => {
    const button = (label: unknown) => docOf({ type: 'button', attrs: { kind: 'share', label } });
    accepts(button('b'.repeat(200)));
    for (const label of ['b'.repeat(201), '   ', 5, null]) {
      expect(rejection(button(label))).toBe('bodyJson: attrs.label of "button" at content[0] must be a non-empty string of at most 200 characters');
    }
    accepts(docOf({ type: 'button', attrs: { label: 'Go', href: '/go' } }));
    expect(rejection(docOf({ type: 'button', attrs: { label: 'Go' } }))).toBe('bodyJson: a button of kind "custom" needs attrs.href at content[0]');
  });

  it('code-block languages of up to 64 characters that language names use', () => {
    const code = (language: unknown) => docOf({ type: 'codeBlock', attrs: { language } });
    for (const language of ['c++', 'c#', 'objective-c', 'snake_case', 'x.y', 'l'.repeat(64), '', null]) accepts(code(language));
    for (const language of ['l'.repeat(65), 'a b', 5]) {
      expect(rejection(code(language))).toBe(
        'bodyJson: attrs.language of "codeBlock" at content[0] must be a language name (letters, digits, "+", "#", ".", "-", "_"; at most 64), or null',
      );
    }
  });

  it('URLs: not a string, blank, or longer than 4096 characters', () => {
    const at = 'bodyJson: attrs.href of mark "link" at content[0].content[0].marks[0]';
    expect(rejection(linkTo(5))).toBe(`${at} must be a string`);
    expect(rejection(linkTo(''))).toBe(`${at} must not be empty`);
    expect(rejection(linkTo(' \t'))).toBe(`${at} must not be empty`);
    const long = `https://e.com/${'a'.repeat(LIMITS.maxUrlChars - 'https://e.com/'.length)}`;
    accepts(linkTo(long));
    expect(rejection(linkTo(`${long}a`))).toBe(`${at} is longer than 4096 characters`);
  });

  it('URL schemes in any letter case, with digits, "+", "." and "-"', () => {
    for (const href of ['HTTPS://E.COM', 'Mailto:a@b.c', 'TEL:+1']) accepts(linkTo(href));
    for (const [href, scheme] of [['web+x:y', 'web+x'], ['ms-settings:y', 'ms-settings'], ['a.b:y', 'a.b'], ['x1:y', 'x1'], ['FILE:y', 'file']]) {
      expect(rejection(linkTo(href))).toMatch(`uses the disallowed scheme "${scheme}:"`);
    }
    // Not a scheme: a colon after a character a scheme cannot hold is a relative URL's.
    for (const href of ['1x:y', 'a_b:y', 'a/b:c', '?a:b', ':x']) accepts(linkTo(href));
  });

  it('schemes hidden by any character a browser ignores', () => {
    const ignored = ['\u0001', '\u001f', ' ', '\u007f', '\u0085', '\u009f', '\u00ad', '\u200b', '\u200f', '\u2028', '\u2029', '\u2060', '\ufeff'];
    for (const c of ignored) expect(rejection(linkTo(`java${c}script:alert(1)`))).toMatch('uses the disallowed scheme "javascript:"');
    // A character browsers keep ends the scheme: what comes before it is no scheme.
    for (const c of ['\u00a0', '\u200a', '\u2061', '!']) accepts(linkTo(`java${c}script:alert(1)`));
  });

  it('a document of exactly the node and depth limits', () => {
    // doc and paragraph, and hard breaks up to the limit.
    const breaks = (n: number) => docOf({ type: 'paragraph', content: Array.from({ length: n }, () => ({ type: 'hardBreak' })) });
    accepts(breaks(LIMITS.maxNodes - 2));
    expect(rejection(breaks(LIMITS.maxNodes - 1))).toBe(`bodyJson: the document has more than ${LIMITS.maxNodes} nodes`);
    // The text is at depth 100 below 98 quotes and a paragraph, then 101.
    const nested = (quotes: number) => {
      let node: unknown = para('deep');
      for (let i = 0; i < quotes; i++) node = { type: 'blockquote', content: [node] };
      return docOf(node);
    };
    accepts(nested(LIMITS.maxDepth - 2));
    expect(rejection(nested(LIMITS.maxDepth - 1))).toBe(`bodyJson: the document is nested more than ${LIMITS.maxDepth} levels deep`);
  });

  it('an input of exactly the size limit', () => {
    const frame = docOf(para(''));
    accepts(docOf(para('x'.repeat(LIMITS.maxInputChars - frame.length))));
    expect(rejection(docOf(para('x'.repeat(LIMITS.maxInputChars - frame.length + 1))))).toBe(
      `bodyJson is too large: ${LIMITS.maxInputChars + 1} characters, the limit is ${LIMITS.maxInputChars}`,
    );
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

describe('parseBodyJson, marks on a block where marks may go', () => {
  it('refuses them on the block itself, before it finds the block out of place', () => {
    const marked = { type: 'image', attrs: { src: '/a.png' }, marks: [{ type: 'bold' }] };
    expect(rejection(docOf({ type: 'paragraph', content: [marked] }))).toBe('bodyJson: mark "bold" is not allowed on "image" inside "paragraph" at content[0].content[0]');
  });
});
