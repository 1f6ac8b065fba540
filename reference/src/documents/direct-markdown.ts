/**
 * The common case of markdown, converted without @tiptap/markdown's manager:
 * marked's tokens (from the manager's own lexer, so custom tokenizers see the
 * same text) turned straight into the finished document, with the manager's
 * rules and normalize.ts's repairs applied on the way and the JSON written in
 * the form ProseMirror's toJSON gives. For a short post this is about a third
 * of the manager's cost (the manager hands each token through several generic
 * layers, then normalize.ts walks the result again and ProseMirror builds and
 * checks it once more).
 *
 * It covers paragraphs, headings, quotes, bullet lists, code blocks, rules,
 * hard breaks, and bold, italic, strike, code and link marks. Anything else
 * (HTML, images, tables, ordered and task lists, unusual token shapes, very
 * large or deep documents) gives null, and the caller takes the manager's
 * path. direct-markdown.test.ts holds the two paths to the same output.
 */
import { decodeHtmlEntities, marksEqual } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import type { Token, Tokens } from 'marked';

import { isLanguageName } from './attributes.js';
import { readLinkPart } from './markdown-syntax.js';
import { fixMarks, trimEdges } from './normalize.js';
import type { TiptapDoc, TiptapMark, TiptapNode } from './types.js';

/** Past this many nodes (or this nesting) the manager's path decides, with its limits and errors. */
const MAX_NODES = 10_000;
const MAX_DEPTH = 20;

/** The manager's empty-paragraph spellings (@tiptap/extension-paragraph). */
const EMPTY_PARAGRAPH_MARKDOWN = '&nbsp;';
const NBSP = '\u00a0';
/** @tiptap/markdown: blank lines absorbed at the end of a token's raw text. */
const TRAILING_BLANK_LINES = /\n[^\S\n]*(?:\n[^\S\n]*)+$/;
/** @tiptap/markdown's test for a task list item. */
const TASK_ITEM = /^(\s*)[-+*]\s+\[([ xX])\]\s+/;

/** Thrown to give up on this body: the manager's path takes it. */
const UNSUPPORTED = Symbol('unsupported markdown');

interface RawText {
  type: 'text';
  text: string;
  marks?: TiptapMark[];
}
/** Inline content as the manager builds it, before normalize.ts's repairs (finishTextblock). */
export type RawInline = RawText | { type: 'hardBreak' };

interface Walk {
  schema: Schema;
  nodes: number;
}

// One object for every empty paragraph of every document (frozen: documents are serialised, never changed).
const EMPTY_PARAGRAPH: TiptapNode = Object.freeze({ type: 'paragraph' });
const isEmptyParagraph = (node: TiptapNode | undefined) => node?.type === 'paragraph' && node.content === undefined;

/** The finished document of `tokens` (the manager's lexer's output), or null when the manager must convert it. */
export function directMarkdownToDoc(tokens: Token[], schema: Schema): TiptapDoc | null {
  const walk: Walk = { schema, nodes: 0 };
  try {
    const children = blockChildren(tokens, true, walk, 0);
    let start = 0;
    while (isEmptyParagraph(children[start])) start++;
    let end = children.length;
    while (end > start && isEmptyParagraph(children[end - 1])) end--;
    const content = children.slice(start, end);
    return { type: 'doc', content: content.length > 0 ? content : [EMPTY_PARAGRAPH] };
  } catch (error) {
    if (error === UNSUPPORTED) return null;
    throw error;
  }
}

function count(walk: Walk, n = 1): void {
  walk.nodes += n;
  if (walk.nodes > MAX_NODES) throw UNSUPPORTED;
}

/** MarkdownManager.parseTokens, with normalize.ts's repairs of each node. */
function blockChildren(tokens: Token[], implicitParagraphs: boolean, walk: Walk, depth: number, raw?: RawFirst): TiptapNode[] {
  if (depth > MAX_DEPTH) throw UNSUPPORTED;
  const list = implicitParagraphs ? withBlankLinesApart(tokens) : tokens;
  const out: TiptapNode[] = [];
  const firstBlock = list.findIndex(isNotSpace);
  const lastBlock = list.findLastIndex(isNotSpace);
  for (let i = 0; i < list.length; i++) {
    const token = list[i];
    if (token.type === 'space') {
      if (!implicitParagraphs) continue;
      const separators = (token.raw.match(/\n\n/g) ?? []).length;
      if (separators === 0) continue;
      // Blank lines between two blocks: one separator is the break itself, each further one an empty paragraph.
      const between = firstBlock !== -1 && firstBlock < i && i < lastBlock;
      const empties = Math.max(separators - (between ? 1 : 0), 0);
      count(walk, empties);
      for (let k = 0; k < empties; k++) out.push(EMPTY_PARAGRAPH);
      if (raw && empties > 0) raw.first ??= 'paragraph';
      continue;
    }
    const type = block(token, walk, depth, out);
    if (raw && type) raw.first ??= type;
  }
  return out;
}

