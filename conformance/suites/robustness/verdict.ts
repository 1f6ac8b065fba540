/**
 * Sending a malformed request with a deadline, and judging the answer: a 4xx
 * in the error shape (or the HTML page the contract documents for that
 * status), or a 2xx that is what the contract says a 2xx is; never a 5xx,
 * never silence.
 */
import { ConformanceFailure, SuiteError, expectErrorBody, fail, type ApiClient, type ApiResponse } from '../../src/authoring/index.js';
import type { Operation } from './operations.js';
import type { BuiltRequest } from './request.js';

/** How long one malformed request may take to be answered (the slowest legitimate one, 1 MB of markdown, takes about 1 s). */
export const REQUEST_DEADLINE_MS = 10_000;

export async function sendWithin(api: ApiClient, request: BuiltRequest, deadlineMs = REQUEST_DEADLINE_MS): Promise<ApiResponse> {
  let timer: NodeJS.Timeout | undefined;
  const label = `${request.method} ${request.path.slice(0, 120)}`;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConformanceFailure(`${label} was not answered within ${deadlineMs} ms`)), deadlineMs);
  });
  try {
    return await Promise.race([api.request(request.method, request.path, request.options), deadline]);
  } catch (error) {
    // The client's "no response" is a suite error elsewhere; here an unanswered request is the finding.
    if (error instanceof SuiteError && / got no response: /.test(error.message)) {
      throw new ConformanceFailure(`${label} got no answer (the connection was closed or reset): ${error.message.split('got no response: ')[1]}`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function documentedTypes(op: Operation, status: number): string[] | undefined {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`];
}

/** Fails unless the answer is one a malformed request may get. */
export function judge(op: Operation, res: ApiResponse): void {
  const excerpt = res.text.slice(0, 300);
  if (res.status >= 500) fail(`${res.label} answered ${res.status} to a malformed request: ${excerpt}`);
  const documented = documentedTypes(op, res.status);
  const contentType = (res.headers['content-type'] ?? '').toLowerCase();
  if (res.status >= 400) {
    // The reference's browser pages document HTML error pages; everything else answers the error body.
    if (contentType.startsWith('text/html') && documented?.some((t) => t.startsWith('text/html'))) return;
    expectErrorBody(res);
    return;
  }
  if (res.status >= 300) {
    if (!documented) fail(`${res.label} answered ${res.status}, which the contract does not document for ${op.key}: ${excerpt}`);
    return;
  }
  if (res.status >= 200) {
    const wantsJson = documented?.some((t) => t.includes('json')) ?? false;
    if (wantsJson && res.status !== 204 && !res.isJson) fail(`${res.label} answered ${res.status} with a body that is not JSON: ${excerpt}`);
    return;
  }
  fail(`${res.label} answered ${res.status}`);
}
