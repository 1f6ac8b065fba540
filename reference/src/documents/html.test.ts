import { describe, expect, it } from 'vitest';

import { docToHtml, markdownToDoc, parseBodyJson, type TiptapDoc, type TiptapNode } from './index.js';
import { htmlProblems } from './html-problems.support.test.js';

const doc = (...content: TiptapNode[]): TiptapDoc => ({ type: 'doc', content });
const para = (...content: TiptapNode[]): TiptapNode => ({ type: 'paragraph', content });
const text = (value: string, marks?: TiptapNode['marks']): TiptapNode => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });

describe('docToHtml', () => {
  it('renders the markdown repertoire', () => {
    const html = docToHtml(
      markdownToDoc('## Hi *there*\n\n**b** ~~s~~ `c` [l](https://e.com)\n\n- a\n\n2. b\n\n> q\n\n```js\nx < y\n```\n\n---\n\nx  \ny'),
    );
    expect(html).toBe(
      '<h2>Hi <em>there</em></h2>' +
        '<p><strong>b</strong> <s>s</s> <code>c</code> <a target="_blank" rel="noopener noreferrer nofollow" href="https://e.com">l</a></p>' +
        '<ul><li><p>a</p></li></ul>' +
        '<ol start="2"><li><p>b</p></li></ol>' +
        '<blockquote><p>q</p></blockquote>' +
        '<pre><code class="language-js">x &lt; y</code></pre>' +
        '<hr>' +
        '<p>x<br>y</p>',
    );
  });

  it('renders buttons and linked images as anchors with classes', () => {
    const html = docToHtml(
      parseBodyJson(
        JSON.stringify(
          doc(
            { type: 'button', attrs: { kind: 'subscribe', label: 'Subscribe' } },
            { type: 'button', attrs: { kind: 'custom', label: 'Read', href: 'https://e.com/r' } },
            { type: 'image', attrs: { src: 'https://e.com/a.png', alt: 'A', href: 'https://e.com' } },
            { type: 'image', attrs: { src: '/b.png', alt: 'B', width: 640 } },
          ),
        ),
      ),
    );
    expect(html).toBe(
      '<p class="button-wrapper"><a class="button button-subscribe" data-type="button" data-kind="subscribe">Subscribe</a></p>' +
        '<p class="button-wrapper"><a class="button button-custom" data-type="button" data-kind="custom" href="https://e.com/r">Read</a></p>' +
        '<a class="image-link" href="https://e.com"><img src="https://e.com/a.png" alt="A"></a>' +
        '<img src="/b.png" alt="B" width="640">',
    );
  });

  it('renders every tag and attribute the schema gives, none dropped by the allow-lists', () => {
    const t = (value: string, marks?: TiptapNode['marks']) => text(value, marks);
    const item = (value: string): TiptapNode => ({ type: 'listItem', content: [para(t(value))] });
    const html = docToHtml(
      parseBodyJson(
        JSON.stringify(
          doc(
            ...[1, 2, 3, 4, 5, 6].map((level): TiptapNode => ({ type: 'heading', attrs: { level }, content: [t(`h${level}`)] })),
            { type: 'orderedList', attrs: { start: 3, type: 'a' }, content: [item('x')] },
            { type: 'image', attrs: { src: '/a.png', alt: 'A', title: 'T', width: '50%', height: 20 } },
            para(
              t('l', [{ type: 'link', attrs: { href: '/x', title: 'T', class: 'c', target: '_self', rel: 'r' } }, { type: 'italic' }, { type: 'strike' }]),
              { type: 'hardBreak' },
              t('c', [{ type: 'code' }]),
            ),
            { type: 'codeBlock', attrs: { language: null }, content: [t('a&b > c')] },
            { type: 'horizontalRule' },
          ),
        ),
      ),
    );
    expect(html).toBe(
      '<h1>h1</h1><h2>h2</h2><h3>h3</h3><h4>h4</h4><h5>h5</h5><h6>h6</h6>' +
        '<ol start="3" type="a"><li><p>x</p></li></ol>' +
        '<img src="/a.png" alt="A" title="T" width="50%" height="20">' +
        '<p><a target="_self" rel="r" class="c" href="/x" title="T"><em><s>l</s></em></a><br><code>c</code></p>' +
        '<pre><code>a&amp;b &gt; c</code></pre><hr>',
    );
  });

  it('checks only href as a link and only src as an image source, not text attributes that look like URLs', () => {
    const html = docToHtml(
      doc(
        { type: 'image', attrs: { src: '/a.png', alt: 'Photo: sunset', title: 'note:x' } },
        para(text('mail', [{ type: 'link', attrs: { href: 'mailto:a@b.c', title: 'Write: now' } }])),
      ),
    );
    expect(html).toBe('<img src="/a.png" alt="Photo: sunset" title="note:x"><p><a target="_blank" rel="noopener noreferrer nofollow" href="mailto:a@b.c" title="Write: now">mail</a></p>');
  });

  it('escapes user text and attribute values', () => {
    const html = docToHtml(
      doc(
        para(text('<script>alert(1)</script> & "quotes"')),
        { type: 'image', attrs: { src: '/x.png" onerror="alert(1)', alt: '"><img src=x onerror=alert(1)>', title: "' onload='x" } },
        para(text('x', [{ type: 'link', attrs: { href: '/a" onclick="alert(1)', title: '"><script>' } }])),
        { type: 'button', attrs: { kind: 'custom', label: '</a><script>alert(1)</script>', href: '/b"><script>' } },
      ),
    );
    expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "quotes"</p>');
    expect(html).toContain('<img src="/x.png&quot; onerror=&quot;alert(1)" alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" title="\' onload=\'x">');
    expect(html).toContain('href="/a&quot; onclick=&quot;alert(1)" title="&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('href="/b&quot;&gt;&lt;script&gt;">&lt;/a&gt;&lt;script&gt;alert(1)&lt;/script&gt;</a>');
    expect(htmlProblems(html)).toEqual([]);
  });

  it('turns hostile markdown into harmless text', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '[x](javascript:alert(1))',
      '[x](JAVASCRIPT:alert(1))',
      '[x](  javascript:alert(1))',
      '[x](java&#115;cript:alert(1))',
      '[x](&#x6A;avascript&#58;alert(1))',
      '[x](&#106;avascript:alert(1))',
      '[x](vbscript:msgbox(1))',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![x](javascript:alert(1))',
      '![x" onerror="alert(1)](/a.png)',
      '![x](/a.png "t\\" onerror=\\"alert(1)")',
      '[![x](/a.png)](javascript:alert(1))',
      '<svg onload=alert(1)>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<style>body{display:none}</style>',
      '```"><script>alert(1)</script>\nx\n```',
    ].join('\n\n');
    const html = docToHtml(markdownToDoc(hostile));
    expect(htmlProblems(html)).toEqual([]);
    expect(html).not.toMatch(/<script|<svg|<iframe|<style|<[^>]*\s(?:href|src)="(?:javascript|vbscript|data):/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops disallowed URLs even in documents that skipped validation', () => {
    const html = docToHtml(
      doc(
        para(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])),
        { type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>', href: 'vbscript:x' } },
        { type: 'button', attrs: { kind: 'custom', label: 'b', href: ' javascript:alert(1)' } },
      ),
    );
    expect(html).not.toMatch(/javascript|vbscript|data:/);
    expect(htmlProblems(html)).toEqual([]);
  });

  it('refuses documents outside the schema as a server error, not a client one', () => {
    expect(() => docToHtml({ type: 'doc', content: [{ type: 'nope' }] })).toThrow(/outside the schema/);
  });
});
