/**
 * The HTTP client of the suites: bound to the target, authenticated as
 * publication A by default, recording every exchange in the test's
 * transcript with the keys redacted, throttled by --rate-limit.
 */
import { Agent, FormData, request } from 'undici';
import type { Profile } from '../shared/profiles.js';
import { redactSecrets, type Secret } from '../shared/redact.js';
import type { Exchange } from '../shared/transcript-types.js';
import { SuiteError } from './failures.js';
import { sideEffectOf } from './safety.js';
import type { Throttle } from './throttle.js';
import { Transcript, truncateBody } from './transcript.js';

export { FormData };

/** Who a request is made as: publication A's key, B's key, or no key at all. */
export type Identity = 'a' | 'b' | 'none';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Serialised as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as is (for malformed JSON, CSV, ...); set contentType with it. */
  body?: string | Buffer;
  contentType?: string;
  /** multipart/form-data. */
  form?: FormData;
  /** Replaces the Authorization header (e.g. a wrong scheme); null sends none at all. */
  authorization?: string | null;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  isJson: boolean;
  /** `METHOD /path` for messages. */
  label: string;
}

/** What every client of one test shares. */
export interface HttpCore {
  baseUrl: string;
  keys: { a?: string; b?: string };
  /** Bearer token of the target's /_control: replaces the key on every /_control request. */
  controlToken?: string;
  secrets: Secret[];
  throttle: Throttle;
  transcript: Transcript;
  profiles: readonly Profile[];
  timeoutMs: number;
  /** Called when a request needs a key that was not configured; skips the test. */
  missingKey: (identity: 'a' | 'b') => never;
  /** Aborted when the test's time limit passes: requests in flight stop, and no new one is sent. */
  signal?: AbortSignal;
}

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 16 });

export class ApiClient {
  constructor(
    private readonly core: HttpCore,
    readonly identity: Identity = 'a',
    private readonly authorizationOverride?: string | null,
  ) {}

  /** The same client authenticated as publication B (skips the test when there is no second key). */
  get b(): ApiClient {
    return new ApiClient(this.core, 'b');
  }

  /** The same client authenticated as publication A. */
  get a(): ApiClient {
    return new ApiClient(this.core, 'a');
  }

  /** The same client without any Authorization header. */
  get anonymous(): ApiClient {
    return new ApiClient(this.core, 'none');
  }

  as(identity: Identity): ApiClient {
    return new ApiClient(this.core, identity);
  }

  /** A client sending this exact Authorization header (null: none). Keys inside it are still redacted in transcripts. */
  withAuthorization(header: string | null): ApiClient {
    return new ApiClient(this.core, this.identity, header);
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }
  delete(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('DELETE', path, { ...options, json: json ?? options?.json });
  }
  post(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('POST', path, { ...options, json: json ?? options?.json });
  }
  put(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('PUT', path, { ...options, json: json ?? options?.json });
  }
  patch(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('PATCH', path, { ...options, json: json ?? options?.json });
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const sideEffect = sideEffectOf(method, path, options.json);
    if (sideEffect && !this.core.profiles.includes('side-effects')) {
      throw new SuiteError(`refused: ${sideEffect}; such requests belong in tests of the side-effects profile`);
    }
    const url = buildUrl(this.core.baseUrl, path, options.query);
    const headers: Record<string, string> = { accept: 'application/json', ...lowerKeys(options.headers ?? {}) };
    const authorization = this.core.controlToken && /^\/_control\b/.test(path) ? `Bearer ${this.core.controlToken}` : this.authorizationHeader();
    if (authorization !== null && !('authorization' in headers)) headers.authorization = authorization;

    let body: string | Buffer | FormData | undefined;
    let recordedBody: string | undefined;
    let recordedParts: Exchange['requestParts'];
    if (options.form) {
      body = options.form;
      recordedParts = await describeForm(options.form);
    } else if (options.body !== undefined) {
      body = options.body;
      recordedBody = typeof options.body === 'string' ? options.body : options.body.toString('utf8');
      if (options.contentType) headers['content-type'] = options.contentType;
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      recordedBody = body;
      headers['content-type'] = options.contentType ?? 'application/json';
    }

    await this.core.throttle();
    if (this.core.signal?.aborted) throw new SuiteError(`${method} ${path} not sent: the test's time limit has passed`);
    const started = performance.now();
    const exchange: Exchange = {
      method,
      url: this.redact(url),
      requestHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, this.redact(v)])),
      durationMs: 0,
    };
    if (recordedBody !== undefined) {
      const cut = truncateBody(this.redact(recordedBody));
      exchange.requestBody = cut.text;
      if (cut.truncated) exchange.truncated = true;
    }
    if (recordedParts) exchange.requestParts = recordedParts.map((p) => ({ ...p, content: p.content && this.redact(p.content) }));

    const sent = new URL(url);
    const answered = this.core.transcript.begin(`${method} ${this.redact(sent.pathname + sent.search)}`);
    try {
      const response = await request(url, {
        method: method as 'GET',
        headers,
        body,
        signal: this.core.signal,
        dispatcher: agent,
        headersTimeout: this.core.timeoutMs,
        bodyTimeout: this.core.timeoutMs,
      });
      const text = await response.body.text();
      const responseHeaders = flattenHeaders(response.headers);
      exchange.status = response.statusCode;
      exchange.responseHeaders = responseHeaders;
      const cut = truncateBody(this.redact(text));
      exchange.responseBody = cut.text;
      if (cut.truncated) exchange.truncated = true;
      exchange.durationMs = Math.round(performance.now() - started);
      this.core.transcript.record(exchange);
      const parsed = parseJson(text);
      return {
        status: response.statusCode,
        headers: responseHeaders,
        text,
        body: parsed.value,
        isJson: parsed.ok,
        label: `${method} ${path}`,
      };
    } catch (error) {
      exchange.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      exchange.durationMs = Math.round(performance.now() - started);
      this.core.transcript.record(exchange);
      // A request that got no answer at all: the suite cannot judge any rule from it.
      throw new SuiteError(`${method} ${path} got no response: ${exchange.error}`, { cause: error });
    } finally {
      answered();
    }
  }

  private authorizationHeader(): string | null {
    if (this.authorizationOverride !== undefined) return this.authorizationOverride;
    if (this.identity === 'none') return null;
    const key = this.core.keys[this.identity];
    if (key === undefined) return this.core.missingKey(this.identity);
    return `Bearer ${key}`;
  }

  private redact(text: string): string {
    return redactSecrets(text, this.core.secrets);
  }
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    url.searchParams.append(name, String(value));
  }
  return url.toString();
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseJson(text: string): { ok: boolean; value: unknown } {
  if (text.length === 0) return { ok: false, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: undefined };
  }
}

async function describeForm(form: FormData): Promise<NonNullable<Exchange['requestParts']>> {
  const parts: NonNullable<Exchange['requestParts']> = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push({ name, value });
    else {
      const content = await value.text();
      parts.push({ name, filename: value.name, contentType: value.type, content: truncateBody(content).text });
    }
  }
  return parts;
}
