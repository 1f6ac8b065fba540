/**
 * A markdown conversion worker: converts one body at a time. Conversions run
 * here, not on the thread that serves HTTP, because marked is superlinear on
 * some inputs that no size check can tell from ordinary text (see
 * conversion-pool.ts); the main thread stops a worker that runs too long.
 */
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../errors.js';
import { markdownToDocJson } from './markdown.js';
import { READY, type ConversionReply, type ConversionRequest } from './conversion-protocol.js';

const port = parentPort!;

function reply(request: ConversionRequest): ConversionReply {
  try {
    return { id: request.id, ok: true, json: markdownToDocJson(request.markdown) };
  } catch (error) {
    if (error instanceof ApiError) return { id: request.id, ok: false, status: error.status, message: error.message };
    return { id: request.id, ok: false, status: null, message: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (request: ConversionRequest) => port.postMessage(reply(request)));
// Loading TipTap and marked and compiling their hot paths is most of a first conversion's cost.
markdownToDocJson('# Ready\n\nA *first* body with a [link](https://example.com).');
port.postMessage(READY);
