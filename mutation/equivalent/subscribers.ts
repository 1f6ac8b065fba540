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

const ADDRESS = 'reference/src/subscribers/address.ts';

const MULTIPART = 'reference/src/subscribers/multipart.ts';

const MB_IN_413_WORDING = "the 413 still answers the error body and names the limit in bytes; how it also writes it in MB is wording (msg wording is free)";

const REFUSAL_PRECEDES_ANSWER =
  'discardRest is called as a request is refused, before its answer is written (fail runs before the rejection that answers; the declared-length check before its throw): the answer is never out yet, and a timer started at the refusal rather than at the answer differs by moments';

const SETTLED_ONCE =
  "the promise settles once: after a refusal the parser no longer receives the body (unpiped, its file listeners removed) and the answer is decided; a second refusal or a late resolve changes nothing";

const BUSBOY_PARSES_PART_TYPE =
  "busboy gives a file part's type already parsed: type/subtype lowercased, without parameters or spaces, text/plain when the part declares none; and a part without a filename is a file only when declared application/octet-stream, which is read only under a name ending in .csv, so no name and any other text are refused alike";

const PARSE = 'reference/src/subscribers/csv/parse.ts';
const SLICE_CHECK = 'if (performance.now() - since >= SLICE_MS) {';
/** The refusal of malformed CSV (subscribers/csv/parse.ts). */
const CSV_REFUSAL =
  "if (err instanceof CsvError) throw badRequest(`the CSV file is not valid near line ${(err as CsvError & { lines?: number }).lines ?? '?'}: ${err.message}`);";

const TURNS_ARE_NOT_ANSWERS =
  "the turns the reading gives other requests show only in their latency, never in the import's answer or what it imports: taking a turn after every record, or never, reads the same rows";

const CSV_REFUSAL_WORDING =
  "the 400 still answers the error body; csv-parse's errors always carry their line, and their own message names it again: the fallback and its wording change no answer's status or shape (msg wording is free)";

