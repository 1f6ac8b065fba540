/**
 * The readable text of a post's body in its three forms, for checks that
 * the body was stored and that json, markdown and staticHtml agree. Only
 * the text is compared: each implementation may shape the document its own
 * way (attributes, marks, spacing).
 */

/** The text of a TipTap document (as a JSON string or object), blocks separated by spaces. */
export function textOfDoc(doc: unknown): string {
  const parsed = typeof doc === 'string' ? safeParse(doc) : doc;
  const parts: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { type, text, content } = node as { type?: unknown; text?: unknown; content?: unknown };
    if (type === 'text' && typeof text === 'string') parts.push(text);
    if (Array.isArray(content)) {
      for (const child of content) visit(child);
      parts.push(' ');
    }
  };
  visit(parsed);
  return normalise(parts.join(''));
}

/** The text of HTML: tags dropped, the common entities decoded. */
export function textOfHtml(html: string): string {
  const text = html
    // Block boundaries separate words; inline tags (links, emphasis) do not.
    .replace(/<\/?(p|h[1-6]|li|ul|ol|blockquote|div|pre|br|hr|table|tr|td|th|figure|figcaption)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  return normalise(text);
}

/** The text of simple markdown (paragraphs, emphasis, headings, links): the markup dropped. */
export function textOfMarkdown(markdown: string): string {
  const text = markdown
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1');
  return normalise(text);
}

export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function isTiptapDoc(json: unknown): boolean {
  const parsed = typeof json === 'string' ? safeParse(json) : json;
  return typeof parsed === 'object' && parsed !== null && (parsed as { type?: unknown }).type === 'doc';
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
