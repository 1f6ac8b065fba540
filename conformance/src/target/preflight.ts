/**
 * The checks made before any test runs, so that a run against a wrong
 * setup stops at once with one clear message instead of reporting hundreds
 * of failures: the target answers, each key is accepted, the two keys
 * belong to two different publications. Problems throw SetupProblem (exit
 * code 2); what the user should know is reported line by line as it is
 * learnt, so the lines before a problem are shown too.
 */
import type { Discovery } from './discover.js';
import type { Probe, ProbeResult } from './http-probe.js';
import { SetupProblem } from './setup-problem.js';

/** Where every key is tried: core, authenticated, read-only and cheap. */
const KEY_CHECK_PATH = '/v1/posts?limit=1';

/**
 * A base URL that ends in the API's version prefix would make every request
 * go to /v1/v1/... and hide /_control: the prefix is dropped, and the user told.
 */
export function withoutVersionPrefix(url: string): { url: string; note?: string } {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, '');
  if (!/\/v1$/i.test(path)) return { url };
  parsed.pathname = path.slice(0, -3) || '/';
  const corrected = parsed.toString().replace(/\/+$/, '');
  return {
    url: corrected,
    note: `--url ${url} ends in /v1: the suite adds /v1 (and /_control) itself, so it uses ${corrected}`,
  };
}

/** Checks the keys of a discovered target, reporting the control capabilities and what was verified. */
export async function preflight(discovery: Discovery, probe: Probe, report: (line: string) => void): Promise<void> {
  const { target } = discovery;
  const control = target.control;
  report(
    control.available
      ? `control API: ${[control.implementation, control.version].filter(Boolean).join(' ') || 'yes'}; capabilities ${control.capabilities.join(', ') || '(none listed)'}`
      : `control API: none (${control.missingReason ?? 'GET /_control did not answer it'}); tests of time and email are skipped`,
  );

  const keys: Array<{ which: string; flag: string; key: string | undefined }> = [
    { which: 'A', flag: '--api-key', key: discovery.apiKey },
    { which: 'B', flag: '--second-api-key', key: discovery.secondApiKey },
  ];
  for (const { which, flag, key } of keys) {
    if (!key) continue;
    const res = await probe(KEY_CHECK_PATH, `Bearer ${key}`);
    report(checkKeyAnswer(res, which, flag));
  }

  if (discovery.apiKey && discovery.secondApiKey) {
    if (discovery.apiKey === discovery.secondApiKey) {
      throw new SetupProblem(
        '--api-key and --second-api-key are the same key: the isolation tests need a key of a second publication (or leave --second-api-key out to skip them)',
      );
    }
    const { a, b } = target.publications;
    if (a && b && a.id === b.id) {
      throw new SetupProblem(
        `--api-key and --second-api-key both belong to publication ${a.id} (${a.slug}): the isolation tests need a key of a second publication you own (or leave --second-api-key out to skip them)`,
      );
    }
    report(
      a && b
        ? `keys: A is publication ${a.slug} (${a.id}), B is publication ${b.slug} (${b.id})`
        : 'keys: could not tell which publications the keys belong to (no /_control/publications and no GET /v1/me); make sure they are two different ones',
    );
  }
}

function checkKeyAnswer(res: ProbeResult, which: string, flag: string): string {
  if ('networkError' in res) throw new SetupProblem(`checking the key of publication ${which}: GET ${KEY_CHECK_PATH} got no answer (${res.networkError})`);
  if (res.status === 401 || res.status === 403) {
    const msg = messageOf(res.body);
    throw new SetupProblem(
      `the key of publication ${which} (${flag}) is refused: GET ${KEY_CHECK_PATH} answered ${res.status}${msg ? ` "${msg}"` : ''}. Check the key (and that it is a key of this target), then run again.`,
    );
  }
  if (res.status === 200) return `key of publication ${which}: accepted (GET ${KEY_CHECK_PATH} answered 200)`;
  return `key of publication ${which}: GET ${KEY_CHECK_PATH} answered ${res.status}, not 401: taken as accepted`;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const msg = (body as { msg?: unknown }).msg;
  return typeof msg === 'string' ? msg.slice(0, 200) : undefined;
}
