/**
 * The one HTML escaper for markup the reference writes itself (emails, the
 * unsubscribe pages, the approval pages): every text and attribute value put
 * into such markup goes through it, so user input never becomes markup.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** As escapeHtml, but an entity the writer typed (`&amp;`, `&#8212;`) stays an entity: safe in text, not in attributes. */
export function escapeHtmlKeepingEntities(text: string): string {
  return text.replace(/&(?!#?\w+;)|[<>"']/g, (c) => ESCAPES[c]);
}
