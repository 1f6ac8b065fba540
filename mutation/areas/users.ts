/** Users (authors). */
import { stateFileTests, type Area } from './area.js';

export const usersAreas: readonly Area[] = [
  {
    name: 'users',
    mutate: ['reference/src/users/**/*.ts'],
    // Authors are read by id and by wallet, and as the authors of posts; a test newsletter goes to the owner's address;
    // publication search shows the owner's profile (UserStore.get, also behind the owner's address).
    filter: ['authors.', 'posts.shape.authors', 'posts.create.author-ids', 'posts.update.author-ids', 'test-newsletter.send.to-owner', 'test-newsletter.send.no-owner-email', 'discover.blogs.search'],
    unitTests: stateFileTests('user'),
  },
];
