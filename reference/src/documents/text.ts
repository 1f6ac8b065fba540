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

/** The preview's text so far, whitespace already collapsed to single spaces, none leading. */
interface PreviewText {
  text: string;
}

function appendCollapsed(out: PreviewText, piece: string): void {
  const words = piece.replace(/\s+/g, ' ');
  out.text += words.startsWith(' ') && (out.text === '' || out.text.endsWith(' ')) ? words.slice(1) : words;
}

/**
 * The preview's words, in document order: each textblock's text and a space
 * after it (line breaks are spaces too), so how blocks and list items are
 * separated makes no difference to a preview. Answers true, and stops
 * walking, once `out` holds more than `enough` characters (a long
 * document's preview needs only its beginning).
 */
function previewText(node: TiptapNode, out: PreviewText, enough: number): boolean {
  if (PREVIEW_SKIPPED.has(node.type)) return false;
  if (node.type === 'text') appendCollapsed(out, node.text ?? '');
  else if (node.type === 'hardBreak') appendCollapsed(out, ' ');
  else if (node.content) for (const child of node.content) if (previewText(child, out, enough)) return true;
  if (!TEXTBLOCKS.has(node.type)) return false;
  appendCollapsed(out, ' ');
  // Without the trailing space, which the end of the document may trim.
  return out.text.length - 1 > enough;
}

/**
 * postPreview generated from the content: the first readable text (code is
 * not a useful teaser) on one line, at most `max` characters. When cut, the
 * cut falls on a word boundary and an ellipsis marks it.
 */
export function previewOf(doc: TiptapDoc, max = 500): string {
  if (max <= 0) return '';
  // Past `max` characters the text is cut within its first `max`: the rest of the document cannot change it.
  const out: PreviewText = { text: '' };
  previewText(doc as TiptapNode, out, max);
  const text = out.text.trimEnd();
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
