/**
 * Checks of post fields that need more than the request: the publication's
 * people and segments, and the clock. Each throws a 400 naming the field.
 */
import { badRequest } from '../errors.js';
import { SCHEDULE_MAX_MS, POST_LIMITS } from '../../../schemas/posts.js';

/** What the rules need to know of the publication, without the whole store. */
export interface PublicationFacts {
  activeMemberIds(publicationId: string): string[];
  community(publicationId: string, communityId: string): { available: boolean } | undefined;
}

/** authorIds: each the owner or an active team member, none twice (ours: a repeat is refused). */
export function checkAuthorIds(publications: PublicationFacts, publicationId: string, ids: readonly string[]): string[] {
  const allowed = new Set(publications.activeMemberIds(publicationId));
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw badRequest(`authorIds[${i}] repeats author "${id}"`);
    seen.add(id);
    if (!allowed.has(id))
      throw badRequest(`authorIds[${i}]: "${id}" is not the owner or an active team member of this publication`);
  });
  return [...ids];
}

/** communityId: an available segment of this publication; never broadened to the general audience. */
export function checkCommunityId(publications: PublicationFacts, publicationId: string, communityId: string): string {
  const community = publications.community(publicationId, communityId);
  if (!community || !community.available)
    throw badRequest(`communityId "${communityId}" is not an available segment of this publication`);
  return communityId;
}

/** scheduledAt: in the future and at most 30 days ahead of now. */
export function checkScheduleWindow(at: number, now: number): void {
  if (at <= now)
    throw badRequest(`scheduledAt must be in the future: ${new Date(at).toISOString()} is not after now (${new Date(now).toISOString()})`);
  if (at > now + SCHEDULE_MAX_MS)
    throw badRequest(
      `scheduledAt must be at most ${POST_LIMITS.scheduleMaxDays} days ahead (no later than ${new Date(now + SCHEDULE_MAX_MS).toISOString()})`,
    );
}

/** publishedAt: a time that has come; a future one is what scheduling is for. */
export function checkPublishedAt(at: number, now: number): number {
  if (at > now) throw badRequest('publishedAt must not be in the future: use scheduledAt to publish later');
  return at;
}
