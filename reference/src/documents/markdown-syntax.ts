/**
 * Small markdown-writing helpers shared by the node/mark serialisers. TipTap's
 * own serialisers write hrefs, alt texts and code fences verbatim, which breaks
 * (and changes meaning on re-parse) as soon as they contain `)`, `]`, spaces
 * or backticks; these helpers keep what we write parseable back to the same
 * document.
 */
import { decodeHtmlEntities, encodeHtmlEntities, type MarkdownToken } from '@tiptap/core';

/** Text inside [...] (link text, alt text, button label). Mirrors TipTap's own text escaping. */
export function escapeBracketText(text: string): string {
  return encodeHtmlEntities(text).replace(/([\\`*_[\]~])/g, '\\$1').replace(/\n/g, ' ');
}

/**
 * A link destination. Angle brackets and line breaks cannot appear in one at
 * all, so they are percent-encoded (equivalent for any URL); whitespace and
 * parentheses are kept by switching to the `<...>` form.
 */
export function linkDestination(url: string): string {
  const escaped = url
    .replace(/[<>\r\n]/g, (c) => encodeURIComponent(c))
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;');
  return /[\s()]/.test(escaped) ? `<${escaped}>` : escaped;
}

/** The optional ` "title"` part after a destination. */
export function linkTitle(title: unknown): string {
  if (typeof title !== 'string' || title === '') return '';
  return ` "${title.replace(/[\\"]/g, '\\$&').replace(/&/g, '&amp;').replace(/\n/g, ' ')}"`;
}

/**
 * The URL or title marked hands over for a link or image. CommonMark decodes
 * character references there but marked leaves that to its HTML renderer, so
 * it is done here; otherwise "java&#115;cript:" would slip past URL checks
 * and "a&amp;b" would be stored with a literal "&amp;".
 */
export function readLinkPart(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? decodeHtmlEntities(value) : null;
}

/** `[text](url "title")` with every part escaped. */
export function markdownLink(text: string, href: string, title?: unknown): string {
  return `[${text}](${linkDestination(href)}${linkTitle(title)})`;
}

/**
 * Alt text. Brackets become character references rather than backslash
 * escapes because marked stops recognising an image nested in a link once its
 * alt text contains `\]`; emphasis characters are escaped so they stay text.
 */
export function escapeAltText(alt: string): string {
  return encodeHtmlEntities(alt)
    .replace(/\[/g, '&#91;')
    .replace(/\]/g, '&#93;')
    .replace(/([\\`*_~])/g, '\\$1')
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * The plain text an image token's alt text stands for. marked's own
 * `token.text` is only partly unescaped, so the inline tokens are read instead.
 */
export function altTextOf(token: MarkdownToken): string {
  const walk = (tokens: MarkdownToken[]): string =>
    tokens
      .map((t) => {
        if (t.type === 'escape') return t.text ?? '';
        if (t.tokens && t.tokens.length > 0) return walk(t.tokens);
        return decodeHtmlEntities(t.text ?? '');
      })
      .join('');
  return token.tokens ? walk(token.tokens) : decodeHtmlEntities(token.text ?? '');
}

export function markdownImage(alt: unknown, src: string, title?: unknown): string {
  return `![${escapeAltText(typeof alt === 'string' ? alt : '')}](${linkDestination(src)}${linkTitle(title)})`;
}

/**
 * Paragraph text that happens to start a line with block syntax ("# ", "- ",
 * "1. ", "+ ", "=") would come back as a heading, list or rule. Escaping the
 * marker keeps a paragraph a paragraph across markdown round trips.
 */
export function escapeLineStarts(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^( {0,3})([#+=-])/, '$1\\$2')
        .replace(/^( {0,3})(\d{1,9})([.)])(?=\s|$)/, '$1$2\\$3'),
    )
    .join('\n');
}

/** A fence longer than any run of backticks in the code, so the code cannot close it early. */
export function codeFence(code: string): string {
  const longest = Math.max(0, ...Array.from(code.matchAll(/`+/g), (m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}
