/** Equivalent mutants of reference/src/http/validate.ts, the 400 messages of zod's issues (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const VALIDATE = 'reference/src/http/validate.ts';

/** The message still names the field and the rule it broke (its type, limit or values): the wording is free (errors.msg.actionable). */
const ARTICLE_ONLY =
  "the message then reads 'a object' or 'an string': the field and both types are still named, only the article differs (msg wording is free, errors.msg.actionable)";
/** count() is never asked about 1: too_small words a minimum of 1 itself, before count(). */
const NEVER_ONE =
  "count() never sees a bound of 1: every minimum of a string or a list in the request schemas is 1 (min(0) never fails), which too_small words itself ('must not be empty', 'must have at least 1 item') before count(), and none has a maximum of 1";

/** count()'s callers: too_big and too_small of what is not a number. */
const ONLY_STRINGS_AND_LISTS =
  "count() is asked only about strings (answered the line before) and lists: no request schema has a set, a file or a date, and a number's bounds are worded before count() is reached";

/** isNumeric only picks the wording of a number's bound; count() words a number's bound as the same digits. */
const NUMBERS_WORDED_ALIKE =
  "a number's bound is then worded by count(), which answers it as String(n), the same digits ('must be at most 253402300799999', 'must be at least 0'); only a minimum of 1, which only control bodies have (the rate limit's limit and windowMs, the analytics timeoutMs, a fault's times), reads 'must have at least 1 item' for 'must be at least 1': the field and its bound are still named (msg wording is free, errors.msg.actionable)";

/** No request schema has a bigint: its origin never reaches isNumeric. */
const NO_BIGINT =
  "no request schema has a bigint (amounts of wei are strings of digits), so no issue's origin is 'bigint'";

/** too_small of a string or a list: its minimum is always 1. */
const MINIMUM_IS_ONE =
  "every minimum of a string or a list in the request schemas is 1 (min(0) never fails; a number's minimum is answered the line before): the check always holds, and the line after it is never reached";
const MINIMUM_OF_ONE = "if (Number(issue.minimum) === 1) return issue.origin === 'string' ? 'must not be empty' : 'must have at least 1 item';";

const FORMAT_WORDING =
  "the formats the request schemas check without a message of their own are an email address (/v1/subscribers) and a URL (the content control API's media): the message then reads 'a valid email' or 'a valid url' for 'a valid email address' or 'a valid URL', still naming the field and what it must be (msg wording is free, errors.msg.actionable)";
const FORMAT_NEVER_CHECKED =
  'no request schema checks a UUID, a date-time or a pattern without a message of its own (every pattern of a request carries its message; the date-times and the patterns without one are in the schemas of answers), so no issue of a request has this format';
const UNION_SAID_ALIKE =
  "a body of none of a union's shapes then falls to the default, 'is invalid', for 'has an invalid value': the same thing said of the same field (msg wording is free, errors.msg.actionable)";
const DEFAULT_NEVER_REACHED =
  'the issues worded by the default are a multiple, a key or an element of a record or a map, and a refinement without a message: no request schema has a multipleOf or a record, every refinement carries its message, and a union falls here only when its case is mutated';
const FIELD_NAME = "return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');";
const LEADING_DOT =
  "the field's path then starts with a dot ('.title must be at most 200 characters', '.emailNotifications.cfToggle'), jq's way of writing the same path: the field is still named with its path and the rule it broke (msg wording is free, errors.msg.actionable)";
const DESCRIBE_DEFAULT_WHERE =
  "parseOr400 always passes its where; the one caller that leaves it out is the --fault syntax's refusal (faults/compact.ts), read when the server starts and never by a request";
const KEYS_WORDED_BY_DESCRIBE_ISSUE =
  "describeIssue words an unrecognized_keys issue itself, from its keys and path, and never reads the message ruleMessage gives it";
const UNKNOWN_KEYS = "return `has unknown ${issue.keys.length === 1 ? 'property' : 'properties'}: ${issue.keys.join(', ')}`;";

