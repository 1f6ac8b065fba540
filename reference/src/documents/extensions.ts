/**
 * The TipTap extensions that define what a post body may contain. The schema
 * built from this list is the single authority for bodyJson validity, HTML
 * rendering and markdown conversion.
 */
import {
  Extension,
  Node,
  flattenExtensions,
  getExtensionField,
  mergeAttributes,
  type AnyExtension,
  type MarkdownTokenizer,
} from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { Image } from '@tiptap/extension-image';
import { StarterKit } from '@tiptap/starter-kit';

import {
  altTextOf,
  codeFence,
  escapeBracketText,
  escapeLineStarts,
  linkDestination,
  markdownImage,
  markdownLink,
  readLinkPart,
} from './markdown-syntax.js';
import { BUTTON_KINDS, type ButtonKind } from './types.js';

const asKind = (value: unknown): ButtonKind =>
  (BUTTON_KINDS as readonly unknown[]).includes(value) ? (value as ButtonKind) : 'custom';

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A call-to-action button. The label lives in an attribute rather than in
 * child text so a button is one atomic block that editors cannot half-select
 * or split, and so its markdown form is a single link.
 */
export const Button = Node.create({
  name: 'button',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return {
      kind: { default: 'custom', rendered: false },
      label: { default: '', rendered: false },
      href: { default: null, rendered: false },
    };
  },

  parseHTML() {
    return [{ tag: 'a[data-type="button"]' }];
  },

  renderHTML({ node }) {
    const kind = asKind(node.attrs.kind);
    const link = [
      'a',
      {
        class: `button button-${kind}`,
        'data-type': 'button',
        'data-kind': kind,
        href: nonEmpty(node.attrs.href) ? node.attrs.href : null,
      },
      String(node.attrs.label ?? ''),
    ];
    // The wrapper gives the block-level box; the anchor is what readers click.
    return ['p', { class: 'button-wrapper' }, link] as DOMOutputSpec;
  },

  // Markdown has no buttons; the nearest honest form is a plain link (or just
  // the label when the platform supplies the target, as for subscribe/share).
  renderMarkdown(node) {
    const label = escapeBracketText(String(node.attrs?.label ?? ''));
    const href = node.attrs?.href;
    return nonEmpty(href) ? markdownLink(label, href) : escapeLineStarts(label);
  },
});

/** Images may link somewhere; the target is an attribute so the image stays one node. */
const LinkableImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      href: { default: null, rendered: false },
    };
  },

  renderHTML({ node, HTMLAttributes }) {
    const img = ['img', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes)];
    if (!nonEmpty(node.attrs.href)) return img as DOMOutputSpec;
    return ['a', { class: 'image-link', href: node.attrs.href }, img] as DOMOutputSpec;
  },

  parseMarkdown(token, helpers) {
    return helpers.createNode('image', {
      src: readLinkPart(token.href),
      alt: altTextOf(token) || null,
      title: readLinkPart(token.title),
    });
  },

  renderMarkdown(node) {
    const attrs = node.attrs ?? {};
    const image = markdownImage(attrs.alt, String(attrs.src ?? ''), attrs.title);
    return nonEmpty(attrs.href) ? `[${image}](${linkDestination(attrs.href)})` : image;
  },
});

/**
 * Replacements for some StarterKit members, keyed by extension name. Each
 * keeps the original behaviour and changes only the markdown side.
 */
