/**
 * parseBodyJson: the door through which client-built TipTap documents enter.
 *
 * The walk below exists for the error messages: ProseMirror's own
 * nodeFromJSON + check() is still run at the end as the final authority, but
 * its errors ("Invalid content for node paragraph: <...>") do not tell a
 * client where the problem is. Unknown attributes are dropped, as ProseMirror
 * does, so documents from editors with extra cosmetic extensions still load.
 */
import type { MarkType, NodeType, Schema } from '@tiptap/pm/model';

import { badRequest } from '../errors.js';
import { MARK_ATTRIBUTE_RULES, NODE_ATTRIBUTE_RULES, crossAttributeProblem } from './attributes.js';
import { getEngine } from './engine.js';
import { LIMITS, type TiptapDoc } from './types.js';

const SHAPE = 'bodyJson must be a TipTap document ({"type":"doc","content":[...]})';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(message: string): never {
  throw badRequest(`bodyJson: ${message}`);
}

const at = (path: string) => (path === '' ? 'at the top level' : `at ${path}`);

function checkAttributes(
  attrs: unknown,
  specs: Record<string, { default?: unknown }> | undefined,
  rules: Record<string, (value: unknown) => string | null> | undefined,
  what: string,
  path: string,
): Json {
  if (attrs !== undefined && !isObject(attrs)) fail(`"attrs" of ${what} ${at(path)} must be an object`);
  const given = (attrs ?? {}) as Json;
  const effective: Json = {};
  for (const [name, spec] of Object.entries(specs ?? {})) {
    const value = given[name] === undefined ? spec.default : given[name];
    if (value !== null && typeof value === 'object') {
      fail(`attrs.${name} of ${what} ${at(path)} must be a string, number, boolean or null`);
    }
    const problem = rules?.[name]?.(value);
    if (problem) fail(`attrs.${name} of ${what} ${at(path)} ${problem}`);
    effective[name] = value;
  }
  return effective;
}

class Walker {
  private nodes = 0;
  constructor(private readonly schema: Schema) {}

  node(value: unknown, path: string, depth: number, parent: NodeType | null): NodeType {
    if (depth > LIMITS.maxDepth) fail(`the document is nested more than ${LIMITS.maxDepth} levels deep`);
    if (++this.nodes > LIMITS.maxNodes) fail(`the document has more than ${LIMITS.maxNodes} nodes`);
    if (!isObject(value)) fail(`node ${at(path)} must be an object with a "type"`);
    const node = value as Json;
    if (typeof node.type !== 'string') fail(`node ${at(path)} has no "type" string`);
    const typeName = node.type as string;
    const type = this.schema.nodes[typeName] as NodeType | undefined;
    if (typeName === 'doc' && parent !== null) fail(`"doc" may only be the top-level node, found one ${at(path)}`);
    if (!type) {
      const supported = Object.keys(this.schema.nodes).filter((n) => n !== 'doc');
      fail(`unknown node type "${typeName}" ${at(path)} (supported: ${supported.join(', ')})`);
    }
    const nodeType = type as NodeType;
    const what = `"${typeName}"`;

    const attrs = checkAttributes(node.attrs, nodeType.spec.attrs, NODE_ATTRIBUTE_RULES[typeName], what, path);
    const cross = crossAttributeProblem(typeName, attrs);
    if (cross) fail(`${cross} ${at(path)}`);

    if (nodeType.isText && (typeof node.text !== 'string' || node.text === '')) {
      fail(`text node ${at(path)} needs a non-empty "text" string`);
    }
    this.marks(node.marks, path, nodeType, parent);
    this.content(node.content, path, depth, nodeType);
    return nodeType;
  }

  private marks(marks: unknown, path: string, nodeType: NodeType, parent: NodeType | null): void {
    if (marks === undefined) return;
    if (!Array.isArray(marks)) fail(`"marks" ${at(path)} must be an array`);
    const seen = new Set<MarkType>();
    (marks as unknown[]).forEach((mark, i) => {
      const markPath = `${path}.marks[${i}]`;
      if (!isObject(mark) || typeof mark.type !== 'string') fail(`mark ${at(markPath)} must be an object with a "type"`);
      const name = (mark as Json).type as string;
      const markType = this.schema.marks[name] as MarkType | undefined;
      if (!markType) {
        fail(`unknown mark type "${name}" ${at(markPath)} (supported: ${Object.keys(this.schema.marks).join(', ')})`);
      }
      const type = markType as MarkType;
      if (!parent || !nodeType.isInline || !parent.allowsMarkType(type)) {
        fail(`mark "${name}" is not allowed on "${nodeType.name}" ${parent ? `inside "${parent.name}" ` : ''}${at(path)}`);
      }
      for (const other of seen) {
        if (other === type) fail(`mark "${name}" appears twice ${at(path)}`);
        if (other.excludes(type) || type.excludes(other)) {
          fail(`marks "${other.name}" and "${name}" cannot be combined ${at(path)}`);
        }
      }
      seen.add(type);
      checkAttributes((mark as Json).attrs, type.spec.attrs, MARK_ATTRIBUTE_RULES[name], `mark "${name}"`, markPath);
    });
  }

  private content(content: unknown, path: string, depth: number, nodeType: NodeType): void {
    if (content === undefined) content = [];
    if (!Array.isArray(content)) fail(`"content" ${at(path)} must be an array`);
    const children = content as unknown[];
    const where = path === '' ? '' : `${path}.`;
    if (children.length > 0 && (nodeType.isLeaf || nodeType.isText)) {
      fail(`node "${nodeType.name}" ${at(path)} cannot have content`);
    }
    let match = nodeType.contentMatch;
    children.forEach((child, i) => {
      const childPath = `${where}content[${i}]`;
      const childType = this.node(child, childPath, depth + 1, nodeType);
      const next = match.matchType(childType);
      if (!next) fail(`node "${nodeType.name}" may not contain "${childType.name}" ${at(childPath)}`);
      match = next as typeof match;
    });
    // An empty document is accepted and given one empty paragraph below.
    if (!match.validEnd && !(nodeType.name === 'doc' && children.length === 0)) {
      fail(`node "${nodeType.name}" ${at(path)} is incomplete: its content must match "${nodeType.spec.content}"`);
    }
  }
}

/** Validates the PUT/POST `bodyJson` field and returns the document in canonical form. */
export function parseBodyJson(input: string): TiptapDoc {
  if (typeof input !== 'string') throw badRequest('bodyJson must be a string holding a JSON-stringified TipTap document');
  if (input.length > LIMITS.maxInputChars) {
    throw badRequest(`bodyJson is too large: ${input.length} characters, the limit is ${LIMITS.maxInputChars}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch (error) {
    throw badRequest(`bodyJson is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(value) || value.type !== 'doc') throw badRequest(SHAPE);

  const { schema } = getEngine();
  new Walker(schema).node(value, '', 0, null);

  const doc = Array.isArray(value.content) && value.content.length > 0 ? value : { ...value, content: [{ type: 'paragraph' }] };
  try {
    const node = schema.nodeFromJSON(doc);
    node.check();
    // Round-tripped through JSON text so the result shares nothing with the
    // schema (ProseMirror hands out its shared default-attrs objects).
    return JSON.parse(JSON.stringify(node.toJSON())) as TiptapDoc;
  } catch (error) {
    throw badRequest(`bodyJson is not a valid document: ${(error as Error).message}`);
  }
}
