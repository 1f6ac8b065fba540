/**
 * Shapes of the TipTap JSON the pipeline accepts and produces. They are kept
 * structural (not tied to @tiptap/core's JSONContent) so callers elsewhere in
 * the reference do not need TipTap types to store or pass documents around.
 */
export interface TiptapMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface TiptapNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: TiptapNode[];
  marks?: TiptapMark[];
  text?: string;
}

export type TiptapDoc = { type: 'doc'; content?: TiptapNode[] };

/** Button flavours a post body may carry; the reader app decides what subscribe/share do. */
export const BUTTON_KINDS = ['subscribe', 'share', 'custom'] as const;
export type ButtonKind = (typeof BUTTON_KINDS)[number];

// Bounds on what one body may be. They exist so a single request cannot make
// the server spend unbounded time or stack on parsing and rendering.
export const LIMITS = {
  /** Characters in a bodyJson string or a markdown body. */
  maxInputChars: 2_000_000,
  /** Nodes (including text nodes) in one document. */
  maxNodes: 50_000,
  /** Nesting of nodes below the doc (list in list in quote ...). */
  maxDepth: 100,
  /** Characters in one URL (href / src). */
  maxUrlChars: 4096,
  /** Characters in a button label. */
  maxButtonLabelChars: 200,
} as const;
