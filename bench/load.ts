/**
 * One measurement with autocannon (programmatic API, in the bench's process;
 * the server is a child process): requests per second and latency.
 */
import autocannon, { type RequestSpec } from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /**
   * A fixed body, or bodies that differ (writes): BODIES_PER_CONNECTION of
   * them for each connection, body(n) with n counting across connections,
   * made before the run; each connection cycles through its own.
   */
  body?: string | ((n: number) => string);
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Distinct bodies per connection. A body made per request (autocannon's
 * setupRequest) has autocannon build the whole request again each time, on
 * the same cores as the server (bench/README.md). Built once at the start,
 * the 50 connections' bodies are 1,600 different ones; the reference keeps no
 * cache keyed by a body, so a body sent again costs it what a new one does.
 */
export const BODIES_PER_CONNECTION = 32;

export async function measure(spec: LoadSpec, options: { connections: number; seconds: number }): Promise<LoadResult> {
  const { body } = spec;
  const request: RequestSpec = {
    method: spec.method ?? 'GET',
    path: spec.path,
    headers: { ...(spec.headers ?? {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
  };
  let n = 0;
  const bodies = typeof body === 'function' ? () => Array.from({ length: BODIES_PER_CONNECTION }, () => ({ ...request, body: body(n++) })) : null;
  if (typeof body === 'string') request.body = body;
  const result = await autocannon({
    url: spec.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [request],
    // Each connection's own bodies replace `requests` before it sends anything.
    ...(bodies ? { setupClient: (client) => client.setRequests(bodies()) } : {}),
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts timeouts among its errors already.
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A short run to let the JIT settle before measuring; its figures are dropped. */
export async function warmUp(spec: LoadSpec, options: { connections: number; seconds: number }): Promise<void> {
  if (options.seconds > 0) await measure(spec, options);
}
