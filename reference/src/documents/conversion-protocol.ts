/** Messages between the main thread and a markdown conversion worker. */

export interface ConversionRequest {
  id: number;
  markdown: string;
}

export type ConversionReply =
  | { id: number; ok: true; /** The document as JSON text: cheaper to send than an object tree. */ json: string }
  /** An ApiError of the conversion (the client's input): status and message go to the client as they are. */
  | { id: number; ok: false; status: number; message: string }
  /** Anything else thrown: a defect of the reference, answered 500. */
  | { id: number; ok: false; status: null; message: string };

/** Sent once, when the worker has loaded the engine and converted a first body. */
export const READY = 'ready';