/** The type of the first node the manager made, before normalize.ts dropped any (a list item's leading paragraph depends on it). */
interface RawFirst {
  first?: string;
}

const isNotSpace = (token: Token) => token.type !== 'space';

/** @tiptap/markdown's extractAbsorbedBlankLines: blank lines at the end of a token's raw text become a space token. */
function withBlankLinesApart(tokens: Token[]): Token[] {
  let out: Token[] | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const trailing = token.type === 'space' || tokens[i + 1]?.type === 'space' ? null : (token.raw || '').match(TRAILING_BLANK_LINES);
    if (trailing) {
      out ??= tokens.slice(0, i);
      out.push({ ...token, raw: token.raw.slice(0, -trailing[0].length) } as Token, { type: 'space', raw: trailing[0] });
    } else out?.push(token);
  }
  return out ?? tokens;
}

/** Adds the finished nodes of one block token to `out`; returns the type of the node the manager made of it (null: none). */
function block(token: Token, walk: Walk, depth: number, out: TiptapNode[]): string | null {
  switch (token.type) {
    case 'paragraph': {
      const tokens = token.tokens ?? [];
      count(walk);
      const inline = inlineNodes(tokens, walk, depth);
      const only = tokens.length === 1 ? tokens[0] : undefined;
      // @tiptap/extension-paragraph: a paragraph of just "&nbsp;" (or a no-break space) is an empty one.
      if (only?.type === 'text' && isEmptySpelling(only.raw, only.text) && inline.length === 1 && inline[0].type === 'text' && isEmptySpelling(inline[0].text)) {
        out.push(EMPTY_PARAGRAPH);
        return 'paragraph';
      }
      const content = finishTextblock(inline, walk.schema);
      out.push(content.length > 0 ? { type: 'paragraph', content } : EMPTY_PARAGRAPH);
      return 'paragraph';
    }
    case 'heading': {
      count(walk);
      const content = finishTextblock(inlineNodes(token.tokens ?? [], walk, depth), walk.schema);
      // An empty heading has no markdown form: normalize.ts drops it.
      if (content.length > 0) out.push({ type: 'heading', attrs: { level: token.depth || 1 }, content });
      return 'heading';
    }
    case 'blockquote': {
      count(walk);
      const children = blockChildren(token.tokens ?? [], true, walk, depth + 1);
      out.push({ type: 'blockquote', content: children.length > 0 ? children : [EMPTY_PARAGRAPH] });
      return 'blockquote';
    }
    case 'code': {
      // @tiptap/extension-code-block takes fenced and indented code only (a fence with spaces before it gives nothing).
      const raw = token.raw ?? '';
      if (!raw.startsWith('```') && !raw.startsWith('~~~') && token.codeBlockStyle !== 'indented') return null;
      count(walk, token.text ? 2 : 1);
      const language = String(token.lang || '').trim().split(/\s+/)[0];
      const node: TiptapNode = { type: 'codeBlock', attrs: { language: language && isLanguageName(language) ? language : null } };
      if (token.text) node.content = [{ type: 'text', text: token.text }];
      out.push(node);
      return 'codeBlock';
    }
    case 'hr':
      count(walk);
      out.push({ type: 'horizontalRule' });
      return 'horizontalRule';
    case 'list':
      bulletList(token, walk, depth, out);
      return 'bulletList';
    default:
      throw UNSUPPORTED;
  }
}

const isEmptySpelling = (...texts: (string | undefined)[]) => texts.some((t) => t === EMPTY_PARAGRAPH_MARKDOWN || t === NBSP);

function bulletList(token: Token, walk: Walk, depth: number, out: TiptapNode[]): void {
  if (token.type !== 'list' || token.ordered) throw UNSUPPORTED;
  const items: Tokens.ListItem[] = token.items ?? [];
  if (items.length === 0) throw UNSUPPORTED;
  if (items.some((item) => item.task || TASK_ITEM.test(item.raw || item.text || ''))) throw UNSUPPORTED;
  count(walk);
  const content: TiptapNode[] = [];
  for (const item of items) {
    const listItem = listItemOf(item, walk, depth + 1);
    if (listItem) content.push(listItem);
  }
  if (content.length > 0) out.push({ type: 'bulletList', content });
}

