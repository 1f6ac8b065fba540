/** Publications. */
import { stateFileTests, type Area } from './area.js';

export const publicationsAreas: readonly Area[] = [
  {
    name: 'publications',
    mutate: ['reference/src/publications/**/*.ts'],
    // The store also answers the post rules about authors, segments and deleted posts; the auth
    // rules judge the routes' auth modes.
    filter: [
      'publications',
      'posts.update.author-ids-replace',
      'posts.update.author-ids-members',
      'posts.update.community-id',
      'posts.refusals.outside-ids-400',
      'posts.delete',
      'auth.missing-key.401',
      'auth.invalid-key.401',
      'auth.wrong-scheme.401',
      'auth.forbidden.403',
    ],
    unitTests: stateFileTests('publication'),
  },
];
