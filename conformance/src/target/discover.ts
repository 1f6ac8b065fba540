/**
 * What the target offers: its test-control API (if any), the publications
 * the suite works in and their keys. Missing pieces are not errors: the
 * tests that need them are skipped, each saying what was missing.
 */
import type { ControlInfo, PublicationInfo, TargetInfo } from '../shared/suite-config.js';
import type { Probe, ProbeResult } from './http-probe.js';
import { SetupProblem } from './setup-problem.js';

export interface Discovery {
  target: TargetInfo;
  apiKey?: string;
  secondApiKey?: string;
  /** Things the user should know (shown before the run and in results.json). */
  notes: string[];
}

export class TargetUnreachable extends SetupProblem {}

interface ControlPublicationRow extends PublicationInfo {
  apiKeys?: string[];
}

export async function discoverTarget(input: {
  url: string;
  inProcess: boolean;
  apiKey?: string;
  secondApiKey?: string;
  probe: Probe;
}): Promise<Discovery> {
  const notes: string[] = [];
  const control = await discoverControl(input.probe);
  if (!control.available && (await isUnreachable(input.probe))) {
    throw new TargetUnreachable(`the target ${input.url} does not answer: ${control.missingReason}`);
  }

  let apiKey = input.apiKey;
  let secondApiKey = input.secondApiKey;
  const publications: TargetInfo['publications'] = {};

  if (control.available) {
    const rows = await controlPublications(input.probe);
    if (rows === undefined) notes.push('GET /_control/publications did not answer a publication list; keys must be given with --api-key');
    else {
      const byKey = (key: string | undefined) => (key ? rows.find((p) => p.apiKeys?.includes(key)) : undefined);
      const a = byKey(apiKey) ?? (apiKey ? undefined : (rows.find((p) => p.slug === 'demo') ?? rows[0]));
      const b =
        byKey(secondApiKey) ??
        (secondApiKey ? undefined : (rows.find((p) => p.slug === 'other' && p !== a) ?? rows.find((p) => p !== a)));
      if (a) {
        publications.a = stripKeys(a);
        apiKey ??= a.apiKeys?.[0];
      }
      if (b) {
        publications.b = stripKeys(b);
        secondApiKey ??= b.apiKeys?.[0];
      }
      if (!input.apiKey && apiKey) notes.push(`API key of publication A (${a?.slug}) read from /_control/publications`);
      if (!input.secondApiKey && secondApiKey) notes.push(`API key of publication B (${b?.slug}) read from /_control/publications`);
    }
  }

  // Without control, the extended GET /v1/me may still name the keys' publications.
  if (apiKey && !publications.a) publications.a = await publicationOfKey(input.probe, apiKey);
  if (secondApiKey && !publications.b) publications.b = await publicationOfKey(input.probe, secondApiKey);
  if (!apiKey) notes.push('no API key for publication A: tests that need one are skipped (give --api-key)');
  if (!secondApiKey) notes.push('no API key for a second publication B: isolation tests are skipped (give --second-api-key)');

  const isReference = input.inProcess || /reference/i.test(control.implementation ?? '');
  return {
    target: { url: input.url, isReference, inProcess: input.inProcess, control, publications },
    apiKey,
    secondApiKey,
    notes,
  };
}

async function discoverControl(probe: Probe): Promise<ControlInfo> {
  const res = await probe('/_control');
  if ('networkError' in res) return { available: false, missingReason: `GET /_control is unreachable (${res.networkError})`, capabilities: [] };
  if (res.status === 404) return { available: false, missingReason: 'GET /_control answered 404', capabilities: [] };
  if (res.status !== 200 || !isObject(res.body)) {
    return { available: false, missingReason: `GET /_control answered ${res.status} without the control document`, capabilities: [] };
  }
  const body = res.body;
  return {
    available: true,
    implementation: typeof body.implementation === 'string' ? body.implementation : undefined,
    version: typeof body.version === 'string' ? body.version : undefined,
    seed: typeof body.seed === 'number' ? body.seed : undefined,
    capabilities: Array.isArray(body.capabilities) ? body.capabilities.filter((c): c is string => typeof c === 'string') : [],
  };
}

async function controlPublications(probe: Probe): Promise<ControlPublicationRow[] | undefined> {
  const res = await probe('/_control/publications');
  if (!ok(res) || !isObject(res.body) || !Array.isArray(res.body.publications)) return undefined;
  return res.body.publications.filter(
    (p): p is ControlPublicationRow => isObject(p) && typeof p.id === 'string' && typeof p.slug === 'string',
  );
}

async function publicationOfKey(probe: Probe, key: string): Promise<PublicationInfo | undefined> {
  const res = await probe('/v1/me', `Bearer ${key}`);
  if (!ok(res) || !isObject(res.body)) return undefined;
  const body = res.body;
  if (typeof body.id !== 'string' || typeof body.slug !== 'string') return undefined;
  return {
    id: body.id,
    slug: body.slug,
    name: typeof body.name === 'string' ? body.name : undefined,
    ownerUserId: typeof body.ownerUserId === 'string' ? body.ownerUserId : undefined,
  };
}

/** A target whose /_control is unreachable may still serve /v1; only no answer at all is fatal. */
async function isUnreachable(probe: Probe): Promise<boolean> {
  const res = await probe('/v1/posts/feed');
  return 'networkError' in res;
}

function stripKeys(row: ControlPublicationRow): PublicationInfo {
  const { apiKeys: _keys, ...rest } = row;
  return rest;
}

function ok(res: ProbeResult): res is { status: number; body: unknown } {
  return !('networkError' in res) && res.status === 200;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
