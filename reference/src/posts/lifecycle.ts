/**
 * Carrying out a row of transitions.ts on a post record: status, schedule,
 * publishedAt and the newsletter intent. Pure: the store does the clock and
 * the events from what this returns.
 */
import { badRequest } from '../errors.js';
import type { PostRecord } from './record.js';
import {
  findTransition,
  type FromState,
  type Outcome,
  type ScheduleAsked,
  type StatusAsked,
} from './transitions.js';
import { checkScheduleWindow } from './rules.js';

export interface LifecycleRequest {
  status?: StatusAsked;
  /** undefined: not given (or 0); null: cancel; a number: schedule. */
  scheduledAt?: number | null;
  sendNewsletter?: boolean;
  publishedAt?: number;
}

export type Accepted = Extract<Outcome, { to: string }>;

export function scheduleAsked(from: FromState, scheduledAt: number | null | undefined): ScheduleAsked {
  if (scheduledAt === undefined) return 'none';
  // On create there is no schedule to cancel: null is read as "not given".
  if (scheduledAt === null) return from === 'new' ? 'none' : 'cancel';
  return 'at';
}

/**
 * The outcome for a request, or a 400 explaining the refusal. Also checks
 * what only makes sense once the outcome is known (the scheduling window,
 * publishedAt on a post that will publish at its scheduled time).
 */
export function decide(from: FromState, post: PostRecord | null, request: LifecycleRequest, changesPost: boolean, now: number): Accepted {
  const row = findTransition(from, request.status ?? 'none', scheduleAsked(from, request.scheduledAt), {
    neverPublished: !post || post.publishedAt === null,
    changesPost,
  });
  if ('refuse' in row.then) throw badRequest(row.then.refuse);
  const outcome = row.then;
  if (outcome.schedule === 'set') checkScheduleWindow(request.scheduledAt as number, now);
  if (outcome.to === 'scheduled' && request.publishedAt !== undefined)
    throw badRequest('publishedAt cannot be set on a scheduled post: it is published at scheduledAt');
  return outcome;
}

export interface LifecycleEffects {
  /** Whether status, schedule, publishedAt or the newsletter intent changed. */
  changed: boolean;
  /** The post was published by this request: announce post.published. */
  publishedNow: boolean;
  /** Queue the first publish at post.scheduledAt. */
  queue: boolean;
  /** Drop the queued first publish. */
  unqueue: boolean;
}

/** Apply an accepted outcome to the record (field changes already applied). */
export function applyOutcome(post: PostRecord, outcome: Accepted, request: LifecycleRequest, now: number): LifecycleEffects {
  const before = [post.status, post.scheduledAt, post.publishedAt, post.sendNewsletter].join('|');
  const effects: LifecycleEffects = { changed: false, publishedNow: false, queue: false, unqueue: false };
  if (outcome.schedule === 'cancel') {
    effects.unqueue = true;
    post.scheduledAt = null;
    // Ours: the newsletter intent belonged to the schedule and goes with it.
    post.sendNewsletter = false;
  }
  if (outcome.schedule === 'set') {
    effects.queue = true;
    post.scheduledAt = request.scheduledAt as number;
    post.sendNewsletter = request.sendNewsletter ?? false;
  }
  // Ours: editing a scheduled post keeps its newsletter intent unless sendNewsletter is sent again.
  if (outcome.schedule === 'keep' && request.sendNewsletter !== undefined) post.sendNewsletter = request.sendNewsletter;
  if (outcome.publish === 'now') {
    effects.publishedNow = true;
    // publishedAt is kept across re-publishes; a publishedAt of the request has already been applied.
    post.publishedAt ??= now;
    post.sendNewsletter = request.sendNewsletter ?? false;
  }
  post.status = outcome.to;
  effects.changed = before !== [post.status, post.scheduledAt, post.publishedAt, post.sendNewsletter].join('|');
  return effects;
}
