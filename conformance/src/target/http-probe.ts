/** The CLI's own small requests to the target (discovery), throttled like the suites'. */
import { request } from 'undici';
import type { Throttle } from '../authoring/throttle.js';

export type ProbeResult = { status: number; body: unknown } | { networkError: string };

export type Probe = (path: string, authorization?: string) => Promise<ProbeResult>;

/** `controlToken`: the bearer token of /_control, sent when the probe names no other. */
export function createProbe(baseUrl: string, throttle: Throttle, timeoutMs = 15_000, controlToken?: string): Probe {
  return async (path, authorization = controlToken && path.startsWith('/_control') ? `Bearer ${controlToken}` : undefined) => {
    await throttle();
    try {
      const res = await request(baseUrl + path, {
        method: 'GET',
        headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await res.body.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      return { status: res.statusCode, body };
    } catch (error) {
      return { networkError: error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : String(error) };
    }
  };
}
