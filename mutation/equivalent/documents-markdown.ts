/** Equivalent mutants of documents-markdown's markdown-syntax.ts, normalize.ts and extensions.ts (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const SYNTAX = 'reference/src/documents/markdown-syntax.ts';
const NORMALIZE = 'reference/src/documents/normalize.ts';
const EXTENSIONS = 'reference/src/documents/extensions.ts';

const ALL_BLANK =
  "the end passes the start only when every child is an empty paragraph: the two splices then drop all of them, wherever the end stops";

const BUTTON_HREF_DEFAULT =
  "TipTap gives an attribute without options the default null, which is href's default; its being rendered is ignored by Button's renderHTML";

const BUTTON_NOT_RENDERED =
  "Button's renderHTML builds its markup from node.attrs itself and ignores the rendered HTML attributes, so whether an attribute is rendered changes nothing";

const CHECKBOX_DROPPED =
  "TipTap's parseInlineTokens has no handler for a checkbox token (nor tokens in it) and drops it: keeping it in the paragraph gives the same text";

const EDITOR_ONLY =
  "atom, selectable and draggable are for an editor's view: a leaf node is an atom already, and no view is built here";

const EMPTY_MARKS =
  "an empty list of marks gives the key of no types, whose marks build to none: fixMarks answers undefined either way (and keeps that answer)";

const ESCAPE_TOKEN =
  "marked's escape token holds the one punctuation character escaped (`\\\\&` gives `&`), and decoding character references changes no single character: read as any other text it is the same";

const EXT_NAME =
  "the extension's name only identifies it; its table handler is registered by markdownTokenName";

const FIRST_WORD =
  "the info string is trimmed first, so its first word is the same whether it is split at each blank or at runs of them";

const FIXED_CHILDREN =
  "the children looked at here are fixNode answers, which are nodes of the schema with a type (unknown types are dropped) and textblocks with content: the fallbacks are never used";

const IMAGE_HAS_ATTRS =
  "an image reaching this line had a safe src (the line before drops one without attributes): its attributes exist";

const INLINE_NO_TEXT =
  "the only inline node besides text is hardBreak, which has no text: the filter keeps it whether or not its type is checked first";

const ITEM_NOT_EMPTY =
  "a list item without children returns on the line before (every child of none is an empty paragraph): children[0] always exists here";

const KEY_PREFIX =
  "the key of a list of mark types only tells lists apart: a prefix every key shares tells the same ones apart";

const KIT_EDITOR =
  "undo/redo, drop and gap cursors, the trailing node and the list keymap are editor extensions without nodes or marks: only the kit's nodes and marks are kept";

const LINK_EDITOR =
  "openOnClick, autolink and linkOnPaste configure the link's editor plugins (clicks, typing, pasting), which no conversion runs; the mark's schema and HTML do not depend on them";

const LINK_HAS_ATTRS =
  "a link mark without attributes has no href and is dropped by the line before (isSafeLinkUrl of undefined is false): every link reaching this line has attributes";

const LINK_ONLY_ATTRS =
  "link is the only mark of the schema with attributes: a title given to any other mark is dropped by markFromJSON, which keeps only the attributes of its type";

const LIST_AT_END =
  "an empty first item at the very end of the text has no line after it to read lazily: TipTap's tokenizer and marked's list rule read it alike (tried in a bullet)";

const NO_HTML_PARSE =
  "the schema never parses HTML here: bodies come as markdown or as JSON (the inspector parses pages in a browser, without the schema)";

const NO_INLINE_CONTAINER =
  "every node reaching this line (doc, quote, lists, items, rule, button) has block or no content: textblocks, text and images return earlier, so the condition is always true";

const NO_TYPE =
  "a node without a type and one of a type the schema lacks are both dropped: the schema has no node named \"Stryker was here!\" either";

const ONE_SPACE =
  "TipTap writes one space after an item marker (ordered lists are not padded to align, tried from 1 to 999999999), so one or more spaces match alike";

const PARAGRAPH_TOKENS =
  "marked's paragraph token always has inline tokens, at least one for its text: the first exists";

const PARENT =
  "the overridden TipTap extension always defines the method it extends (paragraph, link and listItem render and parse markdown, Image has attributes): this.parent exists";

const PARENT_ANSWERS =
  "the parent TipTap method always answers a value (a string of markdown, a node): the fallback is never used";

const STRING_CHILD =
  "a stray string in a node's content has no type and is dropped by fixNode, as an unknown node is: a node without content gets none";

const STRING_CHILD_TEXT =
  "a string in place of the code block's content has no text field: it adds '' to the code, as no content does";

const TABLE_EDGES =
  "trimEdges (normalize.ts) drops a hard break at a paragraph's start, trims the blanks at each line's ends, and drops a string without a type: a break before the first line, a line trimmed at its start, or a string for a blank line give the same paragraph";

const TABLE_TRAILING =
  "the table's lines become text joined by hard breaks, and trimEdges drops the breaks and blanks at a paragraph's ends: trailing white space cut whole or one character at a time gives the same paragraph (raw always exists)";

const TASK_UNREAD =
  "TipTap's listItem parseMarkdown never reads the token's task flag (only the taskItem extension, not in the schema, would)";

const TOKENS =
  "marked always gives a link's and a list item's token its inline or block tokens: the fallback list is never used";

const CHECKBOX_BEFORE_TEXT =
  "marked (18) gives a list item a checkbox token only when the item's first token is text or a paragraph, and puts it first only in a tight list, right before that token: a tight item's blocks are read as text (never a paragraph), with their inline tokens. The token after a leading checkbox is always text with tokens, so the rest of this test, and the branch for anything else, decide nothing";

const MARK_ATTRS_OBJECT =
  "TipTap's markdown manager hands a mark's renderMarkdown a node whose attrs is always an object (mark.attrs || {}): attrs is never undefined here";

const ORDERED_LIST_HAS_TOKENIZER =
  "TipTap's ordered list always defines a markdownTokenizer (the one this override wraps): own is never undefined";

export const documentsMarkdown: readonly EquivalentMutant[] = [
  { file: SYNTAX, code: "if (t.type === 'escape') return t.text ?? '';", original: "t.type === 'escape'", mutator: "ConditionalExpression", replacement: "false", why: ESCAPE_TOKEN },
  { file: SYNTAX, code: "if (t.type === 'escape') return t.text ?? '';", original: "'escape'", mutator: "StringLiteral", replacement: "\"\"", why: ESCAPE_TOKEN },
  { file: NORMALIZE, code: "node?.type === 'paragraph' && (node.content ?? []).length === 0;", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]", why: FIXED_CHILDREN },
  { file: NORMALIZE, code: "if (schema.nodes[child.type ?? '']?.isBlock) {", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: FIXED_CHILDREN },
  { file: NORMALIZE, code: "if (!schema.nodes[children[i].type ?? '']?.isInline) continue;", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: FIXED_CHILDREN },
  { file: NORMALIZE, code: "while (end < children.length && schema.nodes[children[end].type ?? '']?.isInline) end++;", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: FIXED_CHILDREN },
  { file: NORMALIZE, code: "const type = schema.nodes[node.type ?? ''];", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: NO_TYPE },
  { file: NORMALIZE, code: "let key = '';", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: KEY_PREFIX },
  { file: NORMALIZE, code: "if (!marks || marks.length === 0) return undefined;", original: "marks.length === 0", mutator: "ConditionalExpression", replacement: "false", why: EMPTY_MARKS },
  { file: NORMALIZE, code: "const attrs = mark.type === 'link' ? { ...mark.attrs, title: clip(mark.attrs?.title) } : mark.attrs;", original: "mark.type === 'link'", mutator: "ConditionalExpression", replacement: "true", why: LINK_ONLY_ATTRS },
  { file: NORMALIZE, code: "const attrs = mark.type === 'link' ? { ...mark.attrs, title: clip(mark.attrs?.title) } : mark.attrs;", original: "mark.attrs?.title", mutator: "OptionalChaining", replacement: "mark.attrs.title", why: LINK_HAS_ATTRS },
  { file: NORMALIZE, code: "const kept = out.filter((child) => child.type !== 'text' || child.text !== '');", original: "child.type !== 'text'", mutator: "ConditionalExpression", replacement: "false", why: INLINE_NO_TEXT },
  { file: NORMALIZE, code: "if (schema.nodes[child.type ?? '']?.isBlock) {", original: "schema.nodes[child.type ?? '']?.isBlock", mutator: "OptionalChaining", replacement: "schema.nodes[child.type ?? ''].isBlock", why: FIXED_CHILDREN },
  { file: NORMALIZE, code: "if (!schema.nodes[children[i].type ?? '']?.isInline) continue;", original: "schema.nodes[children[i].type ?? '']?.isInline", mutator: "OptionalChaining", replacement: "schema.nodes[children[i].type ?? ''].isInline", why: FIXED_CHILDREN },
  { file: NORMALIZE, code: "while (end < children.length && schema.nodes[children[end].type ?? '']?.isInline) end++;", original: "schema.nodes[children[end].type ?? '']?.isInline", mutator: "OptionalChaining", replacement: "schema.nodes[children[end].type ?? ''].isInline", why: FIXED_CHILDREN },
  { file: NORMALIZE, code: "const href = isSafeLinkUrl(node.attrs?.href) ? node.attrs?.href : null;", original: "node.attrs?.href", mutator: "OptionalChaining", replacement: "node.attrs.href", why: IMAGE_HAS_ATTRS },
  { file: NORMALIZE, code: "const href = isSafeLinkUrl(node.attrs?.href) ? node.attrs?.href : null;", original: "node.attrs?.href", mutator: "OptionalChaining", replacement: "node.attrs.href", why: IMAGE_HAS_ATTRS },
  { file: NORMALIZE, code: "return [{ type: 'image', attrs: { ...node.attrs, alt: clip(node.attrs?.alt), title: clip(node.attrs?.title), href } }];", original: "node.attrs?.alt", mutator: "OptionalChaining", replacement: "node.attrs.alt", why: IMAGE_HAS_ATTRS },
  { file: NORMALIZE, code: "return [{ type: 'image', attrs: { ...node.attrs, alt: clip(node.attrs?.alt), title: clip(node.attrs?.title), href } }];", original: "node.attrs?.title", mutator: "OptionalChaining", replacement: "node.attrs.title", why: IMAGE_HAS_ATTRS },
  { file: NORMALIZE, code: "const children = (node.content ?? []).flatMap((child) => fixNode(child, schema));", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]", why: STRING_CHILD },
  { file: NORMALIZE, code: "const language = String(node.attrs?.language ?? '').trim().split(/\\s+/)[0];", original: "/\\s+/", mutator: "Regex", replacement: "/\\s/", why: FIRST_WORD },
  { file: NORMALIZE, code: "if (!type.inlineContent) wrapStrayInline(children, schema);", original: "!type.inlineContent", mutator: "ConditionalExpression", replacement: "true", why: NO_INLINE_CONTAINER },
  { file: NORMALIZE, code: "if (children[0]?.type !== 'paragraph') children.unshift(paragraph());", original: "children[0]?.type", mutator: "OptionalChaining", replacement: "children[0].type", why: ITEM_NOT_EMPTY },
  { file: NORMALIZE, code: "while (end > start && isEmptyParagraph(children[end - 1])) end--;", original: "end > start", mutator: "ConditionalExpression", replacement: "true", why: ALL_BLANK },
  { file: NORMALIZE, code: "while (end > start && isEmptyParagraph(children[end - 1])) end--;", original: "end > start", mutator: "EqualityOperator", replacement: "end >= start", why: ALL_BLANK },
  { file: EXTENSIONS, code: "return escapeLineStarts(this.parent?.(node, helpers, ctx) ?? '');", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: PARENT_ANSWERS },
  { file: EXTENSIONS, code: "const inner = token.tokens ?? [];", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]", why: TOKENS },
  { file: EXTENSIONS, code: "const [first, ...rest] = token.tokens ?? [];", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]", why: TOKENS },
  { file: EXTENSIONS, code: "} else return this.parent?.(token, helpers) ?? [];", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]", why: PARENT_ANSWERS },
  { file: EXTENSIONS, code: "return this.parent?.({ ...token, task: false, tokens }, helpers) ?? [];", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]", why: PARENT_ANSWERS },
  { file: EXTENSIONS, code: "const out = this.parent?.(node, helpers, ctx) ?? '';", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: PARENT_ANSWERS },
  { file: EXTENSIONS, code: "const code = (node.content ?? []).map((child) => child.text ?? '').join('');", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]", why: STRING_CHILD_TEXT },
  { file: EXTENSIONS, code: "const lines = String(token.raw ?? '').replace(/\\s+$/, '').split('\\n');", original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"", why: TABLE_TRAILING },
  { file: EXTENSIONS, code: "...(line.trimEnd() ? [helpers.createTextNode(line.trimEnd())] : []),", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]", why: TABLE_EDGES },
  { file: EXTENSIONS, code: "return escapeLineStarts(this.parent?.(node, helpers, ctx) ?? '');", original: "this.parent?.(node, helpers, ctx)", mutator: "OptionalChaining", replacement: "this.parent(node, helpers, ctx)", why: PARENT },
  { file: EXTENSIONS, code: "} else if (first?.type === 'paragraph' && first.tokens?.[0]?.type === 'checkbox') {", original: "first.tokens?.[0]?.type", mutator: "OptionalChaining", replacement: "first.tokens?.[0].type", why: PARAGRAPH_TOKENS },
  { file: EXTENSIONS, code: "} else if (first?.type === 'paragraph' && first.tokens?.[0]?.type === 'checkbox') {", original: "first.tokens?.[0]", mutator: "OptionalChaining", replacement: "first.tokens[0]", why: PARAGRAPH_TOKENS },
  { file: EXTENSIONS, code: "tokens = [{ ...first, tokens: [asText(first.tokens[0]), ...first.tokens.slice(1)] }, ...rest];", original: "first.tokens.slice(1)", mutator: "MethodExpression", replacement: "first.tokens", why: CHECKBOX_DROPPED },
  { file: EXTENSIONS, code: "} else return this.parent?.(token, helpers) ?? [];", original: "this.parent?.(token, helpers)", mutator: "OptionalChaining", replacement: "this.parent(token, helpers)", why: PARENT },
  { file: EXTENSIONS, code: "return this.parent?.({ ...token, task: false, tokens }, helpers) ?? [];", original: "this.parent?.({ ...token, task: false, tokens }, helpers)", mutator: "OptionalChaining", replacement: "this.parent({\n  ...token,\n  task: false,\n  tokens\n}, helpers)", why: PARENT },
  { file: EXTENSIONS, code: "return this.parent?.({ ...token, task: false, tokens }, helpers) ?? [];", original: "false", mutator: "BooleanLiteral", replacement: "true", why: TASK_UNREAD },
  { file: EXTENSIONS, code: "const out = this.parent?.(node, helpers, ctx) ?? '';", original: "this.parent?.(node, helpers, ctx)", mutator: "OptionalChaining", replacement: "this.parent(node, helpers, ctx)", why: PARENT },
  { file: EXTENSIONS, code: "return out.replace(/^([-*+]|\\d{1,9}[.)]) +(?=\\n|$)/, '$1');", original: "/^([-*+]|\\d{1,9}[.)]) +(?=\\n|$)/", mutator: "Regex", replacement: "/^([-*+]|\\d{1,9}[.)]) (?=\\n|$)/", why: ONE_SPACE },
  { file: EXTENSIONS, code: "/^ *\\d{1,9}[.)][ \\t]*(?:\\n|$)/.test(args[0]) ? undefined : own.tokenize(...args),", original: "/^ *\\d{1,9}[.)][ \\t]*(?:\\n|$)/", mutator: "Regex", replacement: "/^ *\\d{1,9}[.)][ \\t]*(?:\\n)/", why: LIST_AT_END },
  { file: EXTENSIONS, code: "const lines = String(token.raw ?? '').replace(/\\s+$/, '').split('\\n');", original: "/\\s+$/", mutator: "Regex", replacement: "/\\s$/", why: TABLE_TRAILING },
  { file: EXTENSIONS, code: "...(i > 0 ? [helpers.createNode('hardBreak')] : []),", original: "i > 0", mutator: "ConditionalExpression", replacement: "true", why: TABLE_EDGES },
  { file: EXTENSIONS, code: "...(i > 0 ? [helpers.createNode('hardBreak')] : []),", original: "i > 0", mutator: "EqualityOperator", replacement: "i >= 0", why: TABLE_EDGES },
  { file: EXTENSIONS, code: "...(i > 0 ? [helpers.createNode('hardBreak')] : []),", original: "[]", mutator: "ArrayDeclaration", replacement: "[\"Stryker was here\"]", why: TABLE_EDGES },
  { file: EXTENSIONS, code: "...(line.trimEnd() ? [helpers.createTextNode(line.trimEnd())] : []),", original: "line.trimEnd()", mutator: "MethodExpression", replacement: "line.trimStart()", why: TABLE_EDGES },
  { file: EXTENSIONS, code: "...(line.trimEnd() ? [helpers.createTextNode(line.trimEnd())] : []),", original: "line.trimEnd()", mutator: "MethodExpression", replacement: "line.trimStart()", why: TABLE_EDGES },
  { file: EXTENSIONS, code: "atom: true,", original: "true", mutator: "BooleanLiteral", replacement: "false", why: EDITOR_ONLY },
  { file: EXTENSIONS, code: "selectable: true,", original: "true", mutator: "BooleanLiteral", replacement: "false", why: EDITOR_ONLY },
  { file: EXTENSIONS, code: "draggable: true,", original: "true", mutator: "BooleanLiteral", replacement: "false", why: EDITOR_ONLY },
  { file: EXTENSIONS, code: "kind: { default: 'custom', rendered: false },", original: "false", mutator: "BooleanLiteral", replacement: "true", why: BUTTON_NOT_RENDERED },
  { file: EXTENSIONS, code: "label: { default: '', rendered: false },", original: "false", mutator: "BooleanLiteral", replacement: "true", why: BUTTON_NOT_RENDERED },
  { file: EXTENSIONS, code: "href: { default: null, rendered: false },", original: "{ default: null, rendered: false }", mutator: "ObjectLiteral", replacement: "{}", why: BUTTON_HREF_DEFAULT },
  { file: EXTENSIONS, code: "href: { default: null, rendered: false },", original: "false", mutator: "BooleanLiteral", replacement: "true", why: BUTTON_NOT_RENDERED },
  { file: EXTENSIONS, code: "parseHTML() {", original: "{ \u2026 } #00da6b32", mutator: "BlockStatement", replacement: "{}", why: NO_HTML_PARSE },
  { file: EXTENSIONS, code: "return [{ tag: 'a[data-type=\"button\"]' }];", original: "[{ tag: 'a[data-type=\"button\"]' }]", mutator: "ArrayDeclaration", replacement: "[]", why: NO_HTML_PARSE },
  { file: EXTENSIONS, code: "return [{ tag: 'a[data-type=\"button\"]' }];", original: "{ tag: 'a[data-type=\"button\"]' }", mutator: "ObjectLiteral", replacement: "{}", why: NO_HTML_PARSE },
  { file: EXTENSIONS, code: "return [{ tag: 'a[data-type=\"button\"]' }];", original: "'a[data-type=\"button\"]'", mutator: "StringLiteral", replacement: "\"\"", why: NO_HTML_PARSE },
  { file: EXTENSIONS, code: "...this.parent?.(),", original: "this.parent?.()", mutator: "OptionalChaining", replacement: "this.parent()", why: PARENT },
  { file: EXTENSIONS, code: "name: 'tableAsText',", original: "'tableAsText'", mutator: "StringLiteral", replacement: "\"\"", why: EXT_NAME },
  { file: EXTENSIONS, code: "undoRedo: false,", original: "false", mutator: "BooleanLiteral", replacement: "true", why: KIT_EDITOR },
  { file: EXTENSIONS, code: "dropcursor: false,", original: "false", mutator: "BooleanLiteral", replacement: "true", why: KIT_EDITOR },
  { file: EXTENSIONS, code: "gapcursor: false,", original: "false", mutator: "BooleanLiteral", replacement: "true", why: KIT_EDITOR },
  { file: EXTENSIONS, code: "trailingNode: false,", original: "false", mutator: "BooleanLiteral", replacement: "true", why: KIT_EDITOR },
  { file: EXTENSIONS, code: "listKeymap: false,", original: "false", mutator: "BooleanLiteral", replacement: "true", why: KIT_EDITOR },
  { file: EXTENSIONS, code: "link: { openOnClick: false, autolink: false, linkOnPaste: false },", original: "{ openOnClick: false, autolink: false, linkOnPaste: false }", mutator: "ObjectLiteral", replacement: "{}", why: LINK_EDITOR },
  { file: EXTENSIONS, code: "link: { openOnClick: false, autolink: false, linkOnPaste: false },", original: "false", mutator: "BooleanLiteral", replacement: "true", why: LINK_EDITOR },
  { file: EXTENSIONS, code: "link: { openOnClick: false, autolink: false, linkOnPaste: false },", original: "false", mutator: "BooleanLiteral", replacement: "true", why: LINK_EDITOR },
  { file: EXTENSIONS, code: "link: { openOnClick: false, autolink: false, linkOnPaste: false },", original: "false", mutator: "BooleanLiteral", replacement: "true", why: LINK_EDITOR },
  { file: EXTENSIONS, code: "if (next && (next.type === 'text' || next.type === 'paragraph') && next.tokens) {", original: "next.type === 'paragraph'", mutator: "ConditionalExpression", replacement: "false", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "if (next && (next.type === 'text' || next.type === 'paragraph') && next.tokens) {", original: "next.type === 'paragraph'", mutator: "EqualityOperator", replacement: "next.type !== 'paragraph'", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "if (next && (next.type === 'text' || next.type === 'paragraph') && next.tokens) {", original: "'paragraph'", mutator: "StringLiteral", replacement: "\"\"", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "} else {", original: "{ … } #9f2e5f92", mutator: "BlockStatement", replacement: "{}", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "rest.unshift({ type: 'text', raw: literal.raw, text: literal.text, tokens: [literal] });", original: "{ type: 'text', raw: literal.raw, text: literal.text, tokens: [literal] }", mutator: "ObjectLiteral", replacement: "{}", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "rest.unshift({ type: 'text', raw: literal.raw, text: literal.text, tokens: [literal] });", original: "'text'", mutator: "StringLiteral", replacement: "\"\"", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "rest.unshift({ type: 'text', raw: literal.raw, text: literal.text, tokens: [literal] });", original: "[literal]", mutator: "ArrayDeclaration", replacement: "[]", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "return markdownLink(helpers.renderChildren(node), String(node.attrs?.href ?? ''), node.attrs?.title);", original: "node.attrs?.href", mutator: "OptionalChaining", replacement: "node.attrs.href", why: MARK_ATTRS_OBJECT },
  { file: EXTENSIONS, code: "return markdownLink(helpers.renderChildren(node), String(node.attrs?.href ?? ''), node.attrs?.title);", original: "node.attrs?.title", mutator: "OptionalChaining", replacement: "node.attrs.title", why: MARK_ATTRS_OBJECT },
  { file: EXTENSIONS, code: "if (next && (next.type === 'text' || next.type === 'paragraph') && next.tokens) {", original: "next && (next.type === 'text' || next.type === 'paragraph') && next.tokens", mutator: "ConditionalExpression", replacement: "true", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "if (next && (next.type === 'text' || next.type === 'paragraph') && next.tokens) {", original: "next && (next.type === 'text' || next.type === 'paragraph') && next.tokens", mutator: "LogicalOperator", replacement: "next && (next.type === 'text' || next.type === 'paragraph') || next.tokens", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "if (next && (next.type === 'text' || next.type === 'paragraph') && next.tokens) {", original: "next && (next.type === 'text' || next.type === 'paragraph')", mutator: "ConditionalExpression", replacement: "true", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "if (next && (next.type === 'text' || next.type === 'paragraph') && next.tokens) {", original: "next && (next.type === 'text' || next.type === 'paragraph')", mutator: "LogicalOperator", replacement: "next || next.type === 'text' || next.type === 'paragraph'", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "if (next && (next.type === 'text' || next.type === 'paragraph') && next.tokens) {", original: "next.type === 'text' || next.type === 'paragraph'", mutator: "ConditionalExpression", replacement: "true", why: CHECKBOX_BEFORE_TEXT },
  { file: EXTENSIONS, code: "if (!own) return ext;", original: "!own", mutator: "ConditionalExpression", replacement: "false", why: ORDERED_LIST_HAS_TOKENIZER },
];
