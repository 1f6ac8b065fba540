/**
 * The post requests most tests start from: create a draft (or, where
 * allowed, a published post) titled with the run id and registered for
 * clean-up, and read a post back as its owner.
 */
import { expectOk, fail, setupStep, type ApiClient, type ApiResponse, type RuleContext } from '../../../src/authoring/index.js';
import { SuccessBody } from '../../../../schemas/common.js';
import { Post, PostCreated, type PostT } from '../../../../schemas/posts.js';
import { walkItems } from './lists.js';
import { requirePublishing } from './publishing.js';
import { markedTitle } from './titles.js';

export type Who = 'a' | 'b';

/** The smallest valid create body of a draft. */
export function draftBody(ctx: RuleContext, label = 'draft', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { title: markedTitle(ctx.runId, label), markdown: `Conformance probe: ${label}.`, status: 'draft', ...extra };
}

/** A draft body carrying `value` as `field` (bodyJson replaces the markdown: never both). */
export function createBodyWith(ctx: RuleContext, field: string, value: unknown): Record<string, unknown> {
  const body = draftBody(ctx, `create with ${field}`);
  if (field === 'bodyJson') delete body.markdown;
  body[field] = value;
  return body;
}

/** POST /v1/posts as `who`; a created post (any 200 with an id) is registered for clean-up whatever the test expected. */
export async function postCreate(ctx: RuleContext, body: unknown, who: Who = 'a'): Promise<ApiResponse> {
  const res = await ctx.api.as(who).post('/v1/posts', body);
  const id = (res.body as { id?: unknown } | undefined)?.id;
  if (res.status >= 200 && res.status < 300 && typeof id === 'string') ctx.created.post(id, who);
  return res;
}

/** Creates a draft and answers its id. */
export function createDraft(ctx: RuleContext, label = 'draft', extra: Record<string, unknown> = {}, who: Who = 'a'): Promise<string> {
  return setupStep('posts.create.draft', async () => {
    const created = expectOk(await postCreate(ctx, draftBody(ctx, label, extra), who), PostCreated);
    if (created.status !== 'draft') fail(`POST /v1/posts with status draft answered status ${created.status}`);
    return created.id;
  });
}

/** Creates a published post (skips unless publishing is allowed: see publishing.ts). */
export async function createPublished(ctx: RuleContext, label = 'published', extra: Record<string, unknown> = {}, who: Who = 'a'): Promise<string> {
  requirePublishing(ctx);
  const body = { title: markedTitle(ctx.runId, label), markdown: `Conformance probe: ${label}.`, ...extra };
  return setupStep('posts.create.default-published', async () => {
    const created = expectOk(await postCreate(ctx, body, who), PostCreated);
    if (created.status !== 'published') fail(`POST /v1/posts without status answered status ${created.status}, expected published`);
    return created.id;
  });
}

/** PUT /v1/posts/{id} expecting 200 {success: true}. */
export async function updatePost(ctx: RuleContext, id: string, body: unknown, who: Who = 'a'): Promise<void> {
  expectOk(await ctx.api.as(who).put(`/v1/posts/${encodeURIComponent(id)}`, body), SuccessBody);
}

/** GET /v1/posts/{id} with the owner's key, validated as a Post. */
export async function readOwnPost(ctx: RuleContext, id: string, options: { includeContent?: boolean; who?: Who } = {}): Promise<PostT> {
  const res = await ctx.api.as(options.who ?? 'a').get(`/v1/posts/${encodeURIComponent(id)}`, {
    query: { includeContent: options.includeContent ? 'true' : undefined },
  });
  const post = expectOk(res, Post);
  if (post.id !== id) fail(`GET /v1/posts/${id} answered the post ${post.id}`);
  return post;
}

/** Every post of the key's publication in one status (GET /v1/posts?status=, all pages). */
export async function ownPostsWithStatus(client: ApiClient, status: string): Promise<PostT[]> {
  return walkItems(client, '/v1/posts', Post, { query: { status }, limit: 100 });
}

/** The statuses a post can be listed under by GET /v1/posts (archived excluded: refused creations never land there). */
export const LIVE_LIST_STATUSES = ['draft', 'published', 'scheduled'] as const;
