/**
 * Domain errors. Stores and rules throw these; the HTTP layer turns them into
 * `{success: false, msg}` responses in one place (http/respond.ts).
 */
export class ApiError extends Error {
  /**
   * Also give the message as `message` beside `msg`: the one answer that
   * production documents as `{message}` (an unknown auth session's poll), so
   * clients reading either field find it. Set with `alsoAsMessage`.
   */
  messageField = false;

  constructor(
    readonly status: number,
    message: string,
    /** Extra headers for the response (e.g. Allow on 405). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The error with `message` beside `msg` in its body (see ApiError.messageField); anything else unchanged. */
export function alsoAsMessage(err: unknown): unknown {
  if (err instanceof ApiError) err.messageField = true;
  return err;
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg = 'A valid API key is required: send Authorization: Bearer <API_KEY>') =>
  new ApiError(401, msg);
export const forbidden = (msg: string) => new ApiError(403, msg);
export const notFound = (msg: string) => new ApiError(404, msg);
export const conflict = (msg: string) => new ApiError(409, msg);
export const payloadTooLarge = (msg: string) => new ApiError(413, msg);
export const unsupportedMediaType = (msg: string) => new ApiError(415, msg);
export const timeout = (msg: string) => new ApiError(408, msg);
export const serviceUnavailable = (msg: string) => new ApiError(503, msg);
/** 429 with Retry-After in whole seconds (exposed to browser clients on other origins). */
export const tooManyRequests = (msg: string, retryAfterSeconds: number) =>
  new ApiError(429, msg, { 'Retry-After': String(retryAfterSeconds), 'Access-Control-Expose-Headers': 'Retry-After' });
