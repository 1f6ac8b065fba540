/**
 * The model of the post life cycle: a few fields per post and the status
 * table of SPEC.md ("States and transitions › Post status"), written from
 * the spec alone. It is deliberately much simpler than a server: it knows
 * only what a client can see (status, whether a schedule is pending, and
 * the publishedAt it has read).
 *
 * Where SPEC.md does not say what happens (an archived post updated with
 * status published, a draft "updated" to draft, cancelling a schedule that
 * does not exist), the expectation is "either": the target may accept (and
 * the post then has one of the allowed statuses) or refuse with a 4xx (and
 * nothing changes). Refusals are any 4xx: the 400 of the reference is
 * tested in the reference-choices profile, not here.
 */
export type Status = 'published' | 'draft' | 'scheduled' | 'archived';

export const DAY_MS = 86_400_000;
export const WINDOW_MS = 30 * DAY_MS;

export interface ModelPost {
  id: string;
  slug: string;
  /** The status the target last showed (a kept schedule may show as draft or scheduled). */
  status: Status;
  /** The time of a pending schedule, or null. */
  pendingAt: number | null;
  /** Once published, a post is never "a never-published draft" again. */
  everPublished: boolean;
  /** publishedAt as first read after the first publish; kept forever after (SPEC.md). */
  publishedAt: string | null;
}

export interface PostModel {
  /** The target's clock (frozen during the test, moved only by AdvanceClock). */
  now: number;
  posts: ModelPost[];
}

/** What an update must do. */
export type Expectation =
  | { kind: 'accept'; statuses: Status[]; pendingAt: number | null }
  | { kind: 'refuse' }
  | { kind: 'either'; statuses: Status[]; pendingAt: number | null };

export function inWindow(at: number, now: number): boolean {
  return at > now && at <= now + WINDOW_MS;
}

/** A draft that can be scheduled: never published and no schedule pending. */
export function isSchedulable(post: ModelPost): boolean {
  return post.status === 'draft' && !post.everPublished && post.pendingAt === null;
}

/** PUT {scheduledAt: at} (at > 0). */
export function expectSchedule(post: ModelPost, at: number, now: number): Expectation {
  if (!isSchedulable(post) || !inWindow(at, now)) return { kind: 'refuse' };
  return { kind: 'accept', statuses: ['scheduled'], pendingAt: at };
}

/** PUT {scheduledAt: null}. */
export function expectCancel(post: ModelPost): Expectation {
  // The post was never published (it could be scheduled), so without its schedule it is a draft.
  if (post.pendingAt !== null) return { kind: 'accept', statuses: ['draft'], pendingAt: null };
  return { kind: 'either', statuses: [post.status], pendingAt: null };
}

/** PUT {status} without scheduledAt. */
export function expectStatus(post: ModelPost, status: Exclude<Status, 'scheduled'>): Expectation {
  const scheduled = post.pendingAt !== null;
  if (status === 'archived') return { kind: 'accept', statuses: ['archived'], pendingAt: null };
  if (status === 'published') {
    if (post.status === 'archived') return { kind: 'either', statuses: ['published'], pendingAt: null };
    // draft -> published; published stays published (a live edit); a schedule is cancelled.
    return { kind: 'accept', statuses: ['published'], pendingAt: null };
  }
  // status draft
  if (scheduled) return { kind: 'accept', statuses: ['scheduled', 'draft'], pendingAt: post.pendingAt };
  if (post.status === 'published') return { kind: 'accept', statuses: ['draft'], pendingAt: null };
  return { kind: 'either', statuses: ['draft'], pendingAt: null };
}

/** The clock moved to `now`: every schedule that fell due has published its post. */
export function advanceTo(model: PostModel, now: number): ModelPost[] {
  model.now = now;
  const due = model.posts.filter((p) => p.pendingAt !== null && p.pendingAt <= now);
  for (const post of due) {
    post.status = 'published';
    post.everPublished = true;
    post.pendingAt = null;
  }
  return due;
}

export function describe(post: ModelPost): string {
  const pending = post.pendingAt === null ? '' : `, pending ${post.pendingAt}`;
  return `${post.id} (${post.status}${pending}${post.everPublished ? ', published before' : ''})`;
}
