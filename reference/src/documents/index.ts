/**
 * Post body pipeline. Bodies arrive as markdown or as bodyJson (a TipTap
 * document); the TipTap JSON is stored as the source of truth and staticHtml,
 * markdown and previews are derived from it.
 */
export type { TiptapDoc, TiptapMark, TiptapNode } from './types.js';
export { LIMITS } from './types.js';
export { markdownToDoc, docToMarkdown, convertMarkdown } from './markdown.js';
export { parseBodyJson } from './validate.js';
export { docToHtml } from './html.js';
export { docToPlainText, previewOf } from './text.js';
