/**
 * The plainest markdown, converted without lexing it with marked: headings,
 * paragraphs, one-line bullet items and quoted paragraphs of words, with
 * bold, italic and links to http(s) URLs, blocks one blank line apart. marked's lexer was about two
 * thirds of converting such a body (its rules are regular expressions for
 * all of CommonMark and GFM, tried in turn at every block and every run of
 * text), and such bodies are most of what clients send.
 *
 * The subset is chosen so that only one reading of it is possible: anything
 * that could start another construct (a character CommonMark or GFM gives a
 * meaning, an autolink, an entity, a line that could open or interrupt a
 * block, spacing that matters, emphasis whose delimiters CommonMark could pair
 * otherwise) gives null, and the caller lexes the body as before. The nodes
 * are finished by direct-markdown.ts's finishTextblock, the same code the
 * lexed path uses. direct-markdown.test.ts and plain-markdown.test.ts hold
 * the documents of this path to the manager's, byte for byte.
 */
import type { Schema } from '@tiptap/pm/model';

import { finishTextblock, type RawInline } from './direct-markdown.js';
import { readLinkPart } from './markdown-syntax.js';
import type { TiptapDoc, TiptapNode } from './types.js';

/** Past this many nodes the lexed paths decide, with their limits and errors. */
const MAX_NODES = 2_000;

/**
 * Anywhere in the body: characters with a meaning in CommonMark or GFM that
 * this path does not read (escapes, code, underscores, strikethrough, HTML
 * and autolinks, tables, images), an ampersand that could begin an entity
 * (one before a space cannot: "Tom & Jerry"), whitespace other than spaces
 * and line feeds, control characters, and spaces at a line's end (a hard
 * break, or trimmed) or after a line feed (indentation). ">" and "@" have a
 * place (a quote's marker, a link target) and are refused anywhere else.
 */
