/** The files at the top of reference/src: what every area uses, and the server put together. */
import type { Area } from './area.js';

export const sharedAreas: readonly Area[] = [
  {
    name: 'shared',
    mutate: [
      'reference/src/clock.ts',
      'reference/src/pagination.ts',
      'reference/src/sorted-index.ts',
      'reference/src/slices.ts',
      'reference/src/random.ts',
      'reference/src/errors.ts',
      'reference/src/events.ts',
      'reference/src/html.ts',
      'reference/src/site-url.ts',
      'reference/src/iso-time.ts',
    ],
    // The clock runs scheduled posts and delivers email; every list pages; every error has one shape.
    filter: ['pagination.', 'control.clock', 'posts.schedule', 'posts.list', 'content.list.order', 'errors.shape', 'emails.delivery'],
    unitTests: {
      files: [
        'reference/src/clock.test.ts',
        'reference/src/pagination.test.ts',
        'reference/src/sorted-index.test.ts',
        'reference/src/slices.test.ts',
        'reference/src/random.test.ts',
        'reference/src/html.test.ts',
        'reference/src/errors.test.ts',
        'reference/src/events.test.ts',
        'reference/src/iso-time.test.ts',
        'reference/src/site-url.test.ts',
      ],
      why:
        "the order of tasks due at one instant, the sorted index's balance and the sharing of the event loop between long loops " +
        'are invisible in any answer while they work: their tests drive them directly; the seeded sequence that saved states continue, ' +
        "the secrets' uniformity and every escaped character are seen by a request only by chance, and the small helpers' own tests " +
        'judge them in a second, where the suite takes minutes',
    },
  },
  {
    name: 'app',
    mutate: [
      'reference/src/app.ts',
      'reference/src/wiring.ts',
      'reference/src/reference.ts',
      'reference/src/server.ts',
      'reference/src/cli.ts',
      'reference/src/areas.ts',
      'reference/src/workers.ts',
      'reference/src/state.ts',
      'reference/src/index.ts',
    ],
    // Every route is mounted here and every effect across areas is connected (a post published sends
    // its newsletter, a new subscriber tells the owner); reset and the unknown route are answered here.
    filter: ['control.', 'events.', 'errors.404.unknown-route', 'robustness.', 'versioning.', 'content.archive.dismisses-suggestions'],
    unitTests: {
      files: [
        'reference/src/server.test.ts',
        'reference/src/app.test.ts',
        'reference/src/app-dispatch.test.ts',
        'reference/src/app-defaults.test.ts',
        'reference/src/wiring.test.ts',
        'reference/src/cli.test.ts',
        'reference/src/cli.flags.test.ts',
        'reference/src/cli.output.test.ts',
        'reference/src/secrets.http.test.ts',
        'reference/src/workers.test.ts',
        // Last: it starts a server of 20,000 subscribers.
        'reference/src/slices.http.test.ts',
      ],
      why:
        "the server's timeouts and its answers where node:http would answer without the error body, the command line's flags, refusals, " +
        'banner, warnings and shutdown, and that secrets come from the OS and not the seed are no rule of the suite; ' +
        "createReference's options, reset, base URL, read cache and close, and the state's wiring (fixtures, effects across areas, a " +
        'snapshot restored) are judged by their own tests in seconds, where the suite takes minutes; which entry a worker runs (the ' +
        "built JavaScript's) no request from the sources can see; a request answering only once the loops it started have ended shows only " +
        'with a newsletter to more subscribers than one slice of the event loop queues, which the fixtures never have (slices.http.test.ts)',
    },
  },
];
