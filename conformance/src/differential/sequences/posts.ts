/**
 * The post life cycle as request steps: the operations of the suite's post
 * life-cycle model (suites/posts/model) with its edge values (schedule
 * offsets around the 30-day window, clock steps up to past it), sent to both
 * sides instead of checked against the model.
 */
import fc from 'fast-check';
import { DAY_MS, SCHEDULE_MAX_MS } from '../../../../schemas/posts.js';
import { get, send, type HttpStep, type Step } from '../steps.js';
import type { SequenceScope } from './scope.js';

const HOUR_MS = 3_600_000;
/** scheduledAt - now: past, now, inside the window, its last millisecond, just past it, far past it. */
const scheduleOffset = fc.constantFrom(-HOUR_MS, 0, HOUR_MS, DAY_MS, 29 * DAY_MS, SCHEDULE_MAX_MS, SCHEDULE_MAX_MS + 1, 40 * DAY_MS);
const clockStep = fc.constantFrom(60_000, HOUR_MS, DAY_MS, 10 * DAY_MS, 31 * DAY_MS);
const index = fc.nat({ max: 20 });
const post = (i: number) => ['/v1/posts/', { ref: 'post' as const, index: i }];

const CREATE_RULES = ['posts.create.default-published', 'posts.create.draft', 'posts.create.scheduled', 'posts.create.scheduled-not-with-draft', 'posts.schedule.max-30-days', 'posts.schedule.future-only'];
const STATUS_RULES = ['posts.status.draft-to-published', 'posts.status.unpublish', 'posts.status.unpublish-keeps-published-at', 'posts.status.live-edit'];
const SCHEDULE_RULES = ['posts.schedule.draft-to-scheduled', 'posts.schedule.max-30-days', 'posts.schedule.future-only', 'posts.schedule.never-published-only', 'posts.schedule.reschedule-cancel-first'];

function create(title: string, kind: 'draft' | 'published' | 'scheduled' | 'scheduled-draft', offsetMs: number): HttpStep {
  const body: Record<string, unknown> = { title, markdown: 'A post of the differential run.' };
  if (kind === 'draft' || kind === 'scheduled-draft') body.status = 'draft';
  if (kind === 'scheduled' || kind === 'scheduled-draft') body.scheduledAt = { ref: 'time', offsetMs };
  return send('POST', ['/v1/posts'], body, { creates: 'post', rules: CREATE_RULES });
}

/** One step of the post life cycle; `title` carries the run id so a live target's posts are recognisably the run's. */
export function postLifeCycleStep(scope: SequenceScope, title: string): fc.Arbitrary<Step> {
  const kinds = scope.publishes ? (['draft', 'published', 'scheduled', 'scheduled-draft'] as const) : (['draft'] as const);
  const steps: fc.Arbitrary<Step>[] = [
    // Creates come three times as often as any other step, so that later steps find posts to act on.
    ...Array.from({ length: 3 }, () => fc.tuple(fc.constantFrom(...kinds), scheduleOffset).map(([kind, offset]) => create(title, kind, offset))),
    index.map((i) => get(post(i), { rules: ['posts.get.by-id', 'posts.status.archive-from-any'] })),
    index.map((i) => get(post(i), { query: { includeContent: 'true' }, rules: ['posts.get.include-content'] })),
    fc.constantFrom('published', 'draft', 'scheduled', 'archived').map((status) =>
      get(['/v1/posts'], { query: { status, limit: '100' }, rules: ['posts.list.status-filter'], unordered: true }),
    ),
    index.map((i) => send('PUT', post(i), { status: 'archived' }, { rules: ['posts.status.archive-from-any'] })),
    index.map((i) => send('PUT', post(i), { title: `${title} renamed` }, { rules: ['posts.update.omitted-unchanged'] })),
  ];
  if (scope.publishes) {
    steps.push(
      fc.tuple(index, fc.constantFrom('published', 'draft')).map(([i, status]) => send('PUT', post(i), { status }, { rules: STATUS_RULES })),
      fc.tuple(index, scheduleOffset).map(([i, offsetMs]) => send('PUT', post(i), { scheduledAt: { ref: 'time', offsetMs } }, { rules: SCHEDULE_RULES })),
      index.map((i) => send('PUT', post(i), { scheduledAt: null }, { rules: ['posts.schedule.cancel-null', 'posts.schedule.cancel-by-status'] })),
      index.map((i) =>
        get(['/v1/publications/slug/', { ref: 'publication-slug', which: 'a' }, '/posts/slug/', { ref: 'post-slug', index: i }], {
          as: 'none',
          rules: ['publications.post-by-slugs.get', 'publications.posts.published-only'],
        }),
      ),
      index.map((i) =>
        get(['/v1/publications/', { ref: 'publication', which: 'a' }, '/posts/slug/', { ref: 'post-slug', index: i }], {
          as: 'none',
          rules: ['publications.post-by-slug.get', 'publications.posts.published-only'],
        }),
      ),
    );
  }
  if (scope.clock) steps.push(clockStep.map((advanceMs): Step => ({ kind: 'clock', advanceMs })));
  return fc.oneof(...steps);
}
