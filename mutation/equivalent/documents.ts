/** Equivalent mutants of reference/src/documents/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const LEAVES_SKIPPED =
  'image, button and horizontalRule are leaves of the schema (parseBodyJson refuses content in them, the markdown engine gives them none), and a node without content adds no block to the plain text and no word to the preview: the set only spares walking them';

const TAG_ALLOW_LIST_NEVER_THROWS =
  "the tag allow-list is a second line of defence: every tag the schema's renderHTML gives is on it (html.test.ts renders each), so the check never throws";
const NO_NAMESPACED_TAG =
  "ProseMirror's DOMSerializer calls createElementNS only for a tag named with a namespace (\"ns tag\"), which no renderHTML of the schema gives";

const EVERY_ATTRIBUTE_RULED =
  'every attribute the schema declares has a rule (heading, codeBlock, orderedList, image and button, and the link mark, each rule for each attribute), and a node or mark type without rules declares no attribute, so the loop never looks up a missing rule or a missing table';
const NOTHING_LEFT_TO_REFUSE =
  "the walk refuses before it whatever nodeFromJSON and check() refuse (unknown node and mark types, text that is not a non-empty string, marks where the parent allows none, content that does not match or ends early), and an unknown attribute is dropped by both: no document reaches the catch (properties.test.ts sends generated ones through both)";

export const documents: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/documents/packed-links.ts', code: 'const DESTINATION_END = /[ \\t\\n\\x00-\\x1f]+/;',
    original: '/[ \\t\\n\\x00-\\x1f]+/', mutator: 'Regex', replacement: '/[ \\t\\n\\x00-\\x1f]/',
    why: 'split at each separator alone, a row of them leaves empty runs between them, and an empty run is shorter than 1,000 characters and skipped: the runs counted are the same',
  },
  {
    file: 'reference/src/documents/markdown.ts', code: 'if (deepest > limit) break;', original: 'deepest > limit', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'the break only spares measuring the rest of the children once one is past the limit: without it the deepest is measured in full, still past the limit, and the refusal is the same',
  },
  {
    file: 'reference/src/documents/markdown.ts', code: 'while (stack.length > 0 && count <= limit) {', original: 'count <= limit', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'counting stops past the limit only to save time: counted to the end, a tree past the limit is still past it, and one within it is counted alike',
  },
  {
    file: 'reference/src/documents/quote-depth.ts', code: 'const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/s;',
    original: '/^ {0,3}(`{3,}|~{3,})(.*)$/s', mutator: 'Regex', replacement: '/^ {0,3}(`{3,}|~{3,})(.*)/s',
    why: 'with the s flag the greedy (.*) takes the rest of the line, whatever it holds, so the end anchor always matches where it ends',
  },
  {
    file: 'reference/src/documents/markdown.ts', code: "warmUp: '# Ready\\n\\nA *first* body with a [link](https://example.com).',",
    original: "'# Ready\\n\\nA *first* body with a [link](https://example.com).'", mutator: 'StringLiteral', replacement: '""',
    why: "a worker converts its warm-up body once when it starts and drops the result: an empty body warms it up less, which shows only in a first call's time",
  },
  {
    file: 'reference/src/documents/attributes.ts', code: "value == null || (typeof value === 'string' && value.length <= max)",
    original: "typeof value === 'string'", mutator: 'ConditionalExpression', replacement: 'true',
    why: 'the values a rule meets are JSON primitives (checkAttributes refuses objects and arrays first): a number or boolean has no length, and undefined <= max is false, so it is refused all the same',
  },
  {
    file: 'reference/src/documents/attributes.ts', code: "(typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100_000) ||",
    original: "typeof value === 'number'", mutator: 'ConditionalExpression', replacement: 'true',
    why: 'Number.isFinite answers false for anything but a finite number, without converting it: the type check it follows decides nothing',
  },
  {
    file: 'reference/src/documents/attributes.ts', code: "(typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100_000) ||",
    original: "typeof value === 'number' && Number.isFinite(value)", mutator: 'LogicalOperator', replacement: "typeof value === 'number' || Number.isFinite(value)",
    why: 'Number.isFinite is true only of a finite number, which is a number: either check alone, or both, let the same values through',
  },
  {
    file: 'reference/src/documents/html.ts', code: 'constructor(readonly tag: string) {', original: '{ … } #54055507', mutator: 'BlockStatement', replacement: '{}',
    why: TAG_ALLOW_LIST_NEVER_THROWS,
  },
  {
    file: 'reference/src/documents/html.ts', code: 'if (!ALLOWED_TAGS.has(tag)) throw new Error(`documents/html: schema rendered unexpected tag <${tag}>`);',
    original: '!ALLOWED_TAGS.has(tag)', mutator: 'ConditionalExpression', replacement: 'false',
    why: TAG_ALLOW_LIST_NEVER_THROWS,
  },
  {
    file: 'reference/src/documents/html.ts', code: 'if (!ALLOWED_ATTRIBUTES.has(key)) return;', original: '!ALLOWED_ATTRIBUTES.has(key)', mutator: 'ConditionalExpression', replacement: 'false',
    why: "the attribute allow-list is a second line of defence: the schema's renderHTML gives no other attribute (html.test.ts renders every node, mark and attribute), so nothing is dropped by it",
  },
  {
    file: 'reference/src/documents/text.ts', code: 'if (skip.has(node.type)) return [];', original: 'skip.has(node.type)', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'the skipped nodes (image, button, horizontal rule) are leaves: walked, they have no content and give no block either',
  },
  {
    file: 'reference/src/documents/text.ts', code: 'else if (node.content) for (const child of node.content) if (previewText(child, out, enough)) return true;',
    original: 'true', mutator: 'BooleanLiteral', replacement: 'false',
    why: 'stopping the walk once the text is past the limit only saves work: the cut falls within the first max characters, which more text after them cannot change (previewOf says so; properties.test.ts compares with the whole text)',
  },
  {
    file: 'reference/src/documents/text.ts', code: 'return out.text.length - 1 > enough;', original: 'out.text.length - 1 > enough', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'never stopping early walks the whole document: the cut falls within the first max characters, which more text after them cannot change',
  },
  {
    file: 'reference/src/documents/text.ts', code: 'if (cut <= 0) {', original: 'cut <= 0', mutator: 'EqualityOperator', replacement: 'cut < 0',
    why: 'the preview text never starts with a space (appendCollapsed drops a leading one), so lastIndexOf never answers 0',
  },
  {
    file: 'reference/src/documents/attributes.ts', code: "if (type === 'button' && (attrs.kind ?? 'custom') === 'custom' && attrs.href == null) {",
    original: "'custom'", mutator: 'StringLiteral', replacement: '""',
    why: "a button's kind is always there when this runs: a missing one takes the schema's default, and its rule refuses null before",
  },
  {
    file: 'reference/src/documents/html.ts', code: 'if (!ALLOWED_TAGS.has(tag)) throw new Error(`documents/html: schema rendered unexpected tag <${tag}>`);',
    original: '`documents/html: schema rendered unexpected tag <${tag}>`', mutator: 'StringLiteral', replacement: '``',
    why: "the message of a throw never reached: every tag the schema's renderHTML gives is on the allow-list",
  },
  {
    file: 'reference/src/documents/html.ts', code: 'setAttributeNS(_namespace: string | null, name: string, value: unknown): void {',
    original: '{ … } #b319fc96', mutator: 'BlockStatement', replacement: '{}',
    why: "ProseMirror's DOMSerializer calls setAttributeNS only for an attribute named with a namespace (\"ns name\"), which no renderHTML of the schema gives",
  },
  {
    file: 'reference/src/documents/html.ts', code: 'createElementNS: (_namespace: string, tag: string) => new ElementPiece(tag.toLowerCase()),',
    original: 'tag.toLowerCase()', mutator: 'MethodExpression', replacement: 'tag.toUpperCase()',
    why: NO_NAMESPACED_TAG,
  },
  {
    file: 'reference/src/documents/html.ts', code: 'createElementNS: (_namespace: string, tag: string) => new ElementPiece(tag.toLowerCase()),',
    original: '(_namespace: string, tag: string) => new ElementPiece(tag.toLowerCase())', mutator: 'ArrowFunction', replacement: '() => undefined',
    why: NO_NAMESPACED_TAG,
  },
  {
    file: 'reference/src/documents/text.ts', code: "const SKIPPED = new Set(['image', 'button', 'horizontalRule']);",
    original: "['image', 'button', 'horizontalRule']", mutator: 'ArrayDeclaration', replacement: '[]',
    why: LEAVES_SKIPPED,
  },
  {
    file: 'reference/src/documents/text.ts', code: "const SKIPPED = new Set(['image', 'button', 'horizontalRule']);",
    original: "'image'", mutator: 'StringLiteral', replacement: '""',
    why: LEAVES_SKIPPED,
  },
  {
    file: 'reference/src/documents/text.ts', code: "const SKIPPED = new Set(['image', 'button', 'horizontalRule']);",
    original: "'button'", mutator: 'StringLiteral', replacement: '""',
    why: LEAVES_SKIPPED,
  },
  {
    file: 'reference/src/documents/text.ts', code: "const SKIPPED = new Set(['image', 'button', 'horizontalRule']);",
    original: "'horizontalRule'", mutator: 'StringLiteral', replacement: '""',
    why: LEAVES_SKIPPED,
  },
  {
    file: 'reference/src/documents/validate.ts', code: 'const problem = rules?.[name]?.(value);',
    original: 'rules?.[name]?.(value)', mutator: 'OptionalChaining', replacement: 'rules?.[name](value)',
    why: EVERY_ATTRIBUTE_RULED,
  },
  {
    file: 'reference/src/documents/validate.ts', code: 'const problem = rules?.[name]?.(value);',
    original: 'rules?.[name]', mutator: 'OptionalChaining', replacement: 'rules[name]',
    why: EVERY_ATTRIBUTE_RULED,
  },
  {
    file: 'reference/src/documents/validate.ts', code: "if (!match.validEnd && !(nodeType.name === 'doc' && children.length === 0)) {",
    original: 'children.length === 0', mutator: 'ConditionalExpression', replacement: 'true',
    why: "doc's content is block+ and each child has matched it (one that does not is refused in the loop), so a doc with children always ends validly: only an empty one reaches the check, and it is let through either way",
  },
  {
    file: 'reference/src/documents/validate.ts', code: '} catch (error) {',
    original: '{ … } #1e5101a8', mutator: 'BlockStatement', replacement: '{}',
    why: NOTHING_LEFT_TO_REFUSE,
  },
  {
    file: 'reference/src/documents/validate.ts', code: 'throw badRequest(`bodyJson is not a valid document: ${(error as Error).message}`);',
    original: '`bodyJson is not a valid document: ${(error as Error).message}`', mutator: 'StringLiteral', replacement: '``',
    why: NOTHING_LEFT_TO_REFUSE,
  },
];
