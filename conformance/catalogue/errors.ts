/** The error body and the status codes of the Errors section, with SILENT.md's choices. */
import { defineRules } from './types.js';

export const errorRules = defineRules([
  {
    section: 'Errors',
    rules: [
      ['errors.shape.body', 'Error responses have the JSON shape {success: false, msg: <string>}.'],
      ['errors.400.invalid-request', 'An invalid request or invalid field values answer 400.'],
      ['errors.400.malformed-json', 'A request body that is not valid JSON answers 400.'],
      ['errors.401.key', 'An invalid or missing API key answers 401.'],
      ['errors.403.access', 'An API key without access to the publication answers 403.'],
      ['errors.404.not-found', 'A publication or other addressed resource that does not exist answers 404.'],
      ['errors.409.already-grouped', 'A content piece already grouped in another bucket answers 409 when bucketId is given on edit.'],
    ],
  },
  {
    section: 'SILENT.md › Status codes not shown',
    source: 'SILENT.md ours',
    rules: [
      ['errors.404.unknown-route', 'An unknown route answers 404 with the error body.'],
      ['errors.405.allow', 'A known path sent a method it does not take answers 405 with the error body and an Allow header naming the methods it takes.'],
      ['errors.413.body-too-large', 'A body larger than the endpoint accepts answers 413 with the error body.'],
      ['errors.400.forbidden-keys', 'A JSON body with __proto__, constructor or prototype as a key anywhere (at the top, in a nested object, in an object inside an array) answers 400 with the error body and changes nothing.'],
      ['errors.400.nesting-depth', 'A JSON body nesting objects or arrays more than 64 levels below its top-level value answers 400 with the error body and changes nothing; one nested 64 levels is read as any other body.'],
      ['errors.413.json-limit', 'A JSON body may be 5 MiB (5,242,880 bytes): one of exactly that size is read as any other, one byte more answers 413 with the error body.'],
      ['errors.413.declared-length', 'A body whose Content-Length declares more than the endpoint accepts answers 413 with the error body as soon as the headers are in: the server does not wait for a body it will refuse.'],
      ['errors.400.invalid-utf8', 'A JSON body that is not valid UTF-8 (a byte sequence no UTF-8 text has, even inside a string) answers 400 with the error body and changes nothing.'],
      ['errors.414.url-too-long', 'A request URL (path and query) longer than 8192 characters answers 414 with the error body; one of 8192 is answered as any other.'],
      ['errors.415.not-json', 'A non-empty request body not declared application/json or another application/...+json type (the type compared without case or parameters) answers 415 with the error body and changes nothing; an empty body reads as {}.'],
      ['errors.429.rate-limit', 'There is no rate limiting by default; when enabled it answers 429 with the error body.'],
      ['errors.shape.everywhere', 'Every error, whatever the endpoint, has the {success: false, msg} body.'],
    ],
  },
  {
    section: 'DESIGN.md › The reference server',
    source: 'DESIGN.md',
    profile: 'reference-choices',
    rules: [
      ['errors.msg.actionable', 'msg is a message a person can act on ("title must be at most 200 characters"): a refused field is named, with its path when nested, and so is the rule it broke (its limit, its type, its values, an unknown property); never a stack trace, never a validation dump.'],
    ],
  },
]);
