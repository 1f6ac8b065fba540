/**
 * Values for path parameters: real ids of publication A read from the
 * target (for operations that only read), objects the suite creates itself
 * (for anything that could write: a draft titled with the run id, a content
 * draft, an auth session), and garbage.
 */
import { SuiteError, type RuleContext } from '../../src/authoring/index.js';
import type { Operation } from './operations.js';

export interface RealIds {
  publicationId: string;
  slug: string;
  customDomain?: string;
  ownerUserId?: string;
  post?: { id: string; slug?: string; category?: string };
  contentId?: string;
  bucketId?: string;
}

export interface OwnIds {
  postId?: string;
  contentId?: string;
  sessionId?: string;
}

/** Where an operation's path ids come from; anything that could write only ever gets the suite's own objects. */
export type PathIds = 'real' | 'own' | 'garbage';

/**
 * Ids that exist nowhere, or that are not ids at all: percent-encoding that
 * does not decode (`%zz`, a cut sequence, overlong and invalid UTF-8),
 * encoded slashes and NULs, prototype names, a 10 KB id.
 */
export const GARBAGE_IDS: readonly string[] = [
  'cfx-no-such-id',
  '0',
  '-1',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '%zz',
  '%E0%A4%A',
  '%FF%FE',
  '%C0%AF',
  '%ED%A0%80',
  '%00',
  '%2F',
  '%2e%2e',
  '%',
  '%%',
  '%F0%9F%92%A5',
  '%20',
  '{}',
  'x'.repeat(10_000),
];

function firstItem(body: unknown): Record<string, unknown> | undefined {
  const items = (body as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) && typeof items[0] === 'object' && items[0] !== null ? (items[0] as Record<string, unknown>) : undefined;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** A's ids as the target reports them; what cannot be read stays undefined (those parameters get garbage only). */
export async function readRealIds({ api, target }: RuleContext): Promise<RealIds> {
  const publication = target.publications.a;
  if (!publication) throw new SuiteError('the id of publication A is unknown (needs publicationIds)');
  const real: RealIds = { publicationId: publication.id, slug: publication.slug, ownerUserId: publication.ownerUserId };
  const details = await api.get(`/v1/publications/${encodeURIComponent(publication.id)}`);
  if (details.status === 200) real.customDomain = str((details.body as Record<string, unknown>).customDomain);
  const posts = await api.get('/v1/posts', { query: { status: 'published', limit: 1 } });
  const post = posts.status === 200 ? firstItem(posts.body) : undefined;
  if (post && str(post.id)) {
    const categories = Array.isArray(post.categories) ? post.categories : [];
    real.post = { id: post.id as string, slug: str(post.slug), category: str(categories[0]) };
  }
  const content = await api.get('/v1/content', { query: { limit: 1 } });
  if (content.status === 200) real.contentId = str(firstItem(content.body)?.id);
  const buckets = await api.get('/v1/buckets', { query: { limit: 1 } });
  if (buckets.status === 200) real.bucketId = str(firstItem(buckets.body)?.id);
  return real;
}

/** Creates what the operation's path needs: a draft titled with the run id, a content draft, an auth session. */
export async function createOwnIds(ctx: RuleContext, op: Operation): Promise<OwnIds> {
  const { api, names, created } = ctx;
  const own: OwnIds = {};
  if (op.pathParams.includes('postId')) {
    const res = await api.post('/v1/posts', { title: names.title('robustness target'), markdown: 'A draft the robustness suite aims at.', status: 'draft' });
    own.postId = str((res.body as { id?: unknown } | undefined)?.id);
    if (res.status !== 200 || !own.postId) throw new SuiteError(`could not create a draft to aim at: ${res.status} ${res.text.slice(0, 200)}`);
    created.post(own.postId);
  }
  if (op.pathParams.includes('contentId')) {
    const res = await api.post('/v1/content', { kind: 'tweet', title: names.title('robustness target'), body: { text: 'A draft the robustness suite aims at.' } });
    own.contentId = str((res.body as { id?: unknown } | undefined)?.id);
    if (!/^2/.test(String(res.status)) || !own.contentId) throw new SuiteError(`could not create a content draft to aim at: ${res.status} ${res.text.slice(0, 200)}`);
    created.content(own.contentId);
  }
  if (op.pathParams.includes('sessionId')) {
    const res = await api.anonymous.post('/v1/api/auth/sessions', { deviceName: names.title('robustness', 100) });
    own.sessionId = str((res.body as { sessionId?: unknown } | undefined)?.sessionId);
    if (!own.sessionId) throw new SuiteError(`could not create an auth session to aim at: ${res.status} ${res.text.slice(0, 200)}`);
  }
  return own;
}

/** The non-garbage values a path parameter may take for this operation. */
export function candidatesFor(param: string, mode: PathIds, real: RealIds, own: OwnIds): string[] {
  if (mode === 'garbage') return [];
  const ownValue = { postId: own.postId, contentId: own.contentId, sessionId: own.sessionId }[param];
  if (mode === 'own') return ownValue ? [ownValue] : [];
  const values: Array<string | undefined> = {
    publicationId: [real.publicationId],
    slug: [real.slug, `@${real.slug}`],
    domain: [real.customDomain],
    userId: [real.ownerUserId],
    postId: [real.post?.id, own.postId],
    postSlug: [real.post?.slug],
    tag: [real.post?.category ?? 'robustness'],
    contentId: [real.contentId, own.contentId],
    bucketId: [real.bucketId],
    sessionId: [own.sessionId],
  }[param] ?? [];
  return values.filter((v): v is string => v !== undefined);
}
