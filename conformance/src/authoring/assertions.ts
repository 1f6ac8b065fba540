/**
 * Assertions about responses. Each throws a ConformanceFailure whose message
 * says what was expected, what came back and where, so a report reader needs
 * nothing else to see what the target did wrong.
 */
import type { z } from 'zod';
import { ErrorBody } from '../../../schemas/common.js';
import type { ApiResponse } from './api-client.js';
import { ConformanceFailure } from './failures.js';

/** A status, a list of accepted statuses, an inclusive range, or a class like '4xx'. */
export type StatusExpectation = number | readonly number[] | { min: number; max: number } | '2xx' | '4xx' | '5xx';

export function statusMatches(status: number, expected: StatusExpectation): boolean {
  if (typeof expected === 'number') return status === expected;
  if (typeof expected === 'string') return Math.floor(status / 100) === Number(expected[0]);
  if (Array.isArray(expected)) return expected.includes(status);
  const range = expected as { min: number; max: number };
  return status >= range.min && status <= range.max;
}

export function describeExpectation(expected: StatusExpectation): string {
  if (typeof expected === 'number' || typeof expected === 'string') return String(expected);
  if (Array.isArray(expected)) return expected.join(' or ');
  const range = expected as { min: number; max: number };
  return `${range.min}..${range.max}`;
}

/** Fails the test: the target broke the rule. Use for checks the helpers below do not cover. */
export function fail(message: string): never {
  throw new ConformanceFailure(message);
}

/** Asserts the status; returns the response for chaining. */
export function expectStatus(res: ApiResponse, expected: StatusExpectation): ApiResponse {
  if (!statusMatches(res.status, expected)) {
    throw new ConformanceFailure(`${res.label} answered ${res.status}, expected ${describeExpectation(expected)}: ${excerpt(res.text)}`);
  }
  return res;
}

/**
 * Asserts a client error: the status (default: any 4xx), a JSON body of the
 * shape {success: false, msg: string}, and a non-empty msg.
 */
export function expectError(res: ApiResponse, expected: StatusExpectation = '4xx'): { success: false; msg: string } {
  if (!statusMatches(res.status, expected) || !statusMatches(res.status, '4xx')) {
    throw new ConformanceFailure(
      `${res.label} answered ${res.status}, expected the error ${describeExpectation(expected)}: ${excerpt(res.text)}`,
    );
  }
  return expectErrorBody(res);
}

/** Asserts the error body alone (any status). */
export function expectErrorBody(res: ApiResponse): { success: false; msg: string } {
  if (!res.isJson) {
    throw new ConformanceFailure(`${res.label} answered ${res.status} with a body that is not JSON: ${excerpt(res.text)}`);
  }
  const parsed = ErrorBody.safeParse(res.body);
  if (!parsed.success) {
    throw new ConformanceFailure(
      `${res.label} answered ${res.status} without the error shape {success: false, msg: string}: ${zodProblems(parsed.error)}; body ${excerpt(res.text)}`,
    );
  }
  if (parsed.data.msg.trim().length === 0) {
    throw new ConformanceFailure(`${res.label} answered ${res.status} with an empty msg`);
  }
  return parsed.data;
}

/** Validates the JSON body against a schema of the contract; returns the parsed (typed) value. */
export function expectSchema<S extends z.ZodType>(res: ApiResponse, schema: S, what = 'the body'): z.output<S> {
  if (!res.isJson) {
    throw new ConformanceFailure(`${res.label} answered ${res.status} with a body that is not JSON: ${excerpt(res.text)}`);
  }
  return expectValue(res.body, schema, `${what} of ${res.label} (${res.status})`);
}

/** Validates any value against a schema; `what` names it in the failure. */
export function expectValue<S extends z.ZodType>(value: unknown, schema: S, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ConformanceFailure(`${what} does not match the contract: ${zodProblems(parsed.error)}; value ${excerpt(safeStringify(value))}`);
  }
  return parsed.data;
}

/** Asserts the status and the schema at once: the usual check of a successful call. */
export function expectOk<S extends z.ZodType>(res: ApiResponse, schema: S, status: StatusExpectation = 200): z.output<S> {
  expectStatus(res, status);
  return expectSchema(res, schema);
}

/** "path.to.field: message" for each issue, the first five. */
export function zodProblems(error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.');
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return issues.join('; ') + more;
}

export function excerpt(text: string, max = 300): string {
  if (text.length === 0) return '(empty body)';
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
