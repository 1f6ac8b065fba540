/**
 * A representative set of SPEC.md's endpoints, for the version-prefix tests:
 * reads and writes of posts and publications, by id, by slug and as lists,
 * each with a real post or publication of the run and A's key. Paths are
 * written without the prefix: the tests send each one with /v1 and without.
 */
import type { z } from 'zod';
import { SuccessBody } from '../../../schemas/common.js';
import { FeedPage, Post, PostCreated, PostPage } from '../../../schemas/posts.js';
import { Publication } from '../../../schemas/publications.js';
import type { Need, RuleContext } from '../../src/authoring/index.js';
import { createDraft, draftBody } from '../posts/support/posts-api.js';
import { publicationA } from '../publications/support.js';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT';
  /** The path as SPEC.md writes it, without /v1. */
  template: string;
  /** What the endpoint answers under /v1. */
  schema: z.ZodType;
  needs: Need[];
  /** The concrete path (without /v1), query and body, naming what exists. */
  resolve(ctx: RuleContext): Promise<{ path: string; query?: Record<string, string>; json?: unknown }>;
}

const enc = encodeURIComponent;

/** A draft of the run (archived when the test ends), so a post id is known to exist. */
const draftId = (ctx: RuleContext) => createDraft(ctx, 'version prefix probe');

export const ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    template: '/posts/{postId}',
    schema: Post,
    needs: ['apiKey'],
    resolve: async (ctx) => ({ path: `/posts/${enc(await draftId(ctx))}` }),
  },
  {
    method: 'GET',
    template: '/posts',
    schema: PostPage,
    needs: ['apiKey'],
    resolve: async () => ({ path: '/posts', query: { status: 'draft' } }),
  },
  {
    method: 'POST',
    template: '/posts',
    schema: PostCreated,
    needs: ['apiKey'],
    // A draft with a run title: never published, archived at the end (see sendTo in prefix.test.ts).
    resolve: async (ctx) => ({ path: '/posts', json: draftBody(ctx, 'version prefix create') }),
  },
  {
    method: 'PUT',
    template: '/posts/{postId}',
    schema: SuccessBody,
    needs: ['apiKey'],
    resolve: async (ctx) => ({ path: `/posts/${enc(await draftId(ctx))}`, json: { subtitle: 'Conformance probe: version prefix.' } }),
  },
  {
    method: 'GET',
    template: '/posts/feed',
    schema: FeedPage,
    needs: ['apiKey'],
    resolve: async () => ({ path: '/posts/feed' }),
  },
  {
    method: 'GET',
    template: '/publications/{publicationId}',
    schema: Publication,
    needs: ['apiKey', 'publicationIds'],
    resolve: async (ctx) => ({ path: `/publications/${enc(publicationA(ctx).id)}` }),
  },
  {
    method: 'GET',
    template: '/publications/slug/{slug}',
    schema: Publication,
    needs: ['apiKey', 'publicationIds'],
    resolve: async (ctx) => ({ path: `/publications/slug/${enc(publicationA(ctx).slug)}` }),
  },
  {
    method: 'GET',
    template: '/publications/{publicationId}/posts',
    schema: PostPage,
    needs: ['apiKey', 'publicationIds'],
    resolve: async (ctx) => ({ path: `/publications/${enc(publicationA(ctx).id)}/posts` }),
  },
];
