/** Content groups (buckets), cut in two: the store and routes, the view. */
import { stateFileTests, type Area } from './area.js';

export const bucketsAreas: readonly Area[] = [
  {
    // buckets is cut in two: one judged run of the whole directory took 54 s (analytics and the state-file tests).
    name: 'buckets-store',
    mutate: ['reference/src/buckets/store.ts', 'reference/src/buckets/routes.ts', 'reference/src/buckets/control-routes.ts'],
    // Content pieces join groups (bucketId on create and PATCH); the auth and isolation rules judge the
    // routes' auth modes and the refusal of another publication's post.
    filter: [
      'buckets.',
      'content.shape.bucket',
      'content.create.bucket-id',
      'content.patch.bucket',
      'content.bucket.',
      'errors.409.already-grouped',
      'pagination.limit.buckets',
      'auth.isolation.',
      'auth.missing-key.401',
      'auth.invalid-key.401',
      'auth.wrong-scheme.401',
    ],
    unitTests: {
      files: [...stateFileTests('bucket').files, 'reference/src/buckets/buckets.http.test.ts'],
      why:
        `${stateFileTests('bucket').why}; the draft-row control route's capability and its 404 are no rule of the suite ` +
        '(a target without the capability has the suite skip the draft-row test)',
    },
  },
  {
    name: 'buckets-view',
    mutate: ['reference/src/buckets/view.ts', 'reference/src/buckets/draft-rows.ts', 'reference/src/buckets/snapshot-schema.ts'],
    // A group's members are the post and the pieces that joined; analytics' posts table holds each post's
    // draft row, the id /_control/posts/{postId}/draft-row shows.
    filter: ['buckets.', 'content.shape.bucket', 'content.create.bucket-id', 'content.patch.bucket', 'analytics.data.draft-rows'],
    unitTests: stateFileTests('bucket'),
  },
];