const HAZARD = /&(?! )|[\\`_~<|\t\v\f\r\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|!\[| \n|\n | $/;
/** In text (not link targets): GFM's extended and email autolinks, and ">" outside a quote's marker. */
const NOT_IN_TEXT = /:\/\/|www\.|@|>/i;
/** A line of a paragraph or an item starts with a word, an emphasis, a link or an opening bracket or quote, but never an ordered list's marker. */
const LINE_START = /^[\p{L}\p{N}*[("']/u;
/**
 * CommonMark's ordered list markers, and TipTap's lettered and roman ones
 * (@tiptap/extension-list: "a.", "OK)", and any run of roman numeral letters,
 * so "Mix." too), whatever follows them.
 */
const ORDERED_MARKER = /^(?:\d+|[ivxlcdmIVXLCDM]+|[a-zA-Z]{1,2})[.)]/;
const HEADING = /^(#{1,6}) ([^#\s][^\n]*)$/;
const WORD_EDGE_START = /^[\p{L}\p{N}]/u;
const WORD_EDGE_END = /[\p{L}\p{N}]$/u;
/** Before an emphasis or a link: nothing, a space, a line feed, or an opening bracket or quote. */
const OPENS_AFTER = new Set(['', ' ', '\n', '(', '"', "'"]);
/** After one: nothing, a space, a line feed, or closing punctuation. */
const CLOSES_BEFORE = new Set(['', ' ', '\n', '.', ',', ';', ':', '!', '?', ')', '"', "'"]);
/** An absolute http(s) URL with nothing CommonMark reads inside a link destination (spaces, brackets, quotes, escapes). */
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9\-./%?=#+,;:@]*)?$/;

/** Thrown to give up on this body: the lexed paths take it. */
const NOT_PLAIN = Symbol('not plain markdown');

/** The finished document of a body in the plain subset, or null for any other body. */
export function plainMarkdownToDoc(source: string, schema: Schema): TiptapDoc | null {
  let end = source.length;
  while (end > 0 && source.charCodeAt(end - 1) === 10) end--;
  if (end === 0) return null;
  const body = end === source.length ? source : source.slice(0, end);
  if (HAZARD.test(body)) return null;
  const nodes = { count: 0 };
  const content: TiptapNode[] = [];
  let previousWasList = false;
  try {
    for (const block of body.split('\n\n')) {
      // "\n\n\n" leaves a block that starts with a line feed; an empty one, "\n\n\n\n".
      if (block === '' || block.charCodeAt(0) === 10) return null;
      const isList = block.startsWith('- ');
      // Two lists one blank line apart are one loose list in CommonMark.
      if (isList && previousWasList) return null;
      content.push(isList ? bulletList(block, schema, nodes) : blockOf(block, schema, nodes));
      previousWasList = isList;
    }
  } catch (error) {
    if (error === NOT_PLAIN) return null;
    throw error;
  }
  return { type: 'doc', content };
}

function blockOf(block: string, schema: Schema, nodes: { count: number }): TiptapNode {
  switch (block.charCodeAt(0)) {
    case 35: // #
      return heading(block, schema, nodes);
    case 62: // >
      return quote(block, schema, nodes);
    default:
      return paragraph(block, schema, nodes);
  }
}

function heading(block: string, schema: Schema, nodes: { count: number }): TiptapNode {
  const match = HEADING.exec(block);
  // A closing sequence of #s, or a second line: not ours to read.
  if (!match || match[2].endsWith('#')) throw NOT_PLAIN;
  return { type: 'heading', attrs: { level: match[1].length }, content: textblock(match[2], schema, nodes) };
}

function paragraph(block: string, schema: Schema, nodes: { count: number }): TiptapNode {
  linesPast(block, '');
  return { type: 'paragraph', content: textblock(block, schema, nodes) };
}

/** A quoted paragraph: every line "> " and a paragraph's line. */
function quote(block: string, schema: Schema, nodes: { count: number }): TiptapNode {
  nodes.count++;
  return { type: 'blockquote', content: [{ type: 'paragraph', content: textblock(linesPast(block, '> ').join('\n'), schema, nodes) }] };
}

function bulletList(block: string, schema: Schema, nodes: { count: number }): TiptapNode {
  const items: TiptapNode[] = [];
  for (const text of linesPast(block, '- ')) {
    nodes.count += 2;
    items.push({ type: 'listItem', content: [{ type: 'paragraph', content: textblock(text, schema, nodes) }] });
  }
  nodes.count++;
  return { type: 'bulletList', content: items };
}

/** The lines of a block past their prefix ("- ", "> " or none), each of which must start like a paragraph's line. */
function linesPast(block: string, prefix: string): string[] {
  return block.split('\n').map((line) => {
    if (!line.startsWith(prefix)) throw NOT_PLAIN;
    const text = line.slice(prefix.length);
    if (!LINE_START.test(text) || ORDERED_MARKER.test(text)) throw NOT_PLAIN;
    return text;
  });
}

/** The finished inline content of a textblock's text. */
function textblock(text: string, schema: Schema, nodes: { count: number }): TiptapNode[] {
  const inline = inlineOf(text);
  nodes.count += inline.length + 1;
  if (nodes.count > MAX_NODES) throw NOT_PLAIN;
  const content = finishTextblock(inline, schema);
  if (content.length === 0) throw NOT_PLAIN;
  return content;
}

/** Words, and bold, italic and link runs of words, in order. */
function inlineOf(text: string): RawInline[] {
  const out: RawInline[] = [];
  let plainFrom = 0;
  const plainUpTo = (i: number) => {
    if (i > plainFrom) out.push({ type: 'text', text: plainText(text.slice(plainFrom, i)) });
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ']') throw NOT_PLAIN;
    if (c !== '*' && c !== '[') {
      i++;
      continue;
    }
    if (!OPENS_AFTER.has(i === 0 ? '' : text[i - 1])) throw NOT_PLAIN;
    plainUpTo(i);
    const run = c === '*' ? emphasis(text, i) : link(text, i);
    if (!CLOSES_BEFORE.has(run.end === text.length ? '' : text[run.end])) throw NOT_PLAIN;
    out.push(run.node);
    i = plainFrom = run.end;
  }
  plainUpTo(text.length);
  return out;
}

function plainText(text: string): string {
  if (NOT_IN_TEXT.test(text)) throw NOT_PLAIN;
  return text;
}

/** `*words*` or `**words**` at `at` (wordsInside). */
function emphasis(text: string, at: number): { node: RawInline; end: number } {
  const strong = text[at + 1] === '*';
  const delimiter = strong ? '**' : '*';
  const from = at + delimiter.length;
  const close = text.indexOf(delimiter, from);
  if (close < 0) throw NOT_PLAIN;
  const words = text.slice(from, close);
  if (!wordsInside(words)) throw NOT_PLAIN;
  return { node: { type: 'text', text: plainText(words), marks: [{ type: strong ? 'bold' : 'italic' }] }, end: close + delimiter.length };
}

/** `[words](url)` at `at`, the URL a PLAIN_URL. */
function link(text: string, at: number): { node: RawInline; end: number } {
  const middle = text.indexOf('](', at + 1);
  if (middle < 0) throw NOT_PLAIN;
  const words = text.slice(at + 1, middle);
  if (!wordsInside(words)) throw NOT_PLAIN;
  const close = text.indexOf(')', middle + 2);
  if (close < 0) throw NOT_PLAIN;
  const url = text.slice(middle + 2, close);
  if (!PLAIN_URL.test(url)) throw NOT_PLAIN;
  // As direct-markdown.ts makes it from marked's link token (no title: null).
  const mark = { type: 'link', attrs: { href: readLinkPart(url), title: null } };
  return { node: { type: 'text', text: plainText(words), marks: [mark] }, end: close + 1 };
}

/** Emphasis or link text: begins and ends with a letter or digit; one line, no `*` or brackets. */
function wordsInside(words: string): boolean {
  return WORD_EDGE_START.test(words) && WORD_EDGE_END.test(words) && !/[\n*[\]]/.test(words);
}
