/** Messages between the main thread and a markdown conversion worker. */
import type { TiptapDoc } from './types.js';

/**
 * What a worker does with a markdown text: `doc`, a post body to the JSON text
 * of its TipTap document and its preview (ConvertedBody); `emailHtml`, a custom email body to its safe HTML;
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

/** What a worker makes of one text: for `doc`, the document's JSON text and its preview. */
export interface Converted {
  text: string;
  preview?: string;
}

export interface ConversionRequest {
  id: number;
  /**
   * The body's place among those sent to this worker (1, 2, ...): the worker
   * skips a body whose seq is at or below its skip marker (see SKIP_MARKER).
   */
  seq: number;
  kind: ConversionKind;
  markdown: string;
}

/**
 * Bodies go to a worker in batches (one message per batch), and the main
 * thread can take back those still waiting in a worker: it raises the
 * worker's skip marker, an Int32 in a SharedArrayBuffer the worker reads
 * before each body, to the seq of the last body it sent. The buffer is in
 * the worker's workerData under this name.
 */
export const SKIP_MARKER = 'skipThroughSeq';

/**
 * A worker sends its replies on a port of their own, passed in its workerData
 * under this name (READY still goes to the worker's parent port). The main
 * thread reads that port with receiveMessageOnPort: the replies that arrived
 * while it was busy are read in one go, not dispatched as one message event
 * each (Node's event dispatch per message was a sixth of the HTTP thread's
 * CPU per small write).
 */
export const REPLY_PORT = 'replyPort';

export type ConversionReply =
  /** Text, not an object tree: cheaper to send across threads. */
  | ({ id: number; ok: true } & Converted)
  /** An ApiError of the conversion (the client's input): status and message go to the client as they are. */
  | { id: number; ok: false; status: number; message: string }
  /** Anything else thrown: a defect of the reference, answered 500. */
  | { id: number; ok: false; status: null; message: string };

/** Sent once, when the worker has loaded the engine and converted a first body. */
export const READY = 'ready';
