/**
 * Per operation: the valid request the malformations start from, and what
 * keeps it safe against a live service should the target accept it anyway.
 * A base is chosen so that its success would be harmless: a draft titled with
 * the run id, a dry-run email to example.com, the publication's own current
 * settings written back, a CSV without a single valid row. Fields that keep
 * a request safe (status draft, dryRun) are pinned: no malformation touches
 * them, and sendNewsletter is never touched anywhere.
 */
import type { ApiResponse, RuleContext } from '../../src/authoring/index.js';
import { propertyNames } from './schema-fields.js';
import type { Operation } from './operations.js';
import type { PathIds, RealIds } from './targets.js';

export interface OperationPlan {
  pathIds: PathIds;
  /** The base body (an object for JSON bodies, a string for forms and multipart), made once per test. */
  base?(ctx: RuleContext, real: RealIds, op: Operation): Promise<unknown> | unknown;
  /** Top-level fields no malformation touches. */
  pinned?: readonly string[];
  /** After any 2xx: register what it created for clean-up. */
  onSuccess?(res: ApiResponse, ctx: RuleContext): void;
  /** Before state is read back: undo what a valid request may have done outside run-id-titled objects. */
  settle?(ctx: RuleContext, base: unknown): Promise<void>;
}

/** Fields no malformation ever touches, whatever the operation: setting them could email people. */
export const NEVER_TOUCHED: readonly string[] = ['sendNewsletter'];

export const MULTIPART_BOUNDARY = 'robustness-boundary-7c1f';

const idOf = (res: ApiResponse): string | undefined => {
  const id = (res.body as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
};

const PLANS: Record<string, OperationPlan> = {
  // A write on A itself: the base is A's current settings, so even an accepted request changes nothing.
  'PATCH /v1/publications/{publicationId}': {
    pathIds: 'real',
    async base({ api }, real, op) {
      const res = await api.get(`/v1/publications/${encodeURIComponent(real.publicationId)}`);
      const current = (res.body ?? {}) as Record<string, unknown>;
      const patchable = op.body ? propertyNames(op.body.schema) : new Set<string>();
      return Object.fromEntries(Object.entries(current).filter(([key, value]) => patchable.has(key) && value !== null));
    },
  },
  'POST /v1/posts': {
    pathIds: 'real',
    base: ({ names }) => ({ title: names.title('robustness'), markdown: 'Written by the robustness suite.', status: 'draft' }),
    pinned: ['status', 'scheduledAt'],
    onSuccess(res, { created }) {
      const id = idOf(res);
      if (id) created.post(id);
    },
  },
  'PUT /v1/posts/{postId}': {
    pathIds: 'own',
    base: ({ names }) => ({ title: names.title('robustness edit'), markdown: 'Edited by the robustness suite.' }),
    pinned: ['status', 'scheduledAt'],
  },
  'DELETE /v1/posts/{postId}': { pathIds: 'own' },
  'POST /v1/posts/{postId}/bucket': { pathIds: 'own', base: () => ({}) },
  // Sends a test email to the owner: only ids that cannot exist.
  'POST /v1/posts/{postId}/test-email': { pathIds: 'garbage', base: () => ({}) },
  'POST /v1/content': {
    pathIds: 'real',
    base: ({ names }) => ({ kind: 'tweet', title: names.title('robustness'), body: { text: 'Written by the robustness suite.' } }),
    onSuccess(res, { created }) {
      const id = idOf(res);
      if (id) created.content(id);
    },
  },
  'PATCH /v1/content/{contentId}': { pathIds: 'own', base: ({ names }) => ({ title: names.title('robustness rename') }) },
  'POST /v1/content/{contentId}/archive': { pathIds: 'own', base: () => ({}) },
  'POST /v1/content/{contentId}/restore': { pathIds: 'own', base: () => ({}) },
  'POST /v1/subscribers': {
    pathIds: 'real',
    base: ({ names }) => ({ email: names.email('robustness') }),
    async settle({ api }, base) {
      // An accepted variant added the run's example.com address; the subscriber count must read back the same.
      await api.delete('/v1/subscribers', { email: (base as { email: string }).email });
    },
  },
  'DELETE /v1/subscribers': { pathIds: 'real', base: ({ names }) => ({ email: names.email('robustness-absent') }) },
  // No row of this CSV has a valid email or wallet: even an accepted import adds nobody.
  'POST /v1/subscribers/import': {
    pathIds: 'real',
    base: () =>
      [
        `--${MULTIPART_BOUNDARY}`,
        'Content-Disposition: form-data; name="file"; filename="robustness.csv"',
        'Content-Type: text/csv',
        '',
        'email,wallet_address',
        'not-an-address,not-a-wallet',
        `--${MULTIPART_BOUNDARY}--`,
        '',
      ].join('\r\n'),
  },
  'POST /v1/emails/send': {
    pathIds: 'real',
    base: ({ names }) => ({ subject: names.title('robustness'), body: 'Never sent: a dry run.', emails: [names.email('robustness')], dryRun: true }),
    pinned: ['dryRun'],
  },
  'POST /v1/analytics/query': {
    pathIds: 'real',
    async base({ api }) {
      const base = { sql: 'SELECT 1 AS one' };
      // The query engine may still be starting (an embedded database takes seconds on a loaded machine): the
      // deadline is for answering malformed requests, not for that start, so one valid query waits for it first.
      await api.post('/v1/analytics/query', base);
      return base;
    },
  },
  'POST /v1/api/auth/sessions': {
    pathIds: 'real',
    base: ({ names }) => ({ deviceName: names.title('robustness', 100), callbackUrl: 'https://example.com/robustness-callback' }),
  },
  'DELETE /v1/api/auth/sessions/{sessionId}': { pathIds: 'own' },
  'GET /v1/api/auth/sessions/{sessionId}': { pathIds: 'own' },
  'GET /auth/sessions/{sessionId}': { pathIds: 'own' },
  // The approval form: without the page's CSRF token nothing can be decided.
  'POST /auth/sessions/{sessionId}': { pathIds: 'own', base: () => 'decision=deny&csrf_token=robustness' },
  // One-click unsubscribe: real tokens would unsubscribe a reader, so only garbage.
  'POST /unsubscribe/{token}': { pathIds: 'garbage', base: () => 'List-Unsubscribe=One-Click' },
  // The site's subscribe form: without the page's CSRF token nobody is added.
  'POST /@{slug}/subscribe': { pathIds: 'garbage', base: () => 'email=robustness%40example.com&csrf_token=robustness' },
};

/**
 * The plan of an operation. Operations without one (added to the contract
 * later) are fuzzed with real ids when they only read, and with garbage ids
 * and an empty base body otherwise, which cannot do anything.
 */
export function planFor(op: Operation): OperationPlan {
  const known = PLANS[op.key];
  if (known) return known;
  if (op.method === 'GET') return { pathIds: 'real' };
  const formLike = op.body !== undefined && !op.body.contentType.includes('json');
  return { pathIds: op.pathParams.length > 0 ? 'garbage' : 'real', base: () => (formLike ? '' : {}) };
}
