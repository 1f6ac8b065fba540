/**
 * Reading publications and changing A's settings safely: every test that
 * PATCHes puts back, when it ends, the values it found (AUTHORING.md: only
 * idempotent changes to settings, restored afterwards).
 */
import { expectOk, fail, type RuleContext } from '../../src/authoring/index.js';
import { PostPage } from '../../../schemas/posts.js';
import { Publication, type PublicationT } from '../../../schemas/publications.js';
import { createDraft } from '../posts/support/posts-api.js';
import { changedFields } from '../posts/support/refusals.js';
import { PATCH_FIELDS, type PatchEnv } from './patch-fields.js';

export function publicationA(ctx: RuleContext): { id: string; slug: string } {
  const a = ctx.target.publications.a;
  if (!a) return ctx.skip('capability missing: publicationIds (the id of publication A is unknown)');
  return a;
}

/** GET /v1/publications/{id} without a key (it needs none), validated as a Publication. */
export async function readPublication(ctx: RuleContext, id: string): Promise<PublicationT> {
  return expectOk(await ctx.api.anonymous.get(`/v1/publications/${encodeURIComponent(id)}`), Publication);
}

/** Fails when the publication differs from `before`. */
export async function expectPublicationUnchanged(ctx: RuleContext, id: string, before: PublicationT, what: string): Promise<void> {
  const after = await readPublication(ctx, id);
  const changed = changedFields(before, after);
  if (changed.length > 0) {
    const key = changed[0] as keyof PublicationT;
    fail(`${what} was refused, yet it changed ${changed.join(', ')} of the publication (${key}: ${JSON.stringify(before[key])} → ${JSON.stringify(after[key])})`);
  }
}

/** The settings of `publication` that PATCH can put back. */
function restorable(publication: PublicationT): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of PATCH_FIELDS) {
    const value = (publication as Record<string, unknown>)[field.name];
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

/**
 * Runs `fn` on A's settings and puts them back afterwards, whatever happened.
 * A restore that fails is an error of the run only when `fn` itself passed.
 */
export async function withRestoredSettings<T>(ctx: RuleContext, fn: (before: PublicationT, id: string) => Promise<T>): Promise<T> {
  const { id } = publicationA(ctx);
  const before = await readPublication(ctx, id);
  let failed = false;
  try {
    return await fn(before, id);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    const res = await ctx.api.patch(`/v1/publications/${encodeURIComponent(id)}`, restorable(before));
    if (res.status !== 200) {
      const message = `could not restore the settings of publication A: PATCH answered ${res.status}: ${res.text.slice(0, 200)}`;
      if (failed) console.warn(`[conformance] ${message}`);
      else fail(message);
    }
  }
}

/** Three drafts of A (for featured and pinned values) and up to two posts of B. */
export async function patchEnv(ctx: RuleContext): Promise<PatchEnv> {
  const ownPostIds = [await createDraft(ctx, 'pin me 1'), await createDraft(ctx, 'pin me 2'), await createDraft(ctx, 'pin me 3')];
  const b = ctx.target.publications.b;
  const foreignPostIds = b
    ? expectOk(await ctx.api.anonymous.get(`/v1/publications/${b.id}/posts`, { query: { limit: 2 } }), PostPage).items.map((p) => p.id)
    : [];
  return { ownPostIds, foreignPostIds };
}