const QUERY_NEVER_NAMED =
  "every schema read by parseQuery is a plain object (a parameter it does not know is ignored), so each issue names its parameter and `where` is never printed; the one strict query, the journal's, is parsed by parseOr400 with its own 'query'";

const VOWEL = 'if (/^[aeiou]/.test(expected)) return `an ${expected}`;';
const STRING_COUNT = "if (origin === 'string') return `${c} character${c === 1 ? '' : 's'}`;";
const IS_NUMERIC = "const isNumeric = (origin: string) => origin === 'number' || origin === 'int' || origin === 'bigint';";
const NUMERIC_ORIGINS = "origin === 'number' || origin === 'int' || origin === 'bigint'";
const LIST_COUNT = "if (origin === 'array' || origin === 'set') return `${c} item${c === 1 ? '' : 's'}`;";

const validate = (code: string, original: string, mutator: string, replacement: string, why: string): EquivalentMutant => ({
  file: VALIDATE, code, original, mutator, replacement, why,
});

export const httpValidate: readonly EquivalentMutant[] = [
  validate("return t === 'object' ? 'an object' : `a ${t}`;", "t === 'object'", 'ConditionalExpression', 'false', ARTICLE_ONLY),
  validate("return t === 'object' ? 'an object' : `a ${t}`;", "'object'", 'StringLiteral', '""', ARTICLE_ONLY),
  validate(STRING_COUNT, 'c === 1', 'ConditionalExpression', 'false', NEVER_ONE),
  validate(STRING_COUNT, "''", 'StringLiteral', '"Stryker was here!"', NEVER_ONE),
  validate(LIST_COUNT, "origin === 'set'", 'ConditionalExpression', 'false', ONLY_STRINGS_AND_LISTS),
  validate(LIST_COUNT, "origin === 'set'", 'EqualityOperator', "origin !== 'set'", ONLY_STRINGS_AND_LISTS),
  validate(LIST_COUNT, "'set'", 'StringLiteral', '""', ONLY_STRINGS_AND_LISTS),
  validate(IS_NUMERIC, NUMERIC_ORIGINS, 'ConditionalExpression', 'false', NUMBERS_WORDED_ALIKE),
  validate('if (isNumeric(issue.origin)) return `must be at least ${issue.minimum}`;', 'isNumeric(issue.origin)', 'ConditionalExpression', 'false', NUMBERS_WORDED_ALIKE),
  validate(MINIMUM_OF_ONE, 'Number(issue.minimum) === 1', 'ConditionalExpression', 'true', MINIMUM_IS_ONE),
  validate('return `must be at least ${count(issue.origin, issue.minimum as number)}`;', '`must be at least ${count(issue.origin, issue.minimum as number)}`', 'StringLiteral', '``', MINIMUM_IS_ONE),
  validate('return `must be a valid ${FORMAT_NAMES[issue.format] ?? issue.format}`;', 'FORMAT_NAMES[issue.format] ?? issue.format', 'LogicalOperator', 'FORMAT_NAMES[issue.format] && issue.format', FORMAT_WORDING),
  validate("case 'unrecognized_keys':", "case 'unrecognized_keys': … return `has unknown ${issue.keys.length === 1 ? 'property' : 'properties'}: ${issue.keys.join(', ')}`; #477fc432", 'ConditionalExpression', "case 'unrecognized_keys':", KEYS_WORDED_BY_DESCRIBE_ISSUE),
  validate(UNKNOWN_KEYS, "`has unknown ${issue.keys.length === 1 ? 'property' : 'properties'}: ${issue.keys.join(', ')}`", 'StringLiteral', '``', KEYS_WORDED_BY_DESCRIBE_ISSUE),
  validate(UNKNOWN_KEYS, 'issue.keys.length === 1', 'ConditionalExpression', 'true', KEYS_WORDED_BY_DESCRIBE_ISSUE),
  validate(UNKNOWN_KEYS, 'issue.keys.length === 1', 'EqualityOperator', 'issue.keys.length !== 1', KEYS_WORDED_BY_DESCRIBE_ISSUE),
  validate(IS_NUMERIC, NUMERIC_ORIGINS, 'LogicalOperator', "(origin === 'number' || origin === 'int') && origin === 'bigint'", NUMBERS_WORDED_ALIKE),
  validate(IS_NUMERIC, "origin === 'number' || origin === 'int'", 'ConditionalExpression', 'false', NUMBERS_WORDED_ALIKE),
  validate(IS_NUMERIC, "origin === 'number' || origin === 'int'", 'LogicalOperator', "origin === 'number' && origin === 'int'", NUMBERS_WORDED_ALIKE),
  validate(IS_NUMERIC, "origin === 'number'", 'ConditionalExpression', 'false', NUMBERS_WORDED_ALIKE),
  validate(IS_NUMERIC, "'number'", 'StringLiteral', '""', NUMBERS_WORDED_ALIKE),
  validate(IS_NUMERIC, "origin === 'int'", 'ConditionalExpression', 'false', NUMBERS_WORDED_ALIKE),
  validate(IS_NUMERIC, "'int'", 'StringLiteral', '""', NUMBERS_WORDED_ALIKE),
  validate(IS_NUMERIC, "origin === 'bigint'", 'ConditionalExpression', 'false', NO_BIGINT),
  validate(IS_NUMERIC, "'bigint'", 'StringLiteral', '""', NO_BIGINT),
  validate(VOWEL, '/^[aeiou]/.test(expected)', 'ConditionalExpression', 'true', ARTICLE_ONLY),
  validate(VOWEL, '/^[aeiou]/.test(expected)', 'ConditionalExpression', 'false', ARTICLE_ONLY),
  validate(VOWEL, '/^[aeiou]/', 'Regex', '/[aeiou]/', ARTICLE_ONLY),
  validate(VOWEL, '/^[aeiou]/', 'Regex', '/^[^aeiou]/', ARTICLE_ONLY),
  validate(UNKNOWN_KEYS, "'property'", 'StringLiteral', '""', KEYS_WORDED_BY_DESCRIBE_ISSUE),
  validate(UNKNOWN_KEYS, "'properties'", 'StringLiteral', '""', KEYS_WORDED_BY_DESCRIBE_ISSUE),
  validate(UNKNOWN_KEYS, "', '", 'StringLiteral', '""', KEYS_WORDED_BY_DESCRIBE_ISSUE),
  validate(IS_NUMERIC, "(origin: string) => origin === 'number' || origin === 'int' || origin === 'bigint'", 'ArrowFunction', '() => undefined', NUMBERS_WORDED_ALIKE),
  validate("case 'invalid_union':", "case 'invalid_union': … return 'has an invalid value'; #ee9d444f", 'ConditionalExpression', "case 'invalid_union':", UNION_SAID_ALIKE),
  validate('default:', "default: … return 'is invalid'; #e88b307a", 'ConditionalExpression', 'default:', DEFAULT_NEVER_REACHED),
  validate("case 'invalid_union':", "'invalid_union'", 'StringLiteral', '""', UNION_SAID_ALIKE),
  validate("return 'is invalid';", "'is invalid'", 'StringLiteral', '""', DEFAULT_NEVER_REACHED),
  validate(FIELD_NAME, 'i === 0', 'ConditionalExpression', 'false', LEADING_DOT),
  validate("export function describeIssue(issue: z.core.$ZodIssue, where = 'body'): string {", "'body'", 'StringLiteral', '""', DESCRIBE_DEFAULT_WHERE),
  validate("uuid: 'UUID',", "'UUID'", 'StringLiteral', '""', FORMAT_NEVER_CHECKED),
  validate("datetime: 'ISO 8601 date-time',", "'ISO 8601 date-time'", 'StringLiteral', '""', FORMAT_NEVER_CHECKED),
  validate("regex: 'value of the expected pattern',", "'value of the expected pattern'", 'StringLiteral', '""', FORMAT_NEVER_CHECKED),
  validate('const FORMAT_NAMES: Record<string, string> = {', '{ … } #0b2b26f3', 'ObjectLiteral', '{}', FORMAT_WORDING),
  validate("return parseOr400(schema, queryObject(query), 'query');", "'query'", 'StringLiteral', '""', QUERY_NEVER_NAMED),
];
