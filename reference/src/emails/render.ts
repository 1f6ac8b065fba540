/**
 * Email bodies: Markdown from users rendered with `marked`, made safe, and
 * the email layout with its mandatory unsubscribe footer.
 *
 * Safety (the body is user input and the HTML is read by mail clients):
 * raw HTML in the Markdown is shown as text, never passed through; links and
 * images keep only absolute URLs the document URL policy allows (emailUrl),
 * others lose their link; every attribute and text is escaped by us or by
 * marked.
 */
import { Marked, type Tokens } from 'marked';
import { imageUrlProblem, linkUrlProblem } from '../documents/urls.js';
import { escapeHtml, escapeHtmlKeepingEntities } from '../html.js';
import { badRequest } from '../errors.js';
import { defineWorkerTask } from '../worker-pool/pool.js';

/**
 * The document URL policy (documents/urls.ts) for a link or an image, and
 * absolute: a relative URL means nothing in an email. The URL as the
 * policy allows it, normalised, or null.
 */
export function emailUrl(raw: string, kind: 'link' | 'image'): string | null {
  if ((kind === 'link' ? linkUrlProblem(raw) : imageUrlProblem(raw)) !== null) return null;
  try {
    return new URL(raw.trim()).href;
  } catch {
    return null;
  }
}

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    // marked leaves text after a raw-HTML opener such as <script> unescaped
    // (`escaped: true`); the opener is shown as text here, so its content must be too.
    text(token: Tokens.Text | Tokens.Escape) {
      if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
      return escapeHtmlKeepingEntities(token.text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const url = emailUrl(href, 'link');
      if (!url) return inner;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(url)}"${titleAttr}>${inner}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const url = emailUrl(href, 'image');
      if (!url) return escapeHtml(text);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${titleAttr}>`;
    },
  },
});

/** Markdown of a custom email body -> safe HTML. */
export function markdownToSafeHtml(source: string): string {
  return markdown.parse(source, { async: false }) as string;
}

/** markdownToSafeHtml of a request's body, where nesting past the stack is the client's to fix. */
export function requestBodyToSafeHtml(source: string): string {
  try {
    return markdownToSafeHtml(source);
  } catch (error) {
    // marked recurses once per level of quote or list nesting: deeper than the stack allows is refused.
    if (error instanceof RangeError) throw badRequest('the email body is nested too deeply to render (too many levels of quotes or lists)');
    throw error;
  }
}

export const emailBodyTask = defineWorkerTask<string, string>({
  module: import.meta.url,
  name: 'requestBodyToSafeHtml',
  label: 'the email body',
  warmUp: '# Ready\n\nA *first* body with a [link](https://example.com).',
});

/** A custom email's markdown body of a request, rendered in a worker within the CPU budget (worker-pool/pool.ts). */
export function renderEmailMarkdown(markdown: string): Promise<string> {
  return emailBodyTask.run(markdown);
}

/** Header values must be one line: a subject with line breaks would smuggle headers. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();
}

export interface Layout {
  /** Publication name, shown in the footer. */
  publicationName: string;
  /** Safe HTML of the message. */
  contentHtml: string;
  /** Plain-text version of the message. */
  contentText: string;
  /** A short line mail clients show after the subject (optional). */
  preheader?: string;
  /** Why the recipient gets this, shown above the unsubscribe link. */
  reason: string;
  /** The label of the unsubscribe link. */
  unsubscribeLabel?: string;
}

/**
 * The layout split around the per-recipient part, so a send to 10,000
 * addresses renders the message once and only joins strings per recipient.
 */
export interface RenderedLayout {
  html(unsubscribeUrl: string): string;
  text(unsubscribeUrl: string): string;
}

export function renderLayout(layout: Layout): RenderedLayout {
  const label = escapeHtml(layout.unsubscribeLabel ?? 'Unsubscribe');
  const preheader = layout.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(layout.preheader)}</div>`
    : '';
  const head =
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>' +
    `<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:640px;margin:0 auto;padding:16px">${preheader}` +
    `<div class="content">${layout.contentHtml}</div>` +
    '<hr style="border:none;border-top:1px solid #ddd;margin:32px 0 16px">' +
    `<footer style="font-size:12px;color:#666"><p>${escapeHtml(layout.reason)}</p><p><a href="`;
  const tail = `">${label}</a></p></footer></body></html>`;
  const textHead = `${layout.contentText.trimEnd()}\n\n-- \n${layout.reason}\n${layout.unsubscribeLabel ?? 'Unsubscribe'}: `;
  return {
    html: (url) => head + escapeHtml(url) + tail,
    text: (url) => `${textHead}${url}\n`,
  };
}
