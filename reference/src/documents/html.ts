/**
 * TipTap JSON -> HTML without a DOM implementation.
 *
 * ProseMirror's DOMSerializer only needs a handful of document methods, so we
 * hand it a tiny string-building document instead of happy-dom (which
 * @tiptap/html/server would spin up per call). Because every tag and attribute
 * comes from the schema's renderHTML, user input can only ever reach text
 * nodes and attribute values, both of which are escaped here. The allow-lists
 * below are a second line of defence in case an extension ever emits
 * something unexpected.
 */
import type { DOMSerializer } from '@tiptap/pm/model';

import { getEngine } from './engine.js';
import type { TiptapDoc } from './types.js';
import { isSafeImageUrl, isSafeLinkUrl } from './urls.js';

const ALLOWED_TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 's', 'code', 'pre', 'a', 'img',
  'blockquote', 'ul', 'ol', 'li', 'hr', 'br',
]);
const VOID_TAGS = new Set(['img', 'hr', 'br']);
const ALLOWED_ATTRIBUTES = new Set([
  'href', 'src', 'alt', 'title', 'width', 'height', 'class', 'target', 'rel', 'start', 'type',
  'data-type', 'data-kind',
]);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

class TextPiece {
  readonly nodeType = 3;
  constructor(readonly text: string) {}
  toHtml(): string {
    return escapeText(this.text);
  }
}

class ElementPiece {
  readonly nodeType = 1;
  private readonly attributes = new Map<string, string>();
  private readonly children: Array<ElementPiece | TextPiece> = [];

  constructor(readonly tag: string) {
    if (!ALLOWED_TAGS.has(tag)) throw new Error(`documents/html: schema rendered unexpected tag <${tag}>`);
  }

  setAttribute(name: string, value: unknown): void {
    const key = name.toLowerCase();
    if (!ALLOWED_ATTRIBUTES.has(key)) return;
    const text = String(value);
    if (key === 'href' && !isSafeLinkUrl(text)) return;
    if (key === 'src' && !isSafeImageUrl(text)) return;
    this.attributes.set(key, text);
  }

  setAttributeNS(_namespace: string | null, name: string, value: unknown): void {
    this.setAttribute(name, value);
  }

  appendChild<T extends ElementPiece | TextPiece>(child: T): T {
    this.children.push(child);
    return child;
  }

  innerHtml(): string {
    return this.children.map((child) => child.toHtml()).join('');
  }

  toHtml(): string {
    let attributes = '';
    for (const [name, value] of this.attributes) attributes += ` ${name}="${escapeAttribute(value)}"`;
    if (VOID_TAGS.has(this.tag)) return `<${this.tag}${attributes}>`;
    return `<${this.tag}${attributes}>${this.innerHtml()}</${this.tag}>`;
  }
}

type SerializeOptions = NonNullable<Parameters<DOMSerializer['serializeFragment']>[1]>;
type SerializeTarget = Parameters<DOMSerializer['serializeFragment']>[2];

/** The part of `Document` DOMSerializer touches. */
const stringDocument = {
  createElement: (tag: string) => new ElementPiece(tag.toLowerCase()),
  createElementNS: (_namespace: string, tag: string) => new ElementPiece(tag.toLowerCase()),
  createTextNode: (text: string) => new TextPiece(text),
};

/** staticHtml for a document produced by markdownToDoc or parseBodyJson. */
export function docToHtml(doc: TiptapDoc): string {
  const { schema, serializer } = getEngine();
  let node;
  try {
    node = schema.nodeFromJSON(doc);
  } catch (error) {
    // Only validated documents should reach here; anything else is our bug,
    // not the client's, so it must surface as a 500 rather than a 400.
    throw new Error(`docToHtml was given a document outside the schema: ${(error as Error).message}`);
  }
  // Only the container's children are emitted, so its own tag never shows.
  const container = new ElementPiece('p');
  serializer.serializeFragment(
    node.content,
    { document: stringDocument as unknown as SerializeOptions['document'] },
    container as unknown as SerializeTarget,
  );
  return container.innerHtml();
}
