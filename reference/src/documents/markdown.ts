/**
 * Markdown <-> TipTap JSON through @tiptap/markdown's MarkdownManager, with
 * the schema as the judge of the result. Raw HTML in markdown is kept as
 * literal text (the manager does this when no DOM is present, and the HTML
 * renderer escapes it), so `<script>` typed in markdown shows up as text.
 */
import { badRequest } from '../errors.js';
import { getEngine } from './engine.js';
import { normalizeParsedMarkdown } from './normalize.js';
import { PACKED_LINK_BUDGET, packedLinkWork } from './packed-links.js';
import { quoteDepthExceeds } from './quote-depth.js';
import { previewOf } from './text.js';
import { LIMITS, type TiptapDoc, type TiptapNode } from './types.js';
import { defineWorkerTask } from '../worker-pool/pool.js';

function depthOf(node: TiptapNode, limit: number): number {
  let deepest = 0;
  for (const child of node.content ?? []) {
    deepest = Math.max(deepest, 1 + depthOf(child, limit));
    if (deepest > limit) break;
  }
  return deepest;
}

/** Nodes in a tree, counting stops once past `limit`. */
function countNodes(root: TiptapNode, limit: number): number {
  let count = 0;
  const stack: TiptapNode[] = [root];
  while (stack.length > 0 && count <= limit) {
    const node = stack.pop()!;
    count++;
    for (const child of node.content ?? []) stack.push(child);
  }
  return count;
}

/** Refuses what is not a markdown body on sight: not a string, or over the size limit. */
export function checkMarkdownInput(markdown: unknown): asserts markdown is string {
  if (typeof markdown !== 'string') throw badRequest('markdown must be a string');
  if (markdown.length > LIMITS.maxInputChars) {
    throw badRequest(`markdown is too large: ${markdown.length} characters, the limit is ${LIMITS.maxInputChars}`);
  }
}

/**
 * Converts a markdown body to a schema-valid TipTap document through the
 * manager's own parse(), on the calling thread and with no time limit: for
 * bodies we wrote (fixtures) and for workers. A request's body goes through
 * convertMarkdown, which runs this in a worker within the CPU budget.
 */
export function markdownToDoc(markdown: string): TiptapDoc {
  checkMarkdownInput(markdown);
  const { schema, markdown: manager } = getEngine();
  // CommonMark treats CR LF and lone CR as line endings; unifying them means
  // the line-based tokenizers (marked's and TipTap's) only ever meet "\n".
  // NUL is replaced as the CommonMark spec asks.
  const source = markdown.replace(/\r\n?/g, '\n').replace(/\u0000/g, '\ufffd');
  if (quoteDepthExceeds(source, LIMITS.maxDepth)) throw badRequest(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
  if (packedLinkWork(source) > PACKED_LINK_BUDGET) {
    throw badRequest('markdown packs too many links into one run of text without spaces or line breaks');
  }
  let parsed;
  try {
    parsed = manager.parse(source);
  } catch (error) {
    if (error instanceof RangeError) {
      throw badRequest('markdown is nested too deeply to convert (too many levels of lists or quotes)');
    }
    // The parser is third-party; input it chokes on is still the client's input.
    throw badRequest(`markdown could not be parsed: ${(error as Error).message}`);
  }
  // Every step after parsing costs per node, and a short text can make very many nodes:
  // the node limit of bodyJson applies before any of it.
  if (countNodes(parsed as TiptapNode, LIMITS.maxNodes) > LIMITS.maxNodes) {
    throw badRequest(`markdown makes a document of more than ${LIMITS.maxNodes} nodes`);
  }
  const repaired = normalizeParsedMarkdown(parsed, schema);
  if (depthOf(repaired as TiptapNode, LIMITS.maxDepth) > LIMITS.maxDepth) {
    throw badRequest(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
  }
  const node = schema.nodeFromJSON(repaired);
  node.check();
  return node.toJSON() as TiptapDoc;
}

/** A post body converted: its document and the postPreview generated from it (text.ts previewOf). */
export interface ConvertedBody {
  doc: TiptapDoc;
  preview: string;
}

/** A post body's document and its generated preview (made in the worker too: it reads the whole document). */
export function convertPostBody(markdown: string): ConvertedBody {
  const doc = markdownToDoc(markdown);
  return { doc, preview: previewOf(doc) };
}

export const postBodyTask = defineWorkerTask<string, ConvertedBody>({
  module: import.meta.url,
  name: 'convertPostBody',
  label: 'markdown',
  warmUp: '# Ready\n\nA *first* body with a [link](https://example.com).',
});

/** A markdown body of a request, converted (and its preview made) in a worker within the CPU budget (worker-pool/pool.ts). */
export function convertMarkdown(markdown: string): Promise<ConvertedBody> {
  // Refused on sight here, so such a body is never copied to a worker.
  checkMarkdownInput(markdown);
  return postBodyTask.run(markdown);
}

/** The markdown form of a document; lossy for buttons (become links). */
export function docToMarkdown(doc: TiptapDoc): string {
  // Trailing blanks are meaningless, and marked reads a final "- " as text
  // where "-" is an (empty) list item.
  return getEngine().markdown.serialize(doc).trimEnd();
}
