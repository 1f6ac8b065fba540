/**
 * The post life cycle of SPEC.md ("Post status"), as data: one row per
 * (from-state, status asked, scheduledAt asked, condition). The store looks
 * the request up here and carries out the outcome; nothing else decides a
 * post's status. Rows marked "ours" are the reference's choices where the
 * spec is silent (also listed in the project's register of spec gaps).
 *
 * The first matching row wins, so refusals come before the rows they guard.
 */
import type { PostStatus } from './record.js';

/** Where the post comes from: 'new' for a create. */
export type FromState = 'new' | PostStatus;

/** The `status` of the request ('none' when absent). */
export type StatusAsked = 'none' | 'draft' | 'published' | 'archived';

/** The `scheduledAt` of the request: 'none' when absent or 0, 'cancel' for null, 'at' for a time. */
export type ScheduleAsked = 'none' | 'cancel' | 'at';

/** Facts about the post and the request that some rows depend on. */
export interface TransitionFacts {
  /** The post has never been published (no publishedAt). */
  neverPublished: boolean;
  /** The request changes a field of the post (title, body, cover...), status aside. */
  changesPost: boolean;
}

export type Condition = keyof TransitionFacts | `not ${keyof TransitionFacts}`;

/**
 * What happens. `publish: 'now'` publishes at once (publishedAt kept if the
 * post has one, post.published emitted); `schedule` sets, keeps or cancels the
 * queued first publish.
 */
export type Outcome =
  | { to: PostStatus; publish?: 'now'; schedule?: 'set' | 'keep' | 'cancel' }
  | { refuse: string };

export interface TransitionRow {
  from: readonly FromState[];
  status: readonly StatusAsked[];
  schedule: readonly ScheduleAsked[];
  when?: Condition;
  then: Outcome;
  /** The SPEC.md row this implements, or "ours: ..." for a choice of the reference. */
  why: string;
}

export const MSG = {
  draftWithSchedule: 'scheduledAt cannot be combined with status draft: give one or the other',
  archivedWithSchedule: 'scheduledAt cannot be combined with status archived',
  alreadyScheduled: 'post is already scheduled: cancel the schedule with scheduledAt null first, then schedule again',
  onlyNeverPublishedDraft: 'only a draft that was never published can be scheduled',
} as const;

const EXISTING: readonly FromState[] = ['draft', 'published', 'scheduled', 'archived'];
const ALL: readonly FromState[] = ['new', ...EXISTING];
const NO_SCHEDULE: readonly ScheduleAsked[] = ['none', 'cancel'];

