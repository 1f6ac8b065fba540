/**
 * Repairs what @tiptap/markdown hands back so it fits our schema and URL
 * policy. The manager builds JSON token by token without consulting the
 * schema, so markdown like "text ![img](x) text" yields a block image inside a
 * paragraph, "- ![img](x)" a list item without its leading paragraph, and
 * "**`x`**" a text node carrying two marks that exclude each other.
 */
import type { JSONContent } from '@tiptap/core';
import { Mark, type Schema } from '@tiptap/pm/model';

import { MAX_TEXT_ATTRIBUTE, isLanguageName } from './attributes.js';
import { isSafeImageUrl, isSafeLinkUrl } from './urls.js';

/** Markdown allows any length; bodyJson does not, and both must accept what we produce. */
const clip = (value: unknown) => (typeof value === 'string' ? value.slice(0, MAX_TEXT_ATTRIBUTE) : value);

const paragraph = (content: JSONContent[] = []): JSONContent => ({ type: 'paragraph', content });

type MarksJson = NonNullable<JSONContent['marks']>;

/**
 * fixMarks' answers for mark lists of types alone (bold, italic, code...: no
 * link, no attributes), by schema and the types in order: nearly every
 * marked run of text has one, and building ProseMirror marks for each was a
 * visible share of converting a small post. Frozen: documents share them.
 */
const plainMarkSets = new WeakMap<Schema, Map<string, MarksJson | undefined>>();

/** The types of a mark list joined, or null when any mark has attributes (links do). */
function plainTypes(marks: MarksJson): string | null {
  let key = '';
  for (const mark of marks) {
    if (mark.attrs !== undefined && mark.attrs !== null && Object.keys(mark.attrs).length > 0) return null;
    key += `${mark.type},`;
  }
  return key;
}

export function fixMarks(marks: JSONContent['marks'], schema: Schema): JSONContent['marks'] {
  if (!marks || marks.length === 0) return undefined;
  const key = plainTypes(marks);
  if (key === null) return buildMarks(marks, schema);
  let known = plainMarkSets.get(schema);
  if (!known) plainMarkSets.set(schema, (known = new Map()));
  if (known.has(key)) return known.get(key);
  const built = buildMarks(marks, schema);
  const frozen = built && Object.freeze(built.map((mark) => Object.freeze(mark)));
  known.set(key, frozen as MarksJson | undefined);
  return frozen as MarksJson | undefined;
}

function buildMarks(marks: MarksJson, schema: Schema): JSONContent['marks'] {
  let set = Mark.none;
  for (const mark of marks) {
    if (!schema.marks[mark.type]) continue;
    // Unsafe link targets lose the link; the words stay.
    if (mark.type === 'link' && !isSafeLinkUrl(mark.attrs?.href)) continue;
    const attrs = mark.type === 'link' ? { ...mark.attrs, title: clip(mark.attrs?.title) } : mark.attrs;
    set = schema.markFromJSON({ ...mark, attrs }).addToSet(set);
  }
  return set.length > 0 ? set.map((mark) => mark.toJSON() as { type: string; attrs?: Record<string, unknown> }) : undefined;
}

/**
 * Markdown cannot carry whitespace at the edges of a line, so it is removed
 * here (around hard breaks too) rather than left to change on the next round
 * trip.
 */
export function trimEdges(run: JSONContent[]): JSONContent[] {
  const out = run.map((child, i) => {
    if (child.type !== 'text') return child;
    let text = child.text ?? '';
    if (i === 0 || run[i - 1].type === 'hardBreak') text = text.replace(/^\s+/, '');
    if (i === run.length - 1 || run[i + 1].type === 'hardBreak') text = text.replace(/\s+$/, '');
    return { ...child, text };
  });
  const kept = out.filter((child) => child.type !== 'text' || child.text !== '');
  // A break with nothing before or after it on its line cannot be written in markdown.
  while (kept[0]?.type === 'hardBreak') kept.shift();
  while (kept[kept.length - 1]?.type === 'hardBreak') kept.pop();
  return kept;
}

