/** Messages between the main thread and a markdown conversion worker. */
import type { TiptapDoc } from './types.js';

/**
 * What a worker does with a markdown text: `doc`, a post body to the JSON text
 * of its TipTap document and preview (ConvertedBody); `emailHtml`, a custom email body to its safe HTML;
 * `reading`, a content piece's markdown body to the JSON text of what a reader
 * sees first and where its links point (content/markdown-text.ts).
 */
export type ConversionKind = 'doc' | 'emailHtml' | 'reading';

/** What the text of each kind is called in a refusal. */
export const KIND_LABEL: Record<ConversionKind, string> = { doc: 'markdown', emailHtml: 'the email body', reading: 'the markdown body' };

/** A post body converted: its document and the postPreview generated from it (text.ts previewOf). */
export interface ConvertedBody {
  doc: TiptapDoc;
  preview: string;
}

export interface ConversionRequest {
  id: number;
  kind: ConversionKind;
  markdown: string;
}

export type ConversionReply =
  /** Text, not an object tree: cheaper to send across threads. */
  | { id: number; ok: true; text: string }
  /** An ApiError of the conversion (the client's input): status and message go to the client as they are. */
  | { id: number; ok: false; status: number; message: string }
  /** Anything else thrown: a defect of the reference, answered 500. */
  | { id: number; ok: false; status: null; message: string };

/** Sent once, when the worker has loaded the engine and converted a first body. */
export const READY = 'ready';