export const POST_TRANSITIONS: readonly TransitionRow[] = [
  // ---- refusals: combinations the spec rules out ------------------------
  { from: ALL, status: ['draft'], schedule: ['at'], then: { refuse: MSG.draftWithSchedule }, why: 'scheduledAt is not combinable with status draft' },
  { from: EXISTING, status: ['archived'], schedule: ['at'], then: { refuse: MSG.archivedWithSchedule }, why: 'scheduledAt is not combinable with status archived' },
  { from: ['scheduled'], status: ['none', 'published'], schedule: ['at'], then: { refuse: MSG.alreadyScheduled }, why: 'to reschedule, cancel first and then schedule again' },
  { from: ['published', 'archived'], status: ['none', 'published'], schedule: ['at'], then: { refuse: MSG.onlyNeverPublishedDraft }, why: 'only a draft (never published, not already scheduled) can be scheduled' },
  { from: ['draft'], status: ['none', 'published'], schedule: ['at'], when: 'not neverPublished', then: { refuse: MSG.onlyNeverPublishedDraft }, why: 'only a draft that was never published can be scheduled' },

  // ---- create -------------------------------------------------------------
  // On create, scheduledAt null is read as omitted ('none') before the lookup.
  { from: ['new'], status: ['none', 'published'], schedule: ['none'], then: { to: 'published', publish: 'now' }, why: 'create post: published by default' },
  { from: ['new'], status: ['draft'], schedule: ['none'], then: { to: 'draft' }, why: 'create post with status draft' },
  { from: ['new'], status: ['none', 'published'], schedule: ['at'], then: { to: 'scheduled', schedule: 'set' }, why: 'create post with scheduledAt (status published too: ours, the intent to publish then)' },

  // ---- draft --------------------------------------------------------------
  { from: ['draft'], status: ['none', 'published'], schedule: ['at'], when: 'neverPublished', then: { to: 'scheduled', schedule: 'set' }, why: 'draft (never published, not scheduled) + scheduledAt; with status published: ours, same' },
  { from: ['draft'], status: ['none', 'draft'], schedule: NO_SCHEDULE, then: { to: 'draft' }, why: 'ours: a draft stays a draft; scheduledAt null on an unscheduled post changes nothing' },
  { from: ['draft'], status: ['published'], schedule: NO_SCHEDULE, then: { to: 'published', publish: 'now' }, why: 'draft + status published' },
  { from: ['draft'], status: ['archived'], schedule: NO_SCHEDULE, then: { to: 'archived' }, why: 'any + status archived' },

  // ---- published ----------------------------------------------------------
  { from: ['published'], status: ['none'], schedule: NO_SCHEDULE, when: 'changesPost', then: { to: 'draft' }, why: 'status published must be sent to keep a live post live: an edit without it unpublishes (publishedAt kept)' },
  { from: ['published'], status: ['none'], schedule: NO_SCHEDULE, when: 'not changesPost', then: { to: 'published' }, why: 'ours: a PUT that changes nothing leaves a live post live' },
  { from: ['published'], status: ['published'], schedule: NO_SCHEDULE, then: { to: 'published' }, why: 'published + status published: editing a live post' },
  { from: ['published'], status: ['draft'], schedule: NO_SCHEDULE, then: { to: 'draft' }, why: 'published + status draft: unpublish, publishedAt kept' },
  { from: ['published'], status: ['archived'], schedule: NO_SCHEDULE, then: { to: 'archived' }, why: 'any + status archived' },

  // ---- scheduled ----------------------------------------------------------
  { from: ['scheduled'], status: ['none', 'draft'], schedule: ['none'], then: { to: 'scheduled', schedule: 'keep' }, why: 'scheduled + status draft and no scheduledAt: schedule kept (no status: ours, same)' },
  { from: ['scheduled'], status: ['none', 'draft'], schedule: ['cancel'], then: { to: 'draft', schedule: 'cancel' }, why: 'scheduled + scheduledAt null: schedule cancelled, back to draft' },
  { from: ['scheduled'], status: ['published'], schedule: NO_SCHEDULE, then: { to: 'published', publish: 'now', schedule: 'cancel' }, why: 'scheduled + status published, no scheduledAt: schedule cancelled, published now' },
  { from: ['scheduled'], status: ['archived'], schedule: NO_SCHEDULE, then: { to: 'archived', schedule: 'cancel' }, why: 'scheduled + status archived, no scheduledAt: schedule cancelled' },

  // ---- archived -----------------------------------------------------------
  { from: ['archived'], status: ['none', 'archived'], schedule: NO_SCHEDULE, then: { to: 'archived' }, why: 'ours: an archived post stays archived when edited' },
  { from: ['archived'], status: ['draft'], schedule: NO_SCHEDULE, then: { to: 'draft' }, why: 'ours: archived -> draft is allowed (restore)' },
  { from: ['archived'], status: ['published'], schedule: NO_SCHEDULE, then: { to: 'published', publish: 'now' }, why: 'ours: archived -> published is allowed (publishedAt kept if it had one)' },
];

/** The row that applies to a request; every combination has one (a unit test walks them all). */
export function findTransition(
  from: FromState,
  status: StatusAsked,
  schedule: ScheduleAsked,
  facts: TransitionFacts,
): TransitionRow {
  const row = POST_TRANSITIONS.find(
    (r) => r.from.includes(from) && r.status.includes(status) && r.schedule.includes(schedule) && holds(r.when, facts),
  );
  if (!row) throw new Error(`no post transition for ${from} + status ${status} + scheduledAt ${schedule}`);
  return row;
}

function holds(condition: Condition | undefined, facts: TransitionFacts): boolean {
  if (!condition) return true;
  if (condition.startsWith('not ')) return !facts[condition.slice(4) as keyof TransitionFacts];
  return facts[condition as keyof TransitionFacts];
}
