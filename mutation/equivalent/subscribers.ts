/** Equivalent mutants of reference/src/subscribers/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';
import { NONE_IS_OPTIONAL_ON_V1 } from './reasons.js';

const IMPORT_COUNTS_THE_REST_AS_CONFLICTS =
  "only the import adds without strict, and it counts every outcome other than created, attached and unchanged as a conflict: a conflict with no name, or an empty one, is counted the same";

const NO_PART_WITHOUT_A_TYPE =
  'the multipart parser (busboy) reads a file part without a Content-Type, or with an empty one, as text/plain, which the list of CSV types accepts: the type is never empty here';

/** The line of the import's 415 message (subscribers/import.ts). */
const IMPORT_415_MESSAGE = "return `the file must be a CSV (text/csv), not ${info.mimeType || 'an undeclared type'}`;";

const IMPORT_415_WORDING = "the 415 still answers the error body with the rule in msg; how it names the file's type is wording (msg wording is free), and the type is never empty";

export const subscribers: readonly EquivalentMutant[] = [
  { file: 'reference/src/subscribers/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  {
    file: 'reference/src/subscribers/identity.ts', code: "return found ? { action: 'delete', id: found.id } : { action: 'not_found' };", original: "'delete'", mutator: 'StringLiteral', replacement: '""',
    why: "the store refuses only the plans not_found and mismatch and deletes by the plan's id for any other action, so a nameless delete plan deletes the same subscriber",
  },
  {
    file: 'reference/src/subscribers/suppressions.ts', code: 'if (removed) this.announce(publicationId, email);', original: 'removed', mutator: 'ConditionalExpression', replacement: 'true',
    why: "announcing a lift that lifted nothing: the subscriber store re-places that address's subscriber by its suppression state, which did not change, and analytics writes the same row again; the route answers 404 by the lift's own answer",
  },
  {
    file: 'reference/src/subscribers/store.ts', code: 'if (given.createdAt !== undefined && given.createdAt > now)', original: 'given.createdAt !== undefined', mutator: 'ConditionalExpression',
    replacement: 'true', why: 'without a createdAt the comparison undefined > now is false: nothing is refused either way',
  },
  {
    file: 'reference/src/subscribers/store.ts', code: "return { outcome: 'conflict' };", original: "{ outcome: 'conflict' }", mutator: 'ObjectLiteral',
    replacement: '{}', why: IMPORT_COUNTS_THE_REST_AS_CONFLICTS,
  },
  {
    file: 'reference/src/subscribers/store.ts', code: "return { outcome: 'conflict' };", original: "'conflict'", mutator: 'StringLiteral',
    replacement: '""', why: IMPORT_COUNTS_THE_REST_AS_CONFLICTS,
  },
  {
    file: 'reference/src/subscribers/import.ts', code: "if ((info.mimeType === 'application/octet-stream' || info.mimeType === '') && /\\.csv$/i.test(info.filename)) return null;",
    original: "info.mimeType === ''", mutator: 'ConditionalExpression', replacement: 'false', why: NO_PART_WITHOUT_A_TYPE,
  },
  {
    file: 'reference/src/subscribers/import.ts', code: "if ((info.mimeType === 'application/octet-stream' || info.mimeType === '') && /\\.csv$/i.test(info.filename)) return null;",
    original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"', why: NO_PART_WITHOUT_A_TYPE,
  },
  { file: 'reference/src/subscribers/import.ts', code: IMPORT_415_MESSAGE, original: "info.mimeType || 'an undeclared type'", mutator: 'ConditionalExpression', replacement: 'true', why: IMPORT_415_WORDING },
  { file: 'reference/src/subscribers/import.ts', code: IMPORT_415_MESSAGE, original: "info.mimeType || 'an undeclared type'", mutator: 'ConditionalExpression', replacement: 'false', why: IMPORT_415_WORDING },
  {
    file: 'reference/src/subscribers/import.ts', code: IMPORT_415_MESSAGE, original: "info.mimeType || 'an undeclared type'", mutator: 'LogicalOperator',
    replacement: "info.mimeType && 'an undeclared type'", why: IMPORT_415_WORDING,
  },
  { file: 'reference/src/subscribers/import.ts', code: IMPORT_415_MESSAGE, original: "'an undeclared type'", mutator: 'StringLiteral', replacement: '""', why: IMPORT_415_WORDING },
];
