/**
 * Markup the reference writes itself (emails, the approval, unsubscribe,
 * site and inspector pages): the one HTML escaper, the `html` template that
 * escapes every interpolation, and the frame of a page. Every text and
 * attribute value put into such markup goes through the escaper, so user
 * input never becomes markup.
 */
import { createHash } from 'node:crypto';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** As escapeHtml, but an entity the writer typed (`&amp;`, `&#8212;`) stays an entity: safe in text, not in attributes. */
export function escapeHtmlKeepingEntities(text: string): string {
  return text.replace(/&(?!#?\w+;)|[<>"']/g, (c) => ESCAPES[c]);
}

/** A piece of markup that is already safe. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Tagged template: interpolations are escaped unless they are Html (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new Html(out);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A page: its title, its one stylesheet inline (allowed by its hash, see sourceHash), more of the head if any, and its body. */
export function htmlPage(title: string, style: string, body: Html, head?: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
${head ?? ''}<style>${new Html(style)}</style>
</head>
<body>
${body}
</body>
</html>
`.value;
}

/** A Content-Security-Policy source that allows exactly this inline style or script. */
export const sourceHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
