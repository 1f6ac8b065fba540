/** Posts, cut in five: the life cycle, the Post as answered, the cover placeholder, the field rules, the store with its lists and routes. */
import { stateFileTests, type Area } from './area.js';

export const postsAreas: readonly Area[] = [
  {
    name: 'posts-status',
    mutate: ['reference/src/posts/transitions.ts', 'reference/src/posts/lifecycle.ts'],
    filter: [
      'posts.status',
      'posts.schedule',
      'posts.create.default-published',
      'posts.create.draft',
      'posts.create.scheduled',
      'posts.create.send-newsletter',
      'posts.send-newsletter',
      'posts.list.status-filter',
      'posts.update.published-at',
      'posts.update.send-newsletter-default',
      'events.newsletter',
    ],
    unitTests: {
      files: ['reference/src/posts/transitions.test.ts', 'reference/src/posts/scheduling.test.ts'],
      why:
        "the table's why column (the rule each row implements) reaches no answer: its own test checks every row says why; " +
        "the clock's queue (a cancelled schedule leaves no task) is shown by no API answer, only by the inspector's clock page",
    },
  },
  {
    // The rest of posts is cut in four, each run in one sitting: the Post as answered and the route of its
    // cover, the cover placeholder, the field rules, the store with its lists and routes.
    name: 'posts-view',
    mutate: ['reference/src/posts/view.ts', 'reference/src/posts/media-routes.ts'],
    // Every read answers the view: by id, lists, by slug, the tag list, the feed; post search and the
    // site's pages show the cover and authors (coverImageUrl, authorsOf); a coined post's coinId is a coins rule.
    filter: ['posts.', 'publications.post-by-slug', 'publications.posts', 'feed.', 'auth.isolation.', 'discover.posts', 'coins.post.coin-id'],
    unitTests: {
      files: ['reference/src/posts/media.http.test.ts'],
      why:
        "the cover's URL and what it serves are the reference's own (/media/<id>.svg, its headers, a 404 for any other name): " +
        'the suite checks only that a cover is a URL, whoever serves it',
    },
  },
  {
    // Apart from posts-view: the drawing is judged by its unit test alone, and the post suite or a
    // server started before it would only slow each of its many mutants down.
    name: 'posts-cover',
    mutate: ['reference/src/posts/media.ts'],
    filter: ['posts.update.image-url'],
    unitTests: {
      files: ['reference/src/posts/media.test.ts'],
      why:
        "the placeholder's drawing (its colour from the media id, the caption's wrapping and escaping) is the reference's own: " +
        'the register states only that a cover is answered as a URL of the reference serving a placeholder captioned with the alt text or title',
    },
  },
  {
    name: 'posts-fields',
    mutate: ['reference/src/posts/fields.ts', 'reference/src/posts/rules.ts', 'reference/src/posts/slug.ts'],
    // Field rules are judged by creates and updates; the schedule window (rules.ts) by the life cycle's
    // rules; "does this PUT change the post" (fields.ts) by the status rules of a no-op update.
    filter: ['posts.', 'publications.post-by-slug'],
    unitTests: {
      files: ['reference/src/posts/fields.test.ts'],
      why:
        'sameValue compares a stored post with a patch as JSON values; a request shows only whether a PUT changed the post, and no JSON body ' +
        'carries what tells its cases apart (undefined members, a stored document whose keys are in another order)',
    },
  },
  {
    name: 'posts-store',
    mutate: [
      'reference/src/posts/store.ts',
      'reference/src/posts/lists.ts',
      'reference/src/posts/routes.ts',
      'reference/src/posts/snapshot-schema.ts',
      'reference/src/posts/record.ts',
      'reference/src/posts/fixtures.ts',
    ],
    // A publication's list leaves its pinned posts out (publications.shape.pinned-hidden-from-feed); the store's
    // announcements of an edit, a publish by the schedule and a delete are read by the analytics data (analytics.data.fresh);
    // each post's schedule is its own (a clock task per post): only control.clock.runs-due-work lets several fall due at once;
    // whether an id names a post of the publication (isPostOf) is read by the publication's featured and pinned posts.
    filter: [
      'posts.',
      'analytics.data.fresh',
      'control.clock.runs-due-work',
      'publications.patch.featured-post-own',
      'publications.patch.pinned-own',
      'publications.post-by-slug',
      'publications.posts',
      'publications.shape.pinned-hidden-from-feed',
      'feed.',
      'auth.isolation.',
      'pagination.',
      'auth.missing-key.401',
      'auth.invalid-key.401',
      'auth.wrong-scheme.401',
    ],
    unitTests: {
      files: [
        ...stateFileTests('post').files,
        'reference/src/posts/lists.test.ts',
        'reference/src/posts/media.http.test.ts',
        'reference/src/posts/slug-writes.http.test.ts',
        'reference/src/posts/fixture-posts.http.test.ts',
      ],
      why:
        `${stateFileTests('post').why}; ` +
        "the store's index of covers (a media id per cover, let go when the cover is replaced, cleared or deleted) is read only by the reference's own " +
        '/media/<id>.svg, which the suite does not fetch (a cover is any URL to it); ' +
        "a list as a whole array (SortedList.posts) is read only by the public site's home page, which no rule reads, and the curated " +
        "feed's index is changed only by edits of the fixtures' curated posts, which the suite leaves alone: lists.test.ts compares every list with the same list filtered and sorted from scratch; " +
        'every publication of the fixtures has posts, so a publication that never had one (the empty fixtures, a restored state) is reached only by slug-writes.http.test.ts; ' +
        "a fixture post's preview follows a new body as a created post's does, which only an edit of a seeded post shows, and the suite leaves those alone",
    },
  },
];
