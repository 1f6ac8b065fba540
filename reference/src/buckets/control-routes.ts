/**
 * Draft rows through the test-control API: the id a client may also hold for
 * a published post being edited (see draft-rows.ts).
 */
import { notFound } from '../errors.js';
import type { RouteDef } from '../http/types.js';

export const BUCKET_CONTROL_CAPABILITIES = ['post-draft-rows'];

export const bucketControlRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/_control/posts/:postId/draft-row',
    auth: 'none',
    handler: ({ state, params }) => {
      const post = state.posts.get(params.postId);
      if (!post) throw notFound(`post ${params.postId} not found`);
      return { json: { postId: post.id, draftRowId: state.buckets.draftRows.draftRowIdOf(post.id) } };
    },
  },
];
