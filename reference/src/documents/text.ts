/**
 * Plain-text views of a document: the readable words, without markup, for
 * search, excerpts and the generated postPreview.
 */
import type { TiptapDoc, TiptapNode } from './types.js';

// Content that is not prose: pictures, calls to action, rules.
const SKIPPED = new Set(['image', 'button', 'horizontalRule']);
const LISTS = new Set(['bulletList', 'orderedList']);

function inlineText(node: TiptapNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(inlineText).join('');
}

/** Blocks as text, each one entry; list items are kept together as one block. */
function blocks(node: TiptapNode, skip: ReadonlySet<string>): string[] {
  if (skip.has(node.type)) return [];
  const children = node.content ?? [];
  if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'codeBlock') {
    const text = inlineText(node);
    return text.trim() === '' ? [] : [text];
  }
  if (LISTS.has(node.type)) {
    const items = children.map((item) => blocks(item, skip).join('\n')).filter((item) => item !== '');
    return items.length > 0 ? [items.join('\n')] : [];
  }
  return children.flatMap((child) => blocks(child, skip));
}

/** Readable text: blocks separated by blank lines, list items by line breaks. */
export function docToPlainText(doc: TiptapDoc): string {
  return blocks(doc as TiptapNode, SKIPPED).join('\n\n');
}

const PREVIEW_SKIPPED = new Set([...SKIPPED, 'codeBlock']);
const TEXTBLOCKS = new Set(['paragraph', 'heading']);

/**
 * The preview's words, in document order: each textblock's text and a space
 * after it (line breaks are spaces too). Whitespace is collapsed afterwards,
 * so how blocks and list items are separated makes no difference to a
 * preview. Appends to `out` and stops walking once `out` holds more than
 * `enough` characters after collapsing (a long document's preview needs only
 * its beginning).
 */
function previewText(node: TiptapNode, out: { text: string; enough: number }): boolean {
  if (PREVIEW_SKIPPED.has(node.type)) return false;
  if (node.type === 'text') out.text += node.text ?? '';
  else if (node.type === 'hardBreak') out.text += ' ';
  else if (node.content) for (const child of node.content) if (previewText(child, out)) return true;
  if (!TEXTBLOCKS.has(node.type)) return false;
  out.text += ' ';
  // Checked only when the raw text could be long enough: collapsing only ever shortens it.
  return out.text.length > out.enough && collapsed(out.text).length > out.enough;
}

const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * postPreview generated from the content: the first readable text (code is
 * not a useful teaser) on one line, at most `max` characters. When cut, the
 * cut falls on a word boundary and an ellipsis marks it.
 */
export function previewOf(doc: TiptapDoc, max = 500): string {
  if (max <= 0) return '';
  // Past `max` characters the text is cut within its first `max`: the rest of the document cannot change it.
  const out = { text: '', enough: max };
  previewText(doc as TiptapNode, out);
  const text = collapsed(out.text);
  if (text.length <= max) return text;

  const room = max - 1; // the ellipsis takes one character
  let cut = text.lastIndexOf(' ', room);
  if (cut <= 0) {
    // One giant word: cut inside it, but never between the halves of a surrogate pair.
    cut = room;
    const code = text.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  }
  const head = text.slice(0, cut).replace(/[\s,;:.\-–—]+$/, '');
  return `${head}…`;
}
