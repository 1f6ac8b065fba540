/** Equivalent mutants of reference/src/control/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const CONTROL_415_WORDING =
  'the 415 still answers the error body with the rule in msg; which Content-Type the message quotes is wording (msg wording is free)';

/** The line of the 415's message (control/guard.ts). */
const CONTROL_415_MESSAGE =
  "`test-control writes must be sent with Content-Type: application/json, even without a body (so that no web page can send one); got ${headers['content-type'] === undefined ? 'none' : JSON.stringify(headers['content-type'].slice(0, 100))}`,";

export const control: readonly EquivalentMutant[] = [
  { file: 'reference/src/control/guard.ts', code: CONTROL_415_MESSAGE, original: "headers['content-type'] === undefined", mutator: 'ConditionalExpression', replacement: 'true', why: CONTROL_415_WORDING },
  { file: 'reference/src/control/guard.ts', code: CONTROL_415_MESSAGE, original: "'content-type'", mutator: 'StringLiteral', replacement: '""', why: CONTROL_415_WORDING },
  { file: 'reference/src/control/guard.ts', code: CONTROL_415_MESSAGE, original: "'none'", mutator: 'StringLiteral', replacement: '""', why: CONTROL_415_WORDING },
  { file: 'reference/src/control/guard.ts', code: CONTROL_415_MESSAGE, original: "headers['content-type'].slice(0, 100)", mutator: 'MethodExpression', replacement: "headers['content-type']", why: CONTROL_415_WORDING },
  {
    file: 'reference/src/control/routes.ts', code: 'ownerEmail: state.users.get(p.ownerUserId)?.email ?? null,', original: 'state.users.get(p.ownerUserId)?.email', mutator: 'OptionalChaining',
    replacement: 'state.users.get(p.ownerUserId).email',
    why: "no request creates a publication or deletes a user, and every fixture publication's owner is a fixture user: the lookup never answers undefined",
  },
];
