/** Content pieces (short-form drafts), cut in three: the store with its life cycle, the routes, the body rules. */
import { stateFileTests, type Area } from './area.js';

/** The auth rules judge the routes' auth modes; the isolation rules a piece of another publication. */
const AUTH = ['auth.isolation.', 'auth.missing-key.401', 'auth.invalid-key.401', 'auth.wrong-scheme.401'];

export const contentAreas: readonly Area[] = [
  {
    name: 'content-store',
    mutate: [
      'reference/src/content/store.ts',
      'reference/src/content/transitions.ts',
      'reference/src/content/suggestions.ts',
      'reference/src/content/snapshot-schema.ts',
      'reference/src/content/events.ts',
      'reference/src/content/record.ts',
      'reference/src/content/fixtures.ts',
    ],
    // Pieces join groups (buckets), archiving dismisses the suggestions that propose a piece, and nothing
    // a draft does sends anything (events.drafts). A send queued with `at` starts and delivers by itself when
    // the clock gets there (scheduleSend): only control.clock.runs-due-work moves the clock past one. The list
    // keeps the key's publication's pieces (list): auth.isolation.read looks for another's in it.
    filter: ['content.', 'buckets.', 'errors.409.already-grouped', 'events.drafts', 'control.clock.runs-due-work', 'auth.isolation.read'],
    unitTests: {
      files: [...stateFileTests('content').files, 'reference/src/content/lifecycle.test.ts'],
      why:
        `${stateFileTests('content').why}; ` +
        "the table's why column (the rule each row implements) reaches no answer: its own test checks every row says why",
    },
  },
  {
    name: 'content-routes',
    mutate: [
      'reference/src/content/routes.ts',
      'reference/src/content/control-routes.ts',
      'reference/src/content/request.ts',
      'reference/src/content/view.ts',
      'reference/src/content/list-filter.ts',
      'reference/src/content/wording.ts',
      'reference/src/content/delivery-url.ts',
    ],
    // The control routes queue, start and finish a piece's send, attach media and make suggestions
    // (docs/control-api-content.md): the locked, delivered and archived rules reach pieces through them.
    filter: ['content.', 'pagination.limit.content', ...AUTH],
    unitTests: {
      files: ['reference/src/content/content.http.test.ts'],
      why:
        "that a newsletter's or article's markdown is read in a worker (a slow body holds no other request, also after a restore) shows only in timing, " +
        'which no rule of the suite measures; ' +
        "the control routes' auth mode shows only under --control-token, which the suite's in-process target does not set; " +
        "a send queued with `at` is refused unless `at` is in the future, which no rule of the suite reads (it queues timed sends only in control.clock.runs-due-work, always later than now)",
    },
  },
  {
    name: 'content-body',
    mutate: ['reference/src/content/body-rules.ts', 'reference/src/content/markdown-text.ts', 'reference/src/content/excerpt.ts'],
    filter: ['content.body', 'content.create', 'content.patch', 'content.edit', 'content.shape.excerpt'],
    unitTests: {
      files: [
        'reference/src/content/content.http.test.ts',
        'reference/src/content/excerpt.test.ts',
        'reference/src/content/body-rules.test.ts',
        'reference/src/content/contract-agreement.test.ts',
      ],
      why:
        "that a newsletter's or article's markdown is read in a worker when it is sent or restored, and its excerpt (and an article's links) then taken from that reading " +
        '(a slow body holds no other request), shows only in timing, which no rule of the suite measures; ' +
        "excerpt.test.ts tells it directly, changing a body's text after its reading was noted; " +
        "a refusal's whole wording is the reference's own (the register states only what a message names, which the rules check): body-rules.test.ts pins each message; " +
        "that the body rules accept exactly the bodies the contract's schemas (schemas/content.ts) accept is checked over generated bodies by contract-agreement.test.ts",
    },
  },
];
