/** Read-only SQL analytics, cut in five: the guard, the database's schema and values, the mirror of the stores, the engine and its routes, the external-PostgreSQL engine. */
import type { Area } from './area.js';

const ENGINE = 'reference/src/analytics/engine';

export const analyticsAreas: readonly Area[] = [
  {
    name: 'analytics-guard',
    mutate: [`${ENGINE}/guard/*.ts`],
    filter: ['analytics.query'],
    unitTests: {
      files: [`${ENGINE}/guard/sql-guard.test.ts`, `${ENGINE}/guard/allowed-functions.test.ts`, `${ENGINE}/guard/clock-forms.test.ts`],
      why:
        'the guard refuses every statement but one read-only query, and each function off its allow-list; ' +
        "the suite sends a sample of the register's refusals, the guard's own test one of each form; " +
        'the suite calls a few allowed functions, the allow-list\'s test every one (the register points at the list); ' +
        "the clock rewrite's checks of a form that does not fit the text are reached only by hand-made forms, never by a parsed query",
    },
  },
  {
    name: 'analytics-schema',
    mutate: [`${ENGINE}/schema/*.ts`, `${ENGINE}/db/*.ts`, `${ENGINE}/values/*.ts`, `${ENGINE}/rows/*.ts`, `${ENGINE}/relations.ts`, `${ENGINE}/serial.ts`],
    filter: ['analytics.'],
    unitTests: {
      // Those that need no database first (the unit pass runs them in this order).
      files: [
        `${ENGINE}/rows/validate.test.ts`,
        `${ENGINE}/db/mirror-sql.test.ts`,
        `${ENGINE}/schema/ddl.test.ts`,
        `${ENGINE}/schema/tables.test.ts`,
        `${ENGINE}/relations.test.ts`,
        `${ENGINE}/serial.test.ts`,
        `${ENGINE}/values/to-json.test.ts`,
        `${ENGINE}/db/scoped-query.test.ts`,
        `${ENGINE}/db/privileges.test.ts`,
        `${ENGINE}/db/database.test.ts`,
        `${ENGINE}/pglite/engine.test.ts`,
      ],
      why:
        "what a publication's role may not do (write, read another's rows, reach the catalogue) is tried by the privileges test, " +
        "beyond the suite's refusals; PostgreSQL types the fixtures' columns do not hold have their JSON form tested on values; " +
        "the engine contract (pglite/engine.test.ts) checks rows fed in batches, keys and refills, which no request shows apart; " +
        "a query's session settings, fetch batches and byte cap, the mirror's statement batching, ANALYZE and rollback, " +
        'the checks on fed rows (a programming error of the feeding area) and the task queue under a failure never show in a small fixture\'s answer; ' +
        'database.test.ts reads the schema listing and applied changes in this process, where the engine tests run the database in a worker thread; ' +
        "the tables' types and nullability against the fixtures' rows, and the install scripts' syntax, are checked without a database (tables.test.ts, ddl.test.ts), " +
        'where each database test starts one'
    },
  },
  {
    name: 'analytics-mirror',
    mutate: ['reference/src/analytics/mirror/*.ts', 'reference/src/analytics/feed.ts'],
    filter: ['analytics.'],
    unitTests: {
      files: [
        'reference/src/analytics/mirror/mirror.test.ts',
        'reference/src/analytics/mirror/row-set.test.ts',
        'reference/src/analytics/mirror/history.test.ts',
        'reference/src/analytics/mirror/subscribers.test.ts',
        'reference/src/analytics/mirror/newsletters.test.ts',
        'reference/src/analytics/feed.test.ts',
      ],
      why:
        "the fixtures' history (moderate, the same for a seed) and its rows for deleted posts and unsubscribes are read by the suite only through queries of its own; " +
        'how changes are batched, and dropped by a reset or handed to a refill, shows only in the order of a failed or racing apply; ' +
        "the mirror's own row sets (their indexes, a delete's key) show only as whole tables, where a stale index agrees with itself; " +
        "what the state hands the fixture history (which subscribers, links and suppression times) is the same on both sides of the mirror's own comparison, as is a stray row in every snapshot of a table; " +
        'a row re-sent unchanged by an unsubscribe changes nothing a query reads; of newsletters received at one instant, the one an unsubscribe marks must not hang on the order the rows came in, ' +
        'which a query shows only after a reload, and a history send marked sent (the fixtures write only delivered and bounced) only in a history made by hand',
    },
  },
  {
    name: 'analytics-engine',
    mutate: [
      `${ENGINE}/pglite/*.ts`,
      `${ENGINE}/fair-turns.ts`,
      `${ENGINE}/query-clock.ts`,
      `${ENGINE}/query-errors.ts`,
      `${ENGINE}/index.ts`,
      `${ENGINE}/types.ts`,
      `${ENGINE}/mirror-types.ts`,
      'reference/src/analytics/service.ts',
      'reference/src/analytics/routes.ts',
      'reference/src/analytics/control-routes.ts',
    ],
    filter: ['analytics.', 'auth.missing-key.401'],
    unitTests: {
      files: [
        'reference/src/analytics/http.test.ts',
        `${ENGINE}/fair-turns.test.ts`,
        `${ENGINE}/query-errors.test.ts`,
        'reference/src/control/guard.http.test.ts',
        `${ENGINE}/pglite/engine-start.fake-worker.test.ts`,
        `${ENGINE}/pglite/engine-query.fake-worker.test.ts`,
        `${ENGINE}/pglite/engine-load.fake-worker.test.ts`,
        `${ENGINE}/pglite/worker-host.fake-worker.test.ts`,
        `${ENGINE}/pglite/runtime.test.ts`,
        `${ENGINE}/pglite/datadir-cache.test.ts`,
        'reference/src/analytics/service.fake-engine.test.ts',
        `${ENGINE}/pglite/worker.fake-pglite.test.ts`,
        `${ENGINE}/pglite/worker-clock.test.ts`,
        `${ENGINE}/pglite/pglite-runner.test.ts`,
        `${ENGINE}/query-clock.test.ts`,
        `${ENGINE}/engine-choice.test.ts`,
        `${ENGINE}/pglite/wasm-module.test.ts`,
        `${ENGINE}/mirror-types.test.ts`,
      ],
      why:
        "a runaway query's time-out, its worker's replacement and the turns between publications show only under a query that runs for seconds, " +
        'which the suite does not send, and the wording of a time limit the suite does not set; analytics turned off or a failed copy are states of the command line, not of a request; ' +
        "the external engine's error mapping runs only against a PostgreSQL server (query-errors.test.ts hands it errors); " +
        "the control routes' auth mode shows only under --control-token (guard.http.test.ts), which the suite's in-process target does not set; " +
        "the embedded engine's orchestration (which workers start and when, the template and its cache, a failed start retried, a worker replaced " +
        'after a time limit, an oversized result or an exit, loads and changes per worker and what copy() then says, close()) shows to a request ' +
        'only as a few answers on a healthy server; the engine.*.fake-worker tests drive it on in-process workers whose failures they choose, ' +
        "and worker-host.fake-worker.test.ts the main thread's side of a worker (replies, refusals, time limit, a thread that fails or exits) on a fake thread; " +
        "the data directory cache's file name, whole-file writes and ignored failures show only as a slower start (datadir-cache.test.ts, on an in-memory file system); " +
        "the service's loads before a query, the second load and the second try, the clock it hands the engine and close() show over HTTP only when " +
        'an engine fails on purpose (service.fake-engine.test.ts drives them on an in-process engine); ' +
        "the PGlite worker's start settings, its failure replies and their order show only inside its thread (worker.fake-pglite.test.ts runs its loop on stand-ins); " +
        "the database clock's reading, the raw-text parsers and a clock's reading for a query show only as the same rows on the fixtures (worker-clock, pglite-runner and query-clock tests); " +
        "which engine is made with which defaults, and the WebAssembly compiled once and again after a failure, show only as an engine that works (engine-choice and wasm-module tests); " +
        "mirror-types.test.ts reads unopenedSend, which the mirror's tests reach but this area's did not",
    },
  },
  {
    name: 'analytics-pg',
    mutate: [`${ENGINE}/pg/*.ts`],
    filter: [],
    unitTests: {
      files: [`${ENGINE}/pg/engine.test.ts`, 'reference/src/analytics/pg-server.test.ts'],
      why:
        'the external-PostgreSQL engine runs only against a PostgreSQL server: run this area with ANALYTICS_TEST_DATABASE_URL set ' +
        '(engine/README.md starts a throwaway one); without it these tests are skipped and every mutant survives',
    },
  },
];
