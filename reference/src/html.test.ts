import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeHtmlKeepingEntities, html, Html, htmlPage, sourceHash } from './html.js';

describe('the HTML escaper', () => {
  it('escapes the five characters that could open markup or end an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('plain text, é — 1/2')).toBe('plain text, é — 1/2');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('keeps an entity the writer typed, and escapes a bare ampersand and the other four', () => {
    expect(escapeHtmlKeepingEntities('&amp; &#8212; &#x2014; &copy;')).toBe('&amp; &#8212; &#x2014; &copy;');
    expect(escapeHtmlKeepingEntities(`Tom & Jerry &; & amp; <b> "q" 'a'`)).toBe('Tom &amp; Jerry &amp;; &amp; amp; &lt;b&gt; &quot;q&quot; &#39;a&#39;');
  });
});

describe('the html template', () => {
  it('escapes every interpolation but markup already made, in arrays too, and writes nothing for null, undefined and false', () => {
    const item = html`<li>${'<i>'}</li>`;
    expect(html`<ul>${[item, '<b>', html`<li>${0}</li>`]}</ul>${null}${undefined}${false}${true}`.value).toBe(
      '<ul><li>&lt;i&gt;</li>&lt;b&gt;<li>0</li></ul>true',
    );
    expect(String(item)).toBe('<li>&lt;i&gt;</li>');
    expect(html`no values`.value).toBe('no values');
  });

  it('frames a page: its escaped title, its style inline and as it is, the extra head, and the body', () => {
    const page = htmlPage('A <title>', 'p > a { color: red }', html`<p>${'body & soul'}</p>`, html`<meta name="robots" content="noindex">\n`);
    expect(page.startsWith('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n')).toBe(true);
    expect(page).toContain('<title>A &lt;title&gt;</title>');
    expect(page).toContain('<meta name="robots" content="noindex">\n<style>p > a { color: red }</style>\n</head>');
    expect(page).toContain('<body>\n<p>body &amp; soul</p>\n</body>\n</html>\n');
    expect(htmlPage('t', 's', new Html('b'))).toContain('<link rel="icon" href="data:,">\n<style>s</style>');
  });

  it('names an inline style or script for a Content-Security-Policy by the base64 of its SHA-256', () => {
    expect(sourceHash('body{}')).toBe(`'sha256-${createHash('sha256').update('body{}').digest('base64')}'`);
  });
});
