/**
 * A markdown conversion worker: converts one text at a time. Conversions run
 * here, not on the thread that serves HTTP, because marked is superlinear on
 * some inputs that no size check can tell from ordinary text (see
 * conversion-pool.ts); the main thread stops a worker that runs too long.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { ApiError, badRequest } from '../errors.js';
import { markdownToSafeHtml } from '../emails/render.js';
import { markdownToDoc } from './markdown.js';
import { previewOf } from './text.js';
import { readMarkdown } from '../content/markdown-text.js';
import { READY, REPLY_PORT, SKIP_MARKER, type ConversionKind, type ConversionReply, type ConversionRequest, type Converted } from './conversion-protocol.js';

const port = parentPort!;

function emailHtml(markdown: string): string {
  try {
    return markdownToSafeHtml(markdown);
  } catch (error) {
    // marked recurses once per level of quote or list nesting: deeper than the stack allows is the client's to fix.
    if (error instanceof RangeError) throw badRequest('the email body is nested too deeply to render (too many levels of quotes or lists)');
    throw error;
  }
}

/** A post body's document and its generated preview (made here too: it reads the whole document). */
function docWithPreview(markdown: string): Converted {
  const doc = markdownToDoc(markdown);
  return { text: JSON.stringify(doc), preview: previewOf(doc) };
}

const CONVERT: Record<ConversionKind, (markdown: string) => Converted> = {
  doc: docWithPreview,
  emailHtml: (markdown) => ({ text: emailHtml(markdown) }),
  reading: (markdown) => ({ text: JSON.stringify(readMarkdown(markdown)) }),
};

function reply(request: ConversionRequest): ConversionReply {
  try {
    return { id: request.id, ok: true, ...CONVERT[request.kind](request.markdown) };
  } catch (error) {
    if (error instanceof ApiError) return { id: request.id, ok: false, status: error.status, message: error.message };
    return { id: request.id, ok: false, status: null, message: error instanceof Error ? error.message : String(error) };
  }
}

const skipThrough = new Int32Array((workerData as Record<string, SharedArrayBuffer>)[SKIP_MARKER]);
const replies = (workerData as Record<string, MessagePort>)[REPLY_PORT];

// One message, a batch of bodies; one reply per body, sent as soon as it is converted.
port.on('message', (batch: ConversionRequest[]) => {
  for (const request of batch) {
    // Taken back by the main thread (sent elsewhere, or refused) while it waited here.
    if (request.seq <= Atomics.load(skipThrough, 0)) continue;
    replies.postMessage(reply(request));
  }
});
// Loading TipTap and marked and compiling their hot paths is most of a first conversion's cost.
const warmUp = '# Ready\n\nA *first* body with a [link](https://example.com).';
markdownToDoc(warmUp);
emailHtml(warmUp);
readMarkdown(warmUp);
port.postMessage(READY);
