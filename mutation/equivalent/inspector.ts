/** Equivalent mutants of reference/src/inspector/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const ONLY_API_ERRORS =
  "every view and action refuses only with an ApiError (badRequest, notFound, parseOr400, the stores' require and their refusals), so the check never meets another error: one would be a bug of the reference, which no request can cause";

export const inspector: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/inspector/access.ts', code: 'return id === undefined ? undefined : this.sessions.get(id);',
    original: 'id === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'without a cookie the id is undefined, and the map of sessions has no entry under undefined: get answers undefined all the same',
  },
  {
    file: 'reference/src/inspector/gate.ts', code: 'if (!(err instanceof ApiError)) throw err;',
    original: '!(err instanceof ApiError)', mutator: 'ConditionalExpression', replacement: 'false',
    why: ONLY_API_ERRORS,
  },
  {
    file: 'reference/src/inspector/sign-in.ts', code: "return { notice: 'Signed out.', next: INSPECTOR_PATH, headers: { 'Set-Cookie': clearedCookie() } };",
    original: "'Signed out.'", mutator: 'StringLiteral', replacement: '""',
    why: 'the notice becomes the flash of the session that signing out has just closed: no page ever shows it (the next page opens a new session or the sign-in form)',
  },
];
