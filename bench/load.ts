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
  /** A fixed body, or one made for each request (writes that must differ). */
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

export async function measure(spec: LoadSpec, options: { connections: number; seconds: number }): Promise<LoadResult> {
  let n = 0;
  const { body } = spec;
  const request: RequestSpec = {
    method: spec.method ?? 'GET',
    path: spec.path,
    headers: { ...(spec.headers ?? {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
  };
  if (typeof body === 'string') request.body = body;
  // autocannon calls setupRequest whenever the key is present, so only set it when needed.
  if (typeof body === 'function') request.setupRequest = (req) => ({ ...req, body: body(n++) });
  const result = await autocannon({
    url: spec.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [request],
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
