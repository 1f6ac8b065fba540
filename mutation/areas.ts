/**
 * What `npm run mutation` mutates, and what judges each mutant: per area,
 * the files Stryker changes, the conformance rules that must notice (the
 * suite's --filter), and the unit tests that also judge where no request can
 * see what the code does. An area is the smallest set of files whose judges
 * run in one sitting; a directory too large for one (posts, buckets) is cut in parts.
 */
import { analyticsAreas } from './areas/analytics.js';
import { stateFileTests, type Area } from './areas/area.js';
import { contentAreas } from './areas/content.js';
import { documentAreas } from './areas/documents.js';
import { httpAreas } from './areas/http.js';
import { sharedAreas } from './areas/shared.js';
import { toolAreas } from './areas/tools.js';

export type { Area } from './areas/area.js';

export const AREAS: readonly Area[] = [
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
    ],
    filter: ['posts.', 'publications.post-by-slug', 'publications.posts', 'feed.', 'auth.isolation.', 'pagination.', 'auth.missing-key.401', 'auth.invalid-key.401', 'auth.wrong-scheme.401'],
    unitTests: stateFileTests('post'),
  },
  {
    name: 'keys',
    mutate: ['reference/src/keys/**/*.ts'],
    // /_control/publications lists each publication's active keys (the suite finds publication B's key there).
    filter: ['auth.', 'errors.401', 'errors.403', 'auth-sessions.key', 'auth-sessions.control.api-keys', 'control.publications'],
    unitTests: stateFileTests('key'),
  },
  {
    name: 'rate-limit',
    mutate: ['reference/src/rate-limit/**/*.ts'],
    filter: ['errors.429'],
    unitTests: {
      files: ['reference/src/rate-limit/limiter.test.ts', 'reference/src/rate-limit/rate-limit.http.test.ts', 'reference/src/control/guard.http.test.ts'],
      why:
        'the window arithmetic (refill, bursts) is seen over HTTP only at the few limits the suite sets; ' +
        "a target that does not list the rate-limit capability has the suite skip its test, not fail it; " +
        "the control routes' auth mode shows only under --control-token, which the suite's in-process target does not set",
    },
  },
  {
    name: 'users',
    mutate: ['reference/src/users/**/*.ts'],
    // Authors are read by id and by wallet, and as the authors of posts; a test newsletter goes to the owner's address;
    // publication search shows the owner's profile (UserStore.get, also behind the owner's address).
    filter: ['authors.', 'posts.shape.authors', 'posts.create.author-ids', 'posts.update.author-ids', 'test-newsletter.send.to-owner', 'test-newsletter.send.no-owner-email', 'discover.blogs.search'],
    unitTests: stateFileTests('user'),
  },
  {
    name: 'coins',
    mutate: ['reference/src/coins/**/*.ts'],
    // Coin search reads the coins (writer coins, their symbols and addresses) and each publication's writer coin.
    filter: ['coins.', 'discover.'],
  },
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
  {
    name: 'unsubscribe',
    mutate: ['reference/src/unsubscribe/**/*.ts'],
    // The pages behind an email's link, and /_control/unsubscribe (a link's token or an address),
    // seen through later sends, the subscriber list and the publication's notification setting.
    filter: ['emails.unsubscribe', 'emails.skip.suppressed', 'subscribers.suppressed'],
    unitTests: {
      files: ['reference/src/persistence/round-trip.test.ts', 'reference/src/persistence/broken-records.test.ts'],
      why: "no request reaches the tokens' part of the state file (snapshot-schema.ts, snapshot, restoreSnapshot): saving and restoring a state does",
    },
  },
  {
    name: 'control',
    mutate: ['reference/src/control/**/*.ts'],
    // The control profile's rules; the test-newsletter rules find the owner's address, or a publication without one, in /_control/publications.
    filter: ['control.', 'test-newsletter.send.to-owner', 'test-newsletter.send.no-owner-email'],
    unitTests: {
      files: ['reference/src/control/guard.http.test.ts', 'reference/src/control/listings.http.test.ts', 'reference/src/control/clock.http.test.ts'],
      why:
        "the guard's token check, and control routes that must not read it as an API key, show only under --control-token, which the suite's in-process target does not set; " +
        'a capability, removed member or unavailable segment left out of the control lists has the suite skip the tests that need it, not fail them; ' +
        "the reset's answer is the reference's own (DESIGN.md fixes the route); " +
        'an advance to the very end of the clock would run every due task of a shared target, which the suite must not do',
    },
  },
  {
    name: 'search',
    mutate: ['reference/src/search/**/*.ts'],
    filter: ['discover.'],
  },
  {
    name: 'subscribers-identity',
    // The identity rules (what an add or a delete means, when two addresses are one) and the routes that apply them.
    mutate: ['reference/src/subscribers/identity.ts', 'reference/src/subscribers/routes.ts', 'reference/src/subscribers/address.ts'],
    // A subscriber added through the API notifies the owner (source api); routes.ts also holds
    // the import's route (its answer and summary header) and the routes' auth modes.
    filter: [
      'subscribers.add',
      'subscribers.delete',
      'subscribers.list',
      'subscribers.count',
      'pagination.limit.subscribers',
      'events.new-subscriber',
      // A custom email skips invalid and disposable addresses, and sends once to two spellings of one address.
      'emails.skip',
      'subscribers.import.response',
      'subscribers.import.summary-header',
      'auth.missing-key.401',
    ],
  },
  {
    name: 'subscribers-store',
    mutate: ['reference/src/subscribers/store.ts', 'reference/src/subscribers/suppressions.ts', 'reference/src/subscribers/snapshot-schema.ts'],
    // Who is active decides who gets a newsletter and the owner's new-subscriber email;
    // a suppression is also what custom emails skip.
    filter: [
      'subscribers.add',
      'subscribers.delete',
      'subscribers.list',
      'subscribers.count',
      'subscribers.suppressed',
      'pagination.limit.subscribers',
      'events.new-subscriber',
      'events.newsletter.on-publish',
      'emails.skip.suppressed',
      // The import adds without strict (a conflict skips the row) and counts each outcome in its summary header.
      'subscribers.import.summary-header',
      // The store's events (added, changed, removed) are read by analytics alone; its records are copied into analytics.
      'analytics.data.fresh',
      'analytics.data.agrees-with-api',
    ],
    unitTests: {
      files: [...stateFileTests('subscriber').files, 'reference/src/subscribers/empty-publication.test.ts', 'reference/src/subscribers/store-lookups.test.ts'],
      why:
        `${stateFileTests('subscriber').why}; ` +
        "every publication of the suite's target has fixture subscribers, so no request of the suite reads one that never had any (a reference started without fixtures); " +
        "the wallet lookup serves only the fixture history (which reader rows name a wallet-only subscriber, which no rule states); " +
        'the ids of subscribers added at one instant order them only once the ids gain a digit, a count no test can arrange (the API shows no subscriber ids)',
    },
  },
  {
    name: 'subscribers-import',
    // The CSV import: the multipart upload and its limits, the CSV reading, columns and dates, applying the rows.
    mutate: ['reference/src/subscribers/import.ts', 'reference/src/subscribers/multipart.ts', 'reference/src/subscribers/csv/**/*.ts'],
    // An imported subscriber's source is shown by analytics alone.
    filter: ['subscribers.import', 'analytics.data.fresh'],
  },
  {
    // auth-sessions is cut in two: the pages' mutants need no state-file tests (a third of a judged run).
    name: 'auth-sessions-store',
    // The life cycle (store and table), the JSON routes and the control routes (sessions and API keys).
    mutate: [
      'reference/src/auth-sessions/store.ts',
      'reference/src/auth-sessions/transitions.ts',
      'reference/src/auth-sessions/snapshot-schema.ts',
      'reference/src/auth-sessions/routes.ts',
      'reference/src/auth-sessions/control-routes.ts',
    ],
    filter: ['auth-sessions.'],
    unitTests: {
      files: [...stateFileTests('auth session').files, 'reference/src/auth-sessions/store.test.ts', 'reference/src/control/guard.http.test.ts'],
      why:
        `${stateFileTests('auth session').why}; ` +
        "the table's why column (the rule each row implements) reaches no answer: its own test checks every row says why; " +
        "that the control routes do not read the control token as an API key shows only under --control-token, which the suite's in-process target does not set",
    },
  },
  {
    // The approval page a browser opens (verificationUrl): what it shows, the form, its redirects and headers.
    // Judged over plain HTTP; the Chromium test (browser.e2e.test.ts) is too slow per mutant.
    name: 'auth-sessions-pages',
    mutate: [
      'reference/src/auth-sessions/page-routes.ts',
      'reference/src/auth-sessions/pages.ts',
      'reference/src/auth-sessions/html.ts',
      'reference/src/auth-sessions/urls.ts',
    ],
    filter: ['auth-sessions.'],
    unitTests: {
      files: ['reference/src/auth-sessions/secure-cookie.http.test.ts'],
      why: "the cookie's Secure flag shows only behind an https public URL; the suite's in-process target is http",
    },
  },
  {
    // emails is cut in two, sending and the outbox, each a sitting's worth of mutants.
    name: 'emails-sending',
    // What is sent: newsletters on publish and the test newsletter, custom emails, owner notifications, the routes.
    mutate: [
      'reference/src/emails/newsletter.ts',
      'reference/src/emails/custom.ts',
      'reference/src/emails/notifications.ts',
      'reference/src/emails/store.ts',
      'reference/src/emails/routes.ts',
    ],
    // Every email rule, the events that send one (newsletter on publish, new subscriber) and the test newsletter;
    // a request without a key judges the routes' auth modes.
    filter: ['emails.', 'events.', 'test-newsletter.', 'auth.missing-key.401'],
    unitTests: stateFileTests('email'),
  },
  {
    name: 'emails-outbox',
    // Where it goes: the outbox and its delivery on the clock, the rendering, the control routes, the fault switches.
    mutate: [
      'reference/src/emails/outbox.ts',
      'reference/src/emails/render.ts',
      'reference/src/emails/control-routes.ts',
      'reference/src/emails/faults.ts',
      'reference/src/emails/snapshot-schema.ts',
    ],
    // The control routes also list and clear the outbox, and add or lift suppressions.
    filter: ['emails.', 'events.', 'test-newsletter.', 'control.outbox', 'subscribers.suppressed'],
    unitTests: {
      files: [...stateFileTests('email').files, 'reference/src/analytics/mirror/mirror.test.ts', 'reference/src/emails/faults.test.ts', 'reference/src/control/guard.http.test.ts'],
      why:
        `${stateFileTests('email').why}; ` +
        "the outbox's queued and delivered events are read by the analytics mirror alone (a newsletter's rows in newsletter_metrics), which no rule of the suite reads; " +
        "the fault switches as a server starts them show only on a fresh server, and the suite's target had its switches set and lifted by earlier tests; " +
        "that the control routes do not read the control token as an API key shows only under --control-token, which the suite's in-process target does not set",
    },
  },
  {
    name: 'journal',
    mutate: ['reference/src/journal/**/*.ts'],
    // GET /_control/requests is the reference's own tool, not DESIGN.md's control protocol: no rule of the suite reads it.
    filter: [],
    unitTests: {
      files: ['reference/src/journal/store.test.ts', 'reference/src/journal/journal.http.test.ts', 'reference/src/inspector/inspector.http.test.ts', 'reference/src/control/guard.http.test.ts'],
      why:
        "the request journal is no rule of the suite (a target need not keep one): its own tests and the inspector's Requests page, which shows it, judge it; " +
        "its routes' auth mode shows only under --control-token (guard.http.test.ts), which the suite's in-process target does not set",
    },
  },
  {
    // faults is cut in two: its rules and their matching are pure and judged by fast unit tests; acting on a request is not.
    name: 'faults-rules',
    mutate: ['reference/src/faults/store.ts', 'reference/src/faults/compact.ts'],
    filter: ['control.faults'],
    unitTests: {
      files: ['reference/src/faults/store.test.ts', 'reference/src/faults/compact.test.ts'],
      why:
        "fault rules are the reference's own tool: the suite checks that one answers and one applies (control.faults), not the matching, " +
        "counters, seeded draws, listing and reset, nor the --fault syntax, which is read by the command line, not over HTTP",
    },
  },
  ...contentAreas,
  ...documentAreas,
  ...httpAreas,
  ...analyticsAreas,
  ...toolAreas,
  ...sharedAreas,
];

/** Never mutated: tests, test helpers and the fixtures' data. */
export const NEVER_MUTATED = ['!**/*.test.ts', '!**/fixtures.ts'];

export function findArea(name: string): Area | undefined {
  return AREAS.find((area) => area.name === name);
}
