/**
 * Bearer API keys. A key identifies one publication; keys are looked up in
 * the key store of the current state.
 */
import type { IncomingMessage } from 'node:http';
import { unauthorized } from '../errors.js';
import type { State } from '../state.js';
import type { AuthMode, Caller } from './types.js';

/** The token of an Authorization header: undefined when there is none, null when it is not `Bearer <token>`. */
export function bearerToken(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Resolve the caller. A missing key is fine on public routes; a key that is
 * sent but unknown is refused everywhere, so that a client with a wrong key
 * learns it at once rather than silently seeing the public view.
 */
export function authenticate(req: IncomingMessage, state: Pick<State, 'keys'>, mode: AuthMode): Caller | null {
  if (mode === 'none') return null;
  const token = bearerToken(req.headers.authorization);
  if (token === undefined) {
    if (mode === 'required') throw unauthorized();
    return null;
  }
  if (token === null) throw unauthorized('Authorization header must be "Bearer <API_KEY>"');
  const publicationId = state.keys.publicationFor(token);
  if (!publicationId) throw unauthorized('API key is invalid or has been revoked');
  return { apiKey: token, publicationId };
}
