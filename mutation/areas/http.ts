/** The HTTP layer, cut in three: reading and answering requests; the guards of the pages and the control API; the edge's back-pressure and its one cache. */
import type { Area } from './area.js';

export const httpAreas: readonly Area[] = [
  {
    name: 'http-core',
    mutate: [
      'reference/src/http/router.ts',
      'reference/src/http/validate.ts',
      'reference/src/http/body.ts',
      'reference/src/http/respond.ts',
      'reference/src/http/auth.ts',
      'reference/src/http/context.ts',
      'reference/src/http/url.ts',
      'reference/src/http/types.ts',
    ],
    // Every error answer, the bodies' limits and JSON, the keys, malformed requests, and the query's limits (a parameter given twice read once);
    // the poll's error body with production's message field, an HTML page's headers and a redirect's Location,
    // a page that reads no API key (a stale one sent to an unsubscribe page), and a page's form that is not url-encoded (body.ts's readHtmlForm).
    filter: [
      'errors.',
      'versioning.',
      'auth.',
      'robustness.malformed',
      'pagination.limit.out-of-range-400',
      'pagination.limit.repeated-first-value',
      'control.path',
      'auth-sessions.poll.unknown',
      'auth-sessions.page.headers',
      'auth-sessions.page.callback-redirect',
      'auth-sessions.page.bad-form',
      'emails.unsubscribe.cross-site',
    ],
    unitTests: {
      files: ['reference/src/http/router.test.ts', 'reference/src/http/url.test.ts', 'reference/src/http/body.test.ts'],
      why:
        "a HEAD's answer is the reference's own (no rule states it), and the route table refuses clashing routes when it is built, before any request; " +
        'its list of routes is read only by the OpenAPI coverage test; and the table is checked on paths the suite, written for any server, has no reason to send ' +
        '(an empty segment where a parameter goes, a literal segment that leads only to longer routes where a parameter would match); ' +
        'that a request target is read as the WHATWG URL parser reads it is a property over generated targets, which no fixed request of the suite covers; ' +
        "production's base path (/api/v1, docs/spec-gaps-production.md) is for production's own clients, which the suite, written for any server, is not; " +
        'how a body is read (chunks joined, listeners removed, a refused body drained, the exact nesting limit) shows in an answer only by chance of timing',
    },
  },
  {
    name: 'http-guards',
    mutate: ['reference/src/http/csrf.ts', 'reference/src/http/host-policy.ts'],
    // The control API refuses other origins, foreign Host names and simple writes; the approval form and the
    // unsubscribe page refuse cross-site posts (csrf.ts).
    filter: ['control.browser', 'auth-sessions.page.csrf', 'emails.unsubscribe.cross-site'],
    unitTests: {
      files: [
        'reference/src/http/host-policy.test.ts',
        'reference/src/auth-sessions/page.http.test.ts',
        'reference/src/site/site.http.test.ts',
        'reference/src/site/pages.http.test.ts',
        'reference/src/inspector/inspector.http.test.ts',
      ],
      why:
        "the cross-site checks of the reference's own forms (subscribe, inspector), which no rule reads, and the parts of the host policy " +
        'no request reaches (the listening address, the names taken from --allowed-host and --public-url when the server starts); ' +
        "the cookie's Secure flag on an https base URL (the suite's reference is on http), the reasons a refused form gives and the " +
        "421 answer's wording are the reference's own; a request without Host is not a browser's",
    },
  },
  {
    name: 'http-edge',
    mutate: ['reference/src/http/backpressure.ts', 'reference/src/http/read-cache.ts'],
    // Slow and idle clients hold no one; reads by id answer from the one cache, which a write must empty.
    filter: ['robustness.clients', 'robustness.timeouts', 'posts.get', 'posts.update', 'posts.status'],
    unitTests: {
      files: [
        'reference/src/http/backpressure.test.ts',
        'reference/src/http/backpressure.fake-socket.test.ts',
        'reference/src/http/read-cache.http.test.ts',
      ],
      why:
        'a connection that never reads its answers, and an answer cached across a restore or a clock move, are states the suite does not bring about; ' +
        "requests pipelined on one connection (the suite's client sends one at a time), and the exact bound and timeout at which a connection waits or is closed, " +
        "show only on a socket whose unsent output the test sets (backpressure.fake-socket.test.ts)",
    },
  },
];
