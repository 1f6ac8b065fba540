/** Equivalent mutants of reference/src/auth-sessions/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';
import { NONE_IS_OPTIONAL_ON_V1 } from './reasons.js';

const DISCARD_FALLS_TO_404 =
  "DELETE of a session that is unknown or expired falls through to the method's last line, the same 404 with the error body; only the message's wording differs (msg wording is free)";

const VERB_IS_WORDING = "the 409 still answers the error body, saying the session's state; the verb is wording (msg wording is free)";

const DEMO_COMES_FIRST =
  "the fixtures of every seed create publication demo first (fixtures/index.ts) and no request creates or deletes a publication: the first publication is demo";

const DEMO_EXISTS = 'every fixture set, --empty too, has publication demo, and no request deletes a publication: the fallback for a target without it is never reached';

const NOT_AN_OBJECT_IS_REFUSED_ANYWAY =
  'AuthSessionCreate is a zod object: it refuses null, an array or a string with the same 400 and error body, and changes nothing; the check only words the message (msg wording is free)';

/** The create route's check of its body (auth-sessions/routes.ts). */
const CREATE_BODY_CHECK = "if (body === null || typeof body !== 'object' || Array.isArray(body))";

const OWNERS_EXIST = "every publication's owner is a user, and users are never deleted: the owner's name is always found";

const APPROVED_PUBLICATION_EXISTS = 'a session is approved only for a publication that exists, and no request deletes a publication: its name is always found';

const PAGE_CHECKS_PENDING_FIRST =
  "unreachable: the line before answers 409 for a session that is no longer pending, and nothing runs between that check and the decision, so the store has nothing to refuse (the session is pending, the publication listed)";

/** The approval page's default publication (auth-sessions/page-routes.ts). */
const PAGE_DEFAULT_PUBLICATION = "return state.publications.all().find((p) => p.slug === 'demo')?.id ?? state.publications.all()[0]?.id;";

/** The approval page's refusal of a decision the store turns down (auth-sessions/page-routes.ts). */
const PAGE_STORE_REFUSAL = 'if (err instanceof ApiError && err.status === 409) return outcomePage(state, record, 409);';

