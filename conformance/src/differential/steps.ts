/**
 * The steps of a differential sequence: requests written once and sent to
 * both sides. A step never holds an id of one side: it points at "the n-th
 * post this sequence created" (a Ref), and each side resolves that against
 * what it created itself.
 */
import type { Identity } from '../authoring/api-client.js';

/** What a sequence creates and can point back at. */
export type CreatedKind = 'post' | 'content' | 'bucket' | 'session';

/** The n-th resource of a kind this sequence created (modulo how many there are), or a fixture publication. */
export type Ref =
  | { ref: CreatedKind; index: number }
  | { ref: 'post-slug'; index: number }
  | { ref: 'publication'; which: 'a' | 'b' }
  | { ref: 'publication-slug'; which: 'a' | 'b' };

/** In a body: the side's current time plus an offset, in Unix ms (each side has its own clock). */
export interface TimeRef {
  ref: 'time';
  offsetMs: number;
}

/** A path is literal text and refs, joined after each ref is resolved (and URL-encoded). */
export type PathPart = string | Ref;

export interface HttpStep {
  kind: 'http';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: PathPart[];
  query?: Record<string, string>;
  /** JSON body; a string is sent as it is (for malformed JSON), with content-type application/json. */
  body?: unknown;
  as: Identity;
  /** A 2xx answer's id (body.id, or body.<kind>Id) is recorded as the next resource of this kind. */
  creates?: CreatedKind;
  /** Catalogue rules about this request; none: the spec names no rule for it ("no rule"). */
  rules: string[];
  /** Reads fixture data (a publication, the feed): only comparable when both sides start from the same fixtures. */
  fixtures?: boolean;
  /** Goes to /_control (content sends): only where the target has it. */
  control?: boolean;
  /** Lists whose order SPEC.md leaves open: items are compared as a set within the page. */
  unordered?: boolean;
}

/** Moves both sides' clocks forward (only where the target has the control API's clock). */
export interface ClockStep {
  kind: 'clock';
  advanceMs: number;
}

export type Step = HttpStep | ClockStep;

/** A step as one line: `POST /v1/posts {"title":…}` with refs as `{post#0}`. */
export function describeStep(step: Step): string {
  if (step.kind === 'clock') return `advance the clock ${step.advanceMs} ms`;
  const path = step.path.map((part) => (typeof part === 'string' ? part : `{${refName(part)}}`)).join('');
  const query = step.query && Object.keys(step.query).length > 0 ? `?${new URLSearchParams(step.query).toString()}` : '';
  const who = step.as === 'a' ? '' : step.as === 'b' ? ' (as B)' : ' (no key)';
  const body = step.body === undefined ? '' : ` ${typeof step.body === 'string' ? step.body : JSON.stringify(step.body, showTime)}`;
  return `${step.method} ${path}${query}${who}${body.length > 160 ? `${body.slice(0, 157)}...` : body}`;
}

/** A time ref reads as `now+3600000ms`: each side fills in its own clock. */
function showTime(_key: string, value: unknown): unknown {
  const ref = value as Partial<TimeRef> | null;
  if (typeof ref === 'object' && ref !== null && ref.ref === 'time' && typeof ref.offsetMs === 'number') return `now${ref.offsetMs >= 0 ? '+' : ''}${ref.offsetMs}ms`;
  return value;
}

function refName(ref: Ref): string {
  switch (ref.ref) {
    case 'publication':
    case 'publication-slug':
      return `${ref.ref}:${ref.which.toUpperCase()}`;
    default:
      return `${ref.ref}#${ref.index}`;
  }
}

/** Shorthand for the generators: a GET as publication A. */
export function get(path: PathPart[], extra: Partial<HttpStep> = {}): HttpStep {
  return { kind: 'http', method: 'GET', path, as: 'a', rules: [], ...extra };
}

export function send(method: HttpStep['method'], path: PathPart[], body: unknown, extra: Partial<HttpStep> = {}): HttpStep {
  return { kind: 'http', method, path, body, as: 'a', rules: [], ...extra };
}