const overrides: Record<string, (ext: AnyExtension) => AnyExtension> = {
  paragraph: (ext) =>
    ext.extend({
      renderMarkdown(node, helpers, ctx) {
        return escapeLineStarts(this.parent?.(node, helpers, ctx) ?? '');
      },
    }),

  link: (ext) =>
    ext.extend({
      // `[![alt](src)](href)` is how markdown spells a linked image; without
      // this the link mark would be dropped because marks only apply to text.
      parseMarkdown(token, helpers) {
        const inner = token.tokens ?? [];
        if (inner.length === 1 && inner[0].type === 'image') {
          const image = inner[0];
          return helpers.createNode('image', {
            src: readLinkPart(image.href),
            alt: altTextOf(image) || null,
            title: readLinkPart(image.title),
            href: readLinkPart(token.href),
          });
        }
        return helpers.applyMark('link', helpers.parseInline(inner), {
          href: readLinkPart(token.href),
          title: readLinkPart(token.title),
        });
      },
      renderMarkdown(node, helpers) {
        return markdownLink(helpers.renderChildren(node), String(node.attrs?.href ?? ''), node.attrs?.title);
      },
    }),

  listItem: (ext) =>
    ext.extend({
      // Task lists are not part of our schema; "- [ ] buy milk" keeps its
      // checkbox as literal text instead of silently losing it.
      parseMarkdown(token, helpers) {
        const [first, ...rest] = token.tokens ?? [];
        const asText = (box: { raw?: string; checked?: boolean }) => ({ type: 'text', raw: box.raw, text: box.checked ? '[x] ' : '[ ] ' });
        let tokens: typeof rest;
        if (first?.type === 'checkbox') {
          // A tight list: the checkbox comes before the item's text.
          const literal = asText(first);
          const next = rest[0];
          if (next && (next.type === 'text' || next.type === 'paragraph') && next.tokens) {
            rest[0] = { ...next, tokens: [literal, ...next.tokens] };
          } else {
            rest.unshift({ type: 'text', raw: literal.raw, text: literal.text, tokens: [literal] });
          }
          tokens = rest;
        } else if (first?.type === 'paragraph' && first.tokens?.[0]?.type === 'checkbox') {
          // A loose list: marked puts the checkbox first in the item's paragraph.
          tokens = [{ ...first, tokens: [asText(first.tokens[0]), ...first.tokens.slice(1)] }, ...rest];
        } else return this.parent?.(token, helpers) ?? [];
        return this.parent?.({ ...token, task: false, tokens }, helpers) ?? [];
      },
      // An item whose first paragraph is empty starts with a bare marker; marked
      // reads "- " + newline as text but "-" + newline as the item it is.
      renderMarkdown(node, helpers, ctx) {
        const out = this.parent?.(node, helpers, ctx) ?? '';
        return out.replace(/^([-*+]|\d{1,9}[.)]) +(?=\n|$)/, '$1');
      },
    }),

  // Where bold or italic crosses another mark's boundary TipTap reopens it
  // as a literal <strong>/<em>; our markdown reads raw HTML back as text, so
  // plain asterisks are used throughout instead.
  bold: (ext) => ext.extend({ markdownOptions: {} }),
  italic: (ext) => ext.extend({ markdownOptions: {} }),

  hardBreak: (ext) =>
    ext.extend({
      // The two-space form leaves a blank-looking line between consecutive
      // breaks, which markdown reads as a paragraph end (and editors strip
      // trailing spaces); a backslash before the newline survives both.
      renderMarkdown: () => '\\\n',
    }),

  orderedList: (ext) => {
    // TipTap's ordered-list tokenizer crashes marked's blockquote rule when a
    // list opens with an empty item and a lazy line follows ("> 1. \na").
    // Declining that one shape leaves it to marked's built-in list rule.
    const own = getExtensionField<MarkdownTokenizer | undefined>(ext, 'markdownTokenizer');
    if (!own) return ext;
    return ext.extend({
      markdownTokenizer: {
        ...own,
        tokenize: (...args: Parameters<MarkdownTokenizer['tokenize']>) =>
          /^ *\d{1,9}[.)][ \t]*(?:\n|$)/.test(args[0]) ? undefined : own.tokenize(...args),
      },
    });
  },

  codeBlock: (ext) =>
    ext.extend({
      renderMarkdown(node) {
        const code = (node.content ?? []).map((child) => child.text ?? '').join('');
        const fence = codeFence(code);
        // An info string may not contain backticks or line breaks.
        const language = String(node.attrs?.language ?? '').replace(/[`\s]/g, '');
        return `${fence}${language}\n${code}\n${fence}`;
      },
    }),
};

/**
 * GFM tables have no node in our schema. Rather than dropping them, their
 * source lines are kept as a paragraph of text, which also reads back as the
 * same table when the markdown is parsed again.
 */
const TableAsText = Extension.create({
  name: 'tableAsText',
  markdownTokenName: 'table',
  parseMarkdown(token, helpers) {
    const lines = String(token.raw ?? '').replace(/\s+$/, '').split('\n');
    const content = lines.flatMap((line, i) => [
      ...(i > 0 ? [helpers.createNode('hardBreak')] : []),
      ...(line.trimEnd() ? [helpers.createTextNode(line.trimEnd())] : []),
    ]);
    return helpers.createNode('paragraph', undefined, content);
  },
});

function buildExtensions(): AnyExtension[] {
  const kit = StarterKit.configure({
    // Editor-only behaviour, meaningless without a view.
    undoRedo: false,
    dropcursor: false,
    gapcursor: false,
    trailingNode: false,
    listKeymap: false,
    // Markdown cannot express underline; bodies stay within what both forms share.
    underline: false,
    link: { openOnClick: false, autolink: false, linkOnPaste: false },
  });
  // Only the schema members are kept: the kit itself would re-add its children
  // when the list is flattened again by getSchema.
  const members = flattenExtensions([kit]).filter((ext) => ext.type === 'node' || ext.type === 'mark');
  return [...members.map((ext) => overrides[ext.name]?.(ext) ?? ext), LinkableImage, Button, TableAsText];
}

let cached: AnyExtension[] | undefined;

/** The extension list, built once per process. */
export function documentExtensions(): AnyExtension[] {
  cached ??= buildExtensions();
  return cached;
}