const isEmptyParagraph = (node: JSONContent | undefined) =>
  node?.type === 'paragraph' && (node.content ?? []).length === 0;

/** Splits a textblock around any block children it was given. */
function splitTextblock(node: JSONContent, children: JSONContent[], schema: Schema): JSONContent[] {
  const out: JSONContent[] = [];
  let run: JSONContent[] = [];
  const flush = () => {
    const trimmed = trimEdges(run);
    if (trimmed.length > 0) out.push({ ...node, content: trimmed });
    run = [];
  };
  for (const child of children) {
    if (schema.nodes[child.type ?? '']?.isBlock) {
      flush();
      out.push(child);
    } else {
      run.push(child);
    }
  }
  flush();
  return out;
}

/** Inline nodes that ended up directly in a block container get a paragraph around them. */
function wrapStrayInline(children: JSONContent[], schema: Schema): void {
  for (let i = 0; i < children.length; i++) {
    if (!schema.nodes[children[i].type ?? '']?.isInline) continue;
    let end = i;
    while (end < children.length && schema.nodes[children[end].type ?? '']?.isInline) end++;
    children.splice(i, end - i, paragraph(children.slice(i, end)));
  }
}

function fixNode(node: JSONContent, schema: Schema): JSONContent[] {
  const type = schema.nodes[node.type ?? ''];
  if (!type) return [];

  if (type.isText) {
    if (!node.text) return [];
    return [{ type: 'text', text: node.text, marks: fixMarks(node.marks, schema) }];
  }

  if (type.name === 'image') {
    if (!isSafeImageUrl(node.attrs?.src)) return [];
    const href = isSafeLinkUrl(node.attrs?.href) ? node.attrs?.href : null;
    return [{ type: 'image', attrs: { ...node.attrs, alt: clip(node.attrs?.alt), title: clip(node.attrs?.title), href } }];
  }

  const children = (node.content ?? []).flatMap((child) => fixNode(child, schema));

  if (type.name === 'codeBlock') {
    const code = children.map((child) => child.text ?? '').join('');
    // An info string like "js {.numbered}" names its language in the first word.
    const language = String(node.attrs?.language ?? '').trim().split(/\s+/)[0];
    return [
      {
        ...node,
        attrs: { ...node.attrs, language: language && isLanguageName(language) ? language : null },
        content: code ? [{ type: 'text', text: code }] : [],
      },
    ];
  }
  if (type.isTextblock) {
    const split = splitTextblock(node, children, schema);
    if (split.length > 0) return split;
    return type.name === 'heading' ? [] : [{ ...node, content: [] }];
  }
  if (!type.inlineContent) wrapStrayInline(children, schema);
  if (type.name === 'listItem') {
    // A bullet with nothing in it has no markdown form that reads back the same.
    if (children.every(isEmptyParagraph)) return [];
    if (children[0]?.type !== 'paragraph') children.unshift(paragraph());
    return [{ ...node, content: children }];
  }
  if (type.name === 'bulletList' || type.name === 'orderedList') {
    const items = children.filter((child) => child.type === 'listItem');
    return items.length > 0 ? [{ ...node, content: items }] : [];
  }
  if (type.name === 'doc') {
    // Blank lines before or after everything else are not content. They are
    // cut in one go: shifting them off one by one was quadratic.
    let start = 0;
    while (isEmptyParagraph(children[start])) start++;
    let end = children.length;
    while (end > start && isEmptyParagraph(children[end - 1])) end--;
    children.splice(end);
    children.splice(0, start);
  }
  if (type.name === 'blockquote' || type.name === 'doc') {
    return [{ ...node, content: children.length > 0 ? children : [paragraph()] }];
  }
  return [{ ...node, content: children.length > 0 ? children : undefined }];
}

/** The schema-valid form of a document parsed from markdown. */
export function normalizeParsedMarkdown(doc: JSONContent, schema: Schema): JSONContent {
  return fixNode({ ...doc, type: 'doc' }, schema)[0];
}
