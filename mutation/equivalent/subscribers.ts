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

const DATES = 'reference/src/subscribers/csv/dates.ts';

/** The range check of a date's fields (utc() in csv/dates.ts) and the rollover check after it. */
const DATE_RANGE_CHECK = 'if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;';
const DATE_ROLLOVER_CHECK = 'if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;';
const UTC_ZONE_TEST = 'if (!zone || /^(Z|UTC|GMT)$/i.test(zone)) return 0;';
const OFFSET_ZONE_EXEC = 'const m = /^([+-])(\\d{2}):?(\\d{2})$/.exec(zone)!;';

const ROLLOVER_REPEATS_RANGE =
  'a month, day or hour out of range (the patterns allow two digits) is carried by Date.UTC into another year, month or day, which the rollover check below refuses the same; only minutes and seconds, carried within the same day, need their range check';

const ROLLOVER_MONTH_AND_DAY =
  'a date that rolls over (Feb 30, day 0, day 32) always lands in another month and on another day number (days run to 31 at most), so the month check and the day check each refuse every date the other does';

const ZONE_IS_CAPTURED_WHOLE =
  "zoneOffsetMs sees only the zone the date pattern captured whole (Z, UTC, GMT or ±HH[:]MM, nothing around it), so its own patterns' anchors change nothing";

const EMPTY_DATE_MATCHES_NOTHING = 'an empty text matches none of the three date patterns: it is no date with or without the early return';

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
  { file: DATES, code: DATE_RANGE_CHECK, original: 'mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_REPEATS_RANGE },
  {
    file: DATES, code: DATE_RANGE_CHECK, original: 'mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23', mutator: 'LogicalOperator',
    replacement: '(mo < 1 || mo > 12 || d < 1 || d > 31) && h > 23', why: ROLLOVER_REPEATS_RANGE,
  },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'mo < 1 || mo > 12 || d < 1 || d > 31', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_REPEATS_RANGE },
  {
    file: DATES, code: DATE_RANGE_CHECK, original: 'mo < 1 || mo > 12 || d < 1 || d > 31', mutator: 'LogicalOperator',
    replacement: '(mo < 1 || mo > 12 || d < 1) && d > 31', why: ROLLOVER_REPEATS_RANGE,
  },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'mo < 1 || mo > 12 || d < 1', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_REPEATS_RANGE },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'mo < 1 || mo > 12 || d < 1', mutator: 'LogicalOperator', replacement: '(mo < 1 || mo > 12) && d < 1', why: ROLLOVER_REPEATS_RANGE },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'mo < 1 || mo > 12', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_REPEATS_RANGE },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'mo < 1 || mo > 12', mutator: 'LogicalOperator', replacement: 'mo < 1 && mo > 12', why: ROLLOVER_REPEATS_RANGE },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'mo < 1', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_REPEATS_RANGE },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'mo > 12', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_REPEATS_RANGE },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'd < 1', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_REPEATS_RANGE },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'd > 31', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_REPEATS_RANGE },
  { file: DATES, code: DATE_RANGE_CHECK, original: 'h > 23', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_REPEATS_RANGE },
  { file: DATES, code: DATE_ROLLOVER_CHECK, original: 'check.getUTCMonth() !== mo - 1', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_MONTH_AND_DAY },
  { file: DATES, code: DATE_ROLLOVER_CHECK, original: 'check.getUTCDate() !== d', mutator: 'ConditionalExpression', replacement: 'false', why: ROLLOVER_MONTH_AND_DAY },
  { file: DATES, code: UTC_ZONE_TEST, original: '/^(Z|UTC|GMT)$/i', mutator: 'Regex', replacement: '/(Z|UTC|GMT)$/i', why: ZONE_IS_CAPTURED_WHOLE },
  { file: DATES, code: UTC_ZONE_TEST, original: '/^(Z|UTC|GMT)$/i', mutator: 'Regex', replacement: '/^(Z|UTC|GMT)/i', why: ZONE_IS_CAPTURED_WHOLE },
  { file: DATES, code: OFFSET_ZONE_EXEC, original: '/^([+-])(\\d{2}):?(\\d{2})$/', mutator: 'Regex', replacement: '/([+-])(\\d{2}):?(\\d{2})$/', why: ZONE_IS_CAPTURED_WHOLE },
  { file: DATES, code: OFFSET_ZONE_EXEC, original: '/^([+-])(\\d{2}):?(\\d{2})$/', mutator: 'Regex', replacement: '/^([+-])(\\d{2}):?(\\d{2})/', why: ZONE_IS_CAPTURED_WHOLE },
  { file: DATES, code: "if (text === '') return null;", original: "text === ''", mutator: 'ConditionalExpression', replacement: 'false', why: EMPTY_DATE_MATCHES_NOTHING },
  { file: DATES, code: "if (text === '') return null;", original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"', why: EMPTY_DATE_MATCHES_NOTHING },
  {
    file: DATES, code: "const value = m[1].length <= 11 ? (whole + Number(`0.${m[2] ?? '0'}`)) * 1000 : whole;", original: "'0'", mutator: 'StringLiteral',
    replacement: '""', why: "without decimals the fraction is Number('0.0') or, mutated, Number('0.'): both 0",
  },
];