export const authSessions: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/auth-sessions/store.ts', code: 'if (!record) throw unknownSession(id);', original: '!record', mutator: 'ConditionalExpression', replacement: 'false',
    why: `${DISCARD_FALLS_TO_404} (the same message too: without a record the status is undefined, neither expired, pending nor completed). The identical line of requirePending is killed: there statusOf reads the missing record`,
  },
  {
    file: 'reference/src/auth-sessions/store.ts', code: "if (status === 'expired') throw notFound(`auth session ${id} has expired`);", original: "status === 'expired'", mutator: 'ConditionalExpression',
    replacement: 'false', why: DISCARD_FALLS_TO_404,
  },
  {
    file: 'reference/src/auth-sessions/store.ts', code: "if (status === 'expired') throw notFound(`auth session ${id} has expired`);", original: "'expired'", mutator: 'StringLiteral',
    replacement: '""', why: DISCARD_FALLS_TO_404,
  },
  {
    file: 'reference/src/auth-sessions/store.ts', code: "const record = this.requirePending(id, 'approved', now);", original: "'approved'", mutator: 'StringLiteral', replacement: '""', why: VERB_IS_WORDING,
  },
  {
    file: 'reference/src/auth-sessions/store.ts', code: "const record = this.requirePending(id, 'denied', now);", original: "'denied'", mutator: 'StringLiteral', replacement: '""', why: VERB_IS_WORDING,
  },
  { file: 'reference/src/auth-sessions/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  ...(
    [
      ['body === null || typeof body !== \'object\' || Array.isArray(body)', 'ConditionalExpression', 'false'],
      ['body === null || typeof body !== \'object\' || Array.isArray(body)', 'LogicalOperator', "(body === null || typeof body !== 'object') && Array.isArray(body)"],
      ["body === null || typeof body !== 'object'", 'ConditionalExpression', 'false'],
      ["body === null || typeof body !== 'object'", 'LogicalOperator', "body === null && typeof body !== 'object'"],
      ['body === null', 'ConditionalExpression', 'false'],
      ["typeof body !== 'object'", 'ConditionalExpression', 'false'],
    ] as const
  ).map(([original, mutator, replacement]) => ({
    file: 'reference/src/auth-sessions/routes.ts', code: CREATE_BODY_CHECK, original, mutator, replacement, why: NOT_AN_OBJECT_IS_REFUSED_ANYWAY,
  })),
  {
    file: 'reference/src/auth-sessions/control-routes.ts', code: "const demo = state.publications.all().find((p) => p.slug === 'demo');", original: "p.slug === 'demo'", mutator: 'ConditionalExpression',
    replacement: 'true', why: DEMO_COMES_FIRST,
  },
  {
    file: 'reference/src/auth-sessions/control-routes.ts', code: "if (!demo) throw notFound('there is no demo publication: give publicationId');", original: '!demo', mutator: 'ConditionalExpression',
    replacement: 'false', why: DEMO_EXISTS,
  },
  {
    file: 'reference/src/auth-sessions/control-routes.ts', code: "if (!demo) throw notFound('there is no demo publication: give publicationId');", original: "'there is no demo publication: give publicationId'",
    mutator: 'StringLiteral', replacement: '""', why: DEMO_EXISTS,
  },
  {
    file: 'reference/src/auth-sessions/html.ts', code: "`form-action 'self'${formTargets.map((t) => ` ${t}`).join('')}`,", original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"',
    why: 'the pages pass at most one form target (the callback\'s origin): a separator between targets is never written',
  },
  {
    file: 'reference/src/auth-sessions/urls.ts', code: '} catch {', original: '{ … } #b378154f', mutator: 'BlockStatement', replacement: '{}',
    why: "a parameter name that does not decode is never 'session' (which decodes): undefined or the raw name, the pair is kept either way",
  },
  {
    file: 'reference/src/auth-sessions/page-routes.ts', code: "ownerName: state.users.get(p.ownerUserId)?.name ?? 'unknown',", original: 'state.users.get(p.ownerUserId)?.name', mutator: 'OptionalChaining',
    replacement: 'state.users.get(p.ownerUserId).name', why: OWNERS_EXIST,
  },
  { file: 'reference/src/auth-sessions/page-routes.ts', code: "ownerName: state.users.get(p.ownerUserId)?.name ?? 'unknown',", original: "'unknown'", mutator: 'StringLiteral', replacement: '""', why: OWNERS_EXIST },
  {
    file: 'reference/src/auth-sessions/page-routes.ts', code: "if (state.authSessions.statusOf(record) !== 'pending') return outcomePage(state, record, 409);", original: "state.authSessions.statusOf(record) !== 'pending'",
    mutator: 'ConditionalExpression', replacement: 'false',
    why: 'without the check, the store refuses to decide a session that is no longer pending with a 409, which the catch below answers with the same page and status',
  },
  { file: 'reference/src/auth-sessions/page-routes.ts', code: '} catch (err) {', original: '{ … } #604c746f', mutator: 'BlockStatement', replacement: '{}', why: PAGE_CHECKS_PENDING_FIRST },
  ...(
    [
      ['err instanceof ApiError && err.status === 409', 'ConditionalExpression', 'true'],
      ['err instanceof ApiError && err.status === 409', 'ConditionalExpression', 'false'],
      ['err instanceof ApiError && err.status === 409', 'LogicalOperator', 'err instanceof ApiError || err.status === 409'],
      ['err.status === 409', 'ConditionalExpression', 'true'],
      ['err.status === 409', 'EqualityOperator', 'err.status !== 409'],
    ] as const
  ).map(([original, mutator, replacement]) => ({ file: 'reference/src/auth-sessions/page-routes.ts', code: PAGE_STORE_REFUSAL, original, mutator, replacement, why: PAGE_CHECKS_PENDING_FIRST })),
  {
    file: 'reference/src/auth-sessions/page-routes.ts', code: "return page(status, pages.approvedPage(device, state.publications.get(record.publicationId!)?.name ?? 'your publication'));",
    original: 'state.publications.get(record.publicationId!)?.name', mutator: 'OptionalChaining', replacement: 'state.publications.get(record.publicationId!).name',
    why: APPROVED_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/auth-sessions/page-routes.ts', code: "return page(status, pages.approvedPage(device, state.publications.get(record.publicationId!)?.name ?? 'your publication'));",
    original: "'your publication'", mutator: 'StringLiteral', replacement: '""', why: APPROVED_PUBLICATION_EXISTS,
  },
  ...(
    [
      [
        "state.publications.all().find((p) => p.slug === 'demo')?.id ?? state.publications.all()[0]?.id",
        'LogicalOperator',
        "state.publications.all().find(p => p.slug === 'demo')?.id && state.publications.all()[0]?.id",
      ],
      ["state.publications.all().find((p) => p.slug === 'demo')?.id", 'OptionalChaining', "state.publications.all().find(p => p.slug === 'demo').id"],
      ["(p) => p.slug === 'demo'", 'ArrowFunction', '() => undefined'],
      ["p.slug === 'demo'", 'ConditionalExpression', 'true'],
      ["p.slug === 'demo'", 'ConditionalExpression', 'false'],
      ["'demo'", 'StringLiteral', '""'],
      ['state.publications.all()[0]?.id', 'OptionalChaining', 'state.publications.all()[0].id'],
    ] as const
  ).map(([original, mutator, replacement]) => ({
    file: 'reference/src/auth-sessions/page-routes.ts', code: PAGE_DEFAULT_PUBLICATION, original, mutator, replacement, why: `${DEMO_COMES_FIRST}; ${DEMO_EXISTS}`,
  })),
];
