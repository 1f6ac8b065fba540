/** Equivalent mutants of reference/src/users/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';
import { NONE_IS_OPTIONAL_ON_V1 } from './reasons.js';

export const users: readonly EquivalentMutant[] = [
  { file: 'reference/src/users/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  {
    file: 'reference/src/users/routes.ts', code: 'const author = id === undefined ? undefined : users.author(id);', original: 'id === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'no user is stored under an undefined id: author(undefined) is undefined as well',
  },
  {
    file: 'reference/src/users/routes.ts', code: 'handler: ({ state, params }) => ({ json: requireAuthor(state.users, params.userId, `with id ${params.userId}`) }),', original: '`with id ${params.userId}`', mutator: 'StringLiteral', replacement: '``',
    why: 'the 404 still answers the error body with "no user" in msg; the rest is wording (msg wording is free)',
  },
  {
    file: 'reference/src/users/routes.ts', code: 'return { json: requireAuthor(state.users, state.users.idByWallet(wallet), `with wallet address ${wallet}`) };', original: '`with wallet address ${wallet}`', mutator: 'StringLiteral', replacement: '``',
    why: 'the 404 still answers the error body with "no user" in msg; the rest is wording (msg wording is free)',
  },
];