export const subscribers: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/subscribers/store.ts', code: "export const SUBSCRIBER_ID_PREFIX = 'sub_';", original: "'sub_'", mutator: 'StringLiteral', replacement: '""',
    why: "subscriber ids are opaque: the API shows none, the control outbox names them (subscriberId) only to link an email to its recipient, and no rule reads their form; without the prefix they stay unique, and a saved state's counter check reads the same digits",
  },
  {
    file: ADDRESS, code: 'export const walletKey = (wallet: string) => wallet.toLowerCase();', original: 'wallet.toLowerCase()', mutator: 'MethodExpression', replacement: 'wallet.toUpperCase()',
    why: "every wallet that is keyed was checked first against 0x and 40 hexadecimal digits (the API's schema, the import's isValidWallet, the fixtures): letters A to F and x alone, whose cases pair one to one, so keys in upper case match exactly when keys in lower case do; a key is only ever compared, never shown",
  },
  {
    file: ADDRESS, code: 'if (!disposable) {', original: '!disposable', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'the lists would be read again from the package on every check, the same domains each time: only slower',
  },
  {
    file: ADDRESS, code: "for (let i = d.indexOf('.'); i >= 0; i = d.indexOf('.', i + 1)) {", original: 'i >= 0', mutator: 'EqualityOperator', replacement: 'i > 0',
    why: "a dot at index 0 is a domain that starts with a dot, which no valid address has (each label starts with a letter or digit), and a custom email checks the domain only of an address found valid",
  },
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
  {
    file: MULTIPART, code: 'const tooLarge = (maxBytes: number) => new ApiError(413, `the file is larger than ${maxBytes} bytes (${maxBytes / 1024 / 1024} MB)`);',
    original: 'maxBytes / 1024 / 1024', mutator: 'ArithmeticOperator', replacement: 'maxBytes / 1024 * 1024', why: MB_IN_413_WORDING,
  },
  {
    file: MULTIPART, code: 'const tooLarge = (maxBytes: number) => new ApiError(413, `the file is larger than ${maxBytes} bytes (${maxBytes / 1024 / 1024} MB)`);',
    original: 'maxBytes / 1024', mutator: 'ArithmeticOperator', replacement: 'maxBytes * 1024', why: MB_IN_413_WORDING,
  },
  { file: MULTIPART, code: 'if (res.writableFinished) finished();', original: 'res.writableFinished', mutator: 'ConditionalExpression', replacement: 'true', why: REFUSAL_PRECEDES_ANSWER },
  { file: MULTIPART, code: 'if (res.writableFinished) finished();', original: 'res.writableFinished', mutator: 'ConditionalExpression', replacement: 'false', why: REFUSAL_PRECEDES_ANSWER },
  {
    file: MULTIPART, code: "const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();", original: "''", mutator: 'StringLiteral',
    replacement: '"Stryker was here!"', why: 'a request without a Content-Type is not multipart/form-data either way: the same 415',
  },
  {
    file: MULTIPART, code: 'limits: { fileSize: options.maxBytes + 1, files: 5, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 100 },', original: '64 * 1024',
    mutator: 'ArithmeticOperator', replacement: '64 / 1024', why: "the import reads no field's value (fields are read past), so how much of one busboy keeps changes nothing",
  },
  { file: MULTIPART, code: 'if (settled) return;', original: 'settled', mutator: 'ConditionalExpression', replacement: 'false', why: SETTLED_ONCE },
  { file: MULTIPART, code: 'settled = true;', original: 'true', mutator: 'BooleanLiteral', replacement: 'false', why: SETTLED_ONCE },
  { file: MULTIPART, code: 'if (!settled) {', original: '!settled', mutator: 'ConditionalExpression', replacement: 'true', why: SETTLED_ONCE },
  {
    file: MULTIPART, code: "const info: FileInfo = { filename: raw.filename ?? '', mimeType: (raw.mimeType ?? '').split(';')[0].trim().toLowerCase() };", original: "''",
    mutator: 'StringLiteral', replacement: '"Stryker was here!"', why: BUSBOY_PARSES_PART_TYPE,
  },
  {
    file: MULTIPART, code: "const info: FileInfo = { filename: raw.filename ?? '', mimeType: (raw.mimeType ?? '').split(';')[0].trim().toLowerCase() };",
    original: "(raw.mimeType ?? '').split(';')[0].trim()", mutator: 'MethodExpression', replacement: "(raw.mimeType ?? '').split(';')[0]", why: BUSBOY_PARSES_PART_TYPE,
  },
  {
    file: MULTIPART, code: "req.on('error', () => fail(bodyCutOff()));", original: "'error'", mutator: 'StringLiteral', replacement: '""',
    why: 'a request stream error is the client going away mid-upload: no answer reaches it (and node:http passes the error on only to a listener, so none is thrown either)',
  },
  {
    file: PARSE, code: 'for (let i = 0; i < chunk.length; i++) {', original: 'i < chunk.length', mutator: 'EqualityOperator', replacement: 'i <= chunk.length',
    why: "reading one past a chunk's end gives undefined, which is no quote, comma or line feed: nothing is counted",
  },
  {
    file: PARSE, code: 'bom: true,', original: 'true', mutator: 'BooleanLiteral', replacement: 'false',
    why: "csv-parse's trim counts U+FEFF as white space, and a BOM stands before the first field, where trim removes it, quoted or not",
  },
  {
    file: PARSE, code: "input.on('error', (err) => parser.destroy(err));", original: '(err) => parser.destroy(err)', mutator: 'ArrowFunction', replacement: '() => undefined',
    why: "the file stream errs only when the multipart body does (cut short) or the client goes away; busboy's own error, or the request's, has then already answered (400) or there is no one to answer: the parse left waiting changes no answer",
  },
  { file: PARSE, code: SLICE_CHECK, original: 'performance.now() - since >= SLICE_MS', mutator: 'ConditionalExpression', replacement: 'true', why: TURNS_ARE_NOT_ANSWERS },
  { file: PARSE, code: SLICE_CHECK, original: 'performance.now() - since >= SLICE_MS', mutator: 'ConditionalExpression', replacement: 'false', why: TURNS_ARE_NOT_ANSWERS },
  {
    file: PARSE, code: SLICE_CHECK, original: 'performance.now() - since >= SLICE_MS', mutator: 'EqualityOperator', replacement: 'performance.now() - since < SLICE_MS',
    why: TURNS_ARE_NOT_ANSWERS,
  },
  { file: PARSE, code: SLICE_CHECK, original: 'performance.now() - since', mutator: 'ArithmeticOperator', replacement: 'performance.now() + since', why: TURNS_ARE_NOT_ANSWERS },
  { file: PARSE, code: SLICE_CHECK, original: '{ … } #a82f0dbe', mutator: 'BlockStatement', replacement: '{}', why: TURNS_ARE_NOT_ANSWERS },
  {
    file: PARSE, code: CSV_REFUSAL, original: 'err instanceof CsvError', mutator: 'ConditionalExpression', replacement: 'true',
    why: "the other errors thrown in the loop are the reference's own 400s (too many columns, no recognised column); wrapped as a CSV error each is still a 400 whose message keeps the original's (its line, the expected columns)",
  },
  {
    file: PARSE, code: CSV_REFUSAL, original: "(err as CsvError & { lines?: number }).lines ?? '?'", mutator: 'LogicalOperator',
    replacement: "(err as CsvError & {\n  lines?: number;\n}).lines && '?'", why: CSV_REFUSAL_WORDING,
  },
  { file: PARSE, code: CSV_REFUSAL, original: "'?'", mutator: 'StringLiteral', replacement: '""', why: CSV_REFUSAL_WORDING },
];
