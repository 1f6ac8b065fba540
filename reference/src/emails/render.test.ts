import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emailUrl, markdownToSafeHtml, oneLine, renderLayout } from './render.js';

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'Hi <a href="javascript:alert(1)">x</a>',
  '[click](javascript:alert(1))',
  '[click](  JaVaScRiPt:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com/"onmouseover="alert(1))',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '<!-- comment --><svg onload=alert(1)>',
  '```html\n<script>alert(1)</script>\n```',
  '`<b>x</b>`',
  '<div>\n\n**bold**\n\n</div>',
  '[ref]\n\n[ref]: javascript:alert(1)',
  '<https://example.com/?q="><script>alert(1)</script>>',
];

/** Every tag in the output must be one the renderer itself writes, with only safe attributes. */
function assertSafe(html: string) {
  const allowed = /^<\/?(p|h[1-6]|strong|em|del|code|pre|ul|ol|li|blockquote|hr|br|table|thead|tbody|tr|th|td|a|img|input)(\s|>|\/)/;
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    expect(tag, tag).toMatch(allowed);
    // Attribute names outside quoted values: only the ones the renderer writes.
    const names = tag.replace(/"[^"]*"/g, '""').match(/\s([^\s=>]+)=/g) ?? [];
    for (const name of names) expect(name.trim(), tag).toMatch(/^(href|src|alt|title|type|checked|disabled|start|align|class)=$/);
    for (const url of tag.match(/(href|src)="([^"]*)"/g) ?? []) expect(url, tag).toMatch(/^(href|src)="(https?:|mailto:|tel:)/);
  }
  expect(html).not.toMatch(/<script|<iframe|<style|<svg/i);
}

describe('markdownToSafeHtml', () => {
  it.each(HOSTILE)('neutralises %j', (input) => {
    assertSafe(markdownToSafeHtml(input));
  });

  it('stays safe for random mixes of markdown and HTML fragments', () => {
    const piece = fc.constantFrom(
      '<', '>', '"', "'", '`', '[', ']', '(', ')', '!', '*', '_', '\n', '\n\n', ' ', '<script>', '</script>', '<img ', 'src=x ',
      'onerror=alert(1)', 'javascript:', 'data:', 'https://example.com/', '<a href=', '<!--', '-->', '```', '    ', '&', '&#', 'x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => assertSafe(markdownToSafeHtml(pieces.join('')))),
      { numRuns: 500 },
    );
  });

  it('shows raw HTML as text', () => {
    expect(markdownToSafeHtml('a <b>bold</b> claim')).toBe('<p>a &lt;b&gt;bold&lt;/b&gt; claim</p>\n');
  });

  it('renders ordinary markdown', () => {
    const html = markdownToSafeHtml('# Title\n\nSome **bold** and [a link](https://example.com/x?a=1&b=2).\n\n- one\n- two');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.com/x?a=1&amp;b=2">a link</a>');
    expect(html).toContain('<li>one</li>');
  });

  it('keeps mailto and tel links (the document URL policy) and drops relative ones', () => {
    expect(markdownToSafeHtml('[me](mailto:me@example.com)')).toContain('href="mailto:me@example.com"');
    expect(markdownToSafeHtml('[call](tel:+15550100)')).toContain('href="tel:+15550100"');
    expect(markdownToSafeHtml('[rel](/path)')).toBe('<p>rel</p>\n');
  });
});

describe('layout', () => {
  it('puts an escaped unsubscribe link in both bodies', () => {
    const layout = renderLayout({ publicationName: 'A & <B>', contentHtml: '<p>x</p>', contentText: 'x', reason: 'From A & <B>.' });
    const html = layout.html('https://example.com/unsubscribe/t?a="1"');
    expect(html).toContain('href="https://example.com/unsubscribe/t?a=&quot;1&quot;"');
    expect(html).toContain('From A &amp; &lt;B&gt;.');
    expect(layout.text('https://example.com/u')).toMatch(/Unsubscribe: https:\/\/example.com\/u\n$/);
  });
  it('keeps subjects on one line', () => {
    expect(oneLine('Hi\r\nBcc: victim@example.com')).toBe('Hi Bcc: victim@example.com');
  });
  it('allows only absolute URLs the document URL policy allows', () => {
    expect(emailUrl('https://example.com', 'link')).toBe('https://example.com/');
    expect(emailUrl('mailto:me@example.com', 'link')).toBe('mailto:me@example.com');
    expect(emailUrl('mailto:me@example.com', 'image')).toBeNull();
    expect(emailUrl('//example.com', 'link')).toBeNull();
    expect(emailUrl('/relative', 'image')).toBeNull();
    expect(emailUrl('javascript:alert(1)', 'link')).toBeNull();
    expect(emailUrl('java\tscript:alert(1)', 'link')).toBeNull();
  });
});