/** @tiptap/extension-list's list item rules, then normalize.ts's. */
function listItemOf(item: Tokens.ListItem, walk: Walk, depth: number): TiptapNode | null {
  if (item.type !== 'list_item') throw UNSUPPORTED;
  count(walk);
  const tokens = item.tokens ?? [];
  const [first, ...rest] = tokens;
  if (first?.type === 'checkbox') throw UNSUPPORTED;
  let children: TiptapNode[];
  if (tokens.length === 0) children = [];
  else if (first.type === 'heading') {
    children = [leadingParagraph(first.tokens ?? [], walk, depth), ...(rest.length > 0 ? blockChildren(rest, true, walk, depth) : [])];
  } else if (first.type === 'text' && first.tokens && first.tokens.length > 0 && !tokens.some((t) => t.type === 'paragraph')) {
    children = [leadingParagraph(first.tokens, walk, depth), ...(rest.length > 0 ? blockChildren(rest, true, walk, depth) : [])];
  } else {
    // A text token among blocks is the manager's Text extension's raw text: not ours to copy (block() gives up on it).
    const raw: RawFirst = {};
    children = blockChildren(tokens, true, walk, depth, raw);
    // The manager gives an item that starts with anything but a paragraph an empty one first, before normalize.ts drops anything.
    if (raw.first !== undefined && raw.first !== 'paragraph') children.unshift(EMPTY_PARAGRAPH);
  }
  // A bullet with nothing in it has no markdown form that reads back the same: normalize.ts drops it.
  if (children.every(isEmptyParagraph)) return null;
  if (children[0].type !== 'paragraph') children.unshift(EMPTY_PARAGRAPH);
  return { type: 'listItem', content: children };
}

function leadingParagraph(tokens: Token[], walk: Walk, depth: number): TiptapNode {
  count(walk);
  const content = finishTextblock(inlineNodes(tokens, walk, depth), walk.schema);
  return content.length > 0 ? { type: 'paragraph', content } : EMPTY_PARAGRAPH;
}

/** MarkdownManager.parseInlineTokens: text with its marks as the manager builds them, neighbours with equal marks merged. */
function inlineNodes(tokens: Token[], walk: Walk, depth: number): RawInline[] {
  if (depth > MAX_DEPTH) throw UNSUPPORTED;
  const result: RawInline[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        if (token.tokens) throw UNSUPPORTED;
        count(walk);
        result.push({ type: 'text', text: decodeHtmlEntities(token.text || '') });
        break;
      case 'escape':
        count(walk);
        result.push({ type: 'text', text: token.text || '' });
        break;
      case 'br':
        count(walk);
        result.push({ type: 'hardBreak' });
        break;
      case 'codespan':
        count(walk);
        result.push({ type: 'text', text: token.text || '', marks: [{ type: 'code' }] });
        break;
      case 'strong':
        result.push(...withMark(inlineNodes(token.tokens ?? [], walk, depth + 1), { type: 'bold' }));
        break;
      case 'em':
        result.push(...withMark(inlineNodes(token.tokens ?? [], walk, depth + 1), { type: 'italic' }));
        break;
      case 'del':
        result.push(...withMark(inlineNodes(token.tokens ?? [], walk, depth + 1), { type: 'strike' }));
        break;
      case 'link': {
        const inner = token.tokens ?? [];
        if (inner.some((t) => t.type === 'image')) throw UNSUPPORTED;
        const mark = { type: 'link', attrs: { href: readLinkPart(token.href), title: readLinkPart(token.title) } };
        result.push(...withMark(inlineNodes(inner, walk, depth + 1), mark));
        break;
      }
      default:
        throw UNSUPPORTED;
    }
  }
  for (let i = result.length - 1; i > 0; i--) {
    const current = result[i];
    const previous = result[i - 1];
    if (current.type === 'text' && previous.type === 'text' && marksEqual(current.marks ?? [], previous.marks ?? [])) {
      previous.text += current.text;
      result.splice(i, 1);
    }
  }
  return result;
}

/** MarkdownManager.applyMarkToContent: the mark goes after the ones the text has already. */
function withMark(nodes: RawInline[], mark: TiptapMark): RawInline[] {
  for (const node of nodes) if (node.type === 'text') node.marks = node.marks ? [...node.marks, mark] : [mark];
  return nodes;
}

/** normalize.ts for a textblock's inline content: empty text dropped, marks repaired, edges trimmed. */
export function finishTextblock(inline: RawInline[], schema: Schema): TiptapNode[] {
  const run: TiptapNode[] = [];
  for (const node of inline) {
    if (node.type !== 'text') run.push({ type: 'hardBreak' });
    else if (node.text) run.push({ type: 'text', text: node.text, marks: node.marks ? fixMarks(node.marks, schema) : undefined });
  }
  const out: TiptapNode[] = [];
  for (const node of trimEdges(run) as TiptapNode[]) {
    const previous = out[out.length - 1];
    // ProseMirror joins neighbouring text of the same marks when it builds the node (marks dropped or trimmed away can make such neighbours).
    if (node.type === 'text' && previous?.type === 'text' && marksEqual(previous.marks ?? [], node.marks ?? [])) previous.text += node.text!;
    // ProseMirror's toJSON: a text node is { type, marks?, text }.
    else if (node.type === 'text') out.push(node.marks ? { type: 'text', marks: node.marks, text: node.text } : { type: 'text', text: node.text });
    else out.push(node);
  }
  return out;
}
