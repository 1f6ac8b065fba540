/**
 * Receiving one file from a multipart/form-data body with busboy, as a
 * stream, with the size limit enforced while reading: an upload over the
 * limit is refused with 413 as soon as it is seen (from Content-Length, or
 * when the file part passes the limit), and the rest is not read: after the
 * answer the connection lingers a moment, discarding, and is then closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { ApiError, badRequest, unsupportedMediaType } from '../errors.js';
import { bodyCutOff } from '../http/body.js';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface FileInfo {
  filename: string;
  mimeType: string;
}

export interface ReceiveOptions<T> {
  field: string;
  /** The response, so that a refused upload is cut off only once its answer is out. */
  res: ServerResponse;
  maxBytes: number;
  /** A message when the file's declared type is refused, null when accepted. */
  refuseType(info: FileInfo): string | null;
  consume(stream: Readable, info: FileInfo): Promise<T>;
}

const tooLarge = (maxBytes: number) => new ApiError(413, `the file is larger than ${maxBytes} bytes (${maxBytes / 1024 / 1024} MB)`);

/** How long the connection of a refused upload stays open, read and discarded, after the answer. */
const LINGER_MS = 2_000;

/**
 * A refused upload: once the answer is out, end our side of the connection
 * (the client sees the answer complete and that nothing more will come),
 * discard what still arrives, and close when the client does or LINGER_MS
 * after the answer. Closing at once, or as soon as much more arrived, would
 * reset a connection the client is still writing to, and a reset can
 * discard the answer before the client reads it (nginx's lingering close
 * does the same).
 */
export function discardRest(req: IncomingMessage, res: ServerResponse): void {
  const { socket } = req;
  const finished = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  if (res.writableFinished) finished();
  else res.once('finish', finished);
  req.resume();
}

export function receiveFile<T>(req: IncomingMessage, options: ReceiveOptions<T>): Promise<T> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'multipart/form-data')
    throw unsupportedMediaType(`send the file as multipart/form-data in the field "${options.field}"`);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD) {
    discardRest(req, options.res);
    throw tooLarge(options.maxBytes);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // busboy signals its limit when the count reaches it, even when the file ends there: one past the largest allowed file.
      limits: { fileSize: options.maxBytes + 1, files: 5, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 100 },
    });
  } catch (err) {
    throw badRequest(`the multipart body cannot be read: ${(err as Error).message}`);
  }

  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let consuming: Promise<T> | null = null;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      // Stop parsing: the rest of the upload is not wanted.
      req.unpipe(parser);
      parser.removeAllListeners('file');
      discardRest(req, options.res);
      reject(err);
    };

    parser.on('file', (name, stream, raw) => {
      if (settled || name !== options.field || consuming) {
        stream.resume(); // other parts are read past, not kept
        return;
      }
      const info: FileInfo = { filename: raw.filename ?? '', mimeType: (raw.mimeType ?? '').split(';')[0].trim().toLowerCase() };
      const refused = options.refuseType(info);
      if (refused) {
        stream.resume();
        fail(unsupportedMediaType(refused));
        return;
      }
      stream.on('limit', () => {
        stream.destroy();
        fail(tooLarge(options.maxBytes));
      });
      consuming = options.consume(stream, info);
      consuming.catch(fail);
    });
    parser.on('error', (err: Error) => fail(badRequest(`the multipart body cannot be read: ${err.message}`)));
    parser.on('close', () => {
      if (!consuming) return fail(badRequest(`the multipart body has no file in the field "${options.field}"`));
      consuming.then(
        (value) => {
          if (!settled) {
            settled = true;
            resolve(value);
          }
        },
        fail,
      );
    });
    // A stream error is the client going away mid-upload, not an internal error.
    req.on('error', () => fail(bodyCutOff()));
    req.pipe(parser);
  });
}
