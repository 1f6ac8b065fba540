/**
 * One side of a differential run (the target, or the in-process reference):
 * where it is, its keys, and, for the sequence being run, what it created
 * and what its clock reads. Resolves a step's refs against its own
 * resources and sends it.
 */
import { Agent, request } from 'undici';
import type { Throttle } from '../authoring/throttle.js';
import { redactSecrets, type Secret } from '../shared/redact.js';
import type { Exchange } from '../shared/transcript-types.js';
import type { CreatedKind, HttpStep, PathPart, Ref, Step } from './steps.js';
import type { NormaliseContext, Observed } from './normalise.js';

export interface SideInfo {
  label: 'target' | 'reference';
  url: string;
  keys: { a?: string; b?: string };
  publications: { a?: { id: string; slug: string }; b?: { id: string; slug: string } };
  throttle: Throttle;
  timeoutMs: number;
}

/** What a request that resolves no resource points at: the same unknown id on both sides. */
export const UNKNOWN = 'unknown0000000000000';

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 8 });

export class Side {
  private created: Record<CreatedKind, string[]> = { post: [], content: [], bucket: [], session: [] };
  private slugs = new Map<string, string>();
  /** The frozen clock's reading; undefined when the clock is not controlled. */
  now: number | undefined;
  /** This sequence's requests, keys redacted: the transcript of a divergence. */
  exchanges: Exchange[] = [];

  constructor(readonly info: SideInfo) {}

  /** Forget the previous sequence's resources (the server itself is reset, or not, by the runner). */
  startSequence(now: number | undefined): void {
    this.created = { post: [], content: [], bucket: [], session: [] };
    this.slugs.clear();
    this.now = now;
    this.exchanges = [];
  }

  canSend(step: Step): boolean {
    return step.kind === 'clock' || step.as === 'none' || this.info.keys[step.as] !== undefined;
  }

  async run(step: HttpStep): Promise<Observed> {
    const path = step.path.map((part) => this.resolvePart(part)).join('');
    const query = step.query ? `?${new URLSearchParams(step.query).toString()}` : '';
    const headers: Record<string, string> = {};
    const key = step.as === 'none' ? undefined : this.info.keys[step.as];
    if (key) headers.authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (step.body !== undefined) {
      headers['content-type'] = typeof step.body === 'string' && path.endsWith('/import') ? 'text/csv' : 'application/json';
      body = typeof step.body === 'string' ? step.body : JSON.stringify(this.resolveBody(step.body));
    }
    const observed = await this.send(step.method, path + query, headers, body);
    if (step.creates && observed.status >= 200 && observed.status < 300) this.record(step.creates, observed.body);
    this.learnSlugs(observed.body);
    return observed;
  }

  async send(method: string, pathAndQuery: string, headers: Record<string, string>, body?: string): Promise<Observed> {
    await this.info.throttle();
    const started = Date.now();
    const res = await request(this.info.url + pathAndQuery, {
      method: method as 'GET',
      headers,
      body,
      dispatcher: agent,
      headersTimeout: this.info.timeoutMs,
      bodyTimeout: this.info.timeoutMs,
    });
    const text = await res.body.text();
    const secrets = this.secrets();
    this.exchanges.push({
      method,
      url: redactSecrets(this.info.url + pathAndQuery, secrets),
      requestHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redactSecrets(v, secrets)])),
      requestBody: body === undefined ? undefined : redactSecrets(body, secrets),
      status: res.statusCode,
      responseBody: redactSecrets(text.length > 4000 ? `${text.slice(0, 4000)}...` : text, secrets),
      durationMs: Date.now() - started,
    });
    let parsed: unknown = text;
    try {
      parsed = text.length > 0 ? JSON.parse(text) : null;
    } catch {
      // Not JSON: compared as text.
    }
    return { status: res.statusCode, body: parsed };
  }

  private secrets(): Secret[] {
    const { a, b } = this.info.keys;
    return [...(a ? [{ value: a, name: 'API_KEY' }] : []), ...(b ? [{ value: b, name: 'SECOND_API_KEY' }] : [])];
  }

  /** Ids this side created, as the names normalisation gives them. */
  names(): Map<string, string> {
    const names = new Map<string, string>();
    const { a, b } = this.info.publications;
    if (a) names.set(a.id, 'publication:A').set(a.slug, 'publication-slug:A');
    if (b) names.set(b.id, 'publication:B').set(b.slug, 'publication-slug:B');
    for (const [kind, ids] of Object.entries(this.created)) ids.forEach((id, i) => names.set(id, `${kind}#${i}`));
    return names;
  }

  context(step: HttpStep, ownOnly: boolean): NormaliseContext {
    return { names: this.names(), baseUrl: this.info.url, now: this.now, ownOnly, unordered: step.unordered === true };
  }

  /** The ids this side created, for the clean-up of a target that cannot be reset. */
  createdOf(kind: CreatedKind): readonly string[] {
    return this.created[kind];
  }

  private resolvePart(part: PathPart): string {
    return typeof part === 'string' ? part : encodeURIComponent(this.resolveRef(part));
  }

  private resolveRef(ref: Ref): string {
    switch (ref.ref) {
      case 'publication':
        return this.info.publications[ref.which]?.id ?? UNKNOWN;
      case 'publication-slug':
        return this.info.publications[ref.which]?.slug ?? 'unknown-publication';
      case 'post-slug': {
        const id = pick(this.created.post, ref.index);
        return (id && this.slugs.get(id)) ?? 'unknown-slug';
      }
      default:
        return pick(this.created[ref.ref], ref.index) ?? UNKNOWN;
    }
  }

  private resolveBody(body: unknown): unknown {
    if (Array.isArray(body)) return body.map((item) => this.resolveBody(item));
    if (typeof body !== 'object' || body === null) return body;
    const record = body as Record<string, unknown>;
    if (record.ref === 'time' && typeof record.offsetMs === 'number') return (this.now ?? Date.now()) + record.offsetMs;
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, this.resolveBody(v)]));
  }

  private record(kind: CreatedKind, body: unknown): void {
    if (typeof body !== 'object' || body === null) return;
    const record = body as Record<string, unknown>;
    const id = record.id ?? record[`${kind}Id`];
    if (typeof id === 'string' && !this.created[kind].includes(id)) this.created[kind].push(id);
  }

  /** A post's slug, from any answer that shows one of this side's posts (the create answer has none). */
  private learnSlugs(body: unknown): void {
    if (Array.isArray(body)) return body.forEach((item) => this.learnSlugs(item));
    if (typeof body !== 'object' || body === null) return;
    const record = body as Record<string, unknown>;
    if (typeof record.id === 'string' && typeof record.slug === 'string' && this.created.post.includes(record.id)) this.slugs.set(record.id, record.slug);
    for (const value of Object.values(record)) if (typeof value === 'object') this.learnSlugs(value);
  }
}

function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}
