/**
 * Reading and replacing the JSON body of a proxied request or answer: what
 * nearly every breakage hook does.
 */

/** The body as JSON, or undefined when it is empty or not JSON (such bodies are left alone). */
export function jsonOf<T = unknown>(body: Buffer): T | undefined {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The request or answer with `json` as its body, everything else kept. */
export function withJson<M extends { headers: Record<string, string>; body: Buffer }>(message: M, json: unknown): M {
  // The server's own JSON content type (with its charset) is kept: a breakage changes the content, not its type.
  const type = message.headers['content-type'];
  const headers = { ...message.headers, 'content-type': type?.includes('json') ? type : 'application/json' };
  return { ...message, headers, body: Buffer.from(JSON.stringify(json)) };
}
