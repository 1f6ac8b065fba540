/**
 * What field arbitraries need to know about the target: who may be named as
 * an author, which subscriber segments exist, and a source of fresh slugs.
 * Gathered once per test from the discovered publications (the control API
 * of the reference lists teams and segments; other targets may not, and the
 * tests that need them then skip, saying so).
 */
import type { RuleContext } from '../../../src/authoring/index.js';
import { markedTitle } from '../support/titles.js';

export interface FieldEnv {
  runId: string;
  /** A slug of exactly `length` characters (>= 24) that no other post has: the run id and a counter. */
  freshSlug(length: number): string;
  /** A valid title (run id first). */
  title(label: string): string;
  /** The owner and active team members of A: valid authorIds. Empty when unknown. */
  members: readonly string[];
  /** Users who are not active members of A (removed members, B's people). */
  outsiders: readonly string[];
  /** A's available segments. Empty when unknown. */
  communities: readonly string[];
  /** Segments that must be refused: A's unavailable ones and B's. */
  foreignCommunities: readonly string[];
}

let slugCounter = 0;

export function fieldEnv(ctx: RuleContext): FieldEnv {
  const a = ctx.target.publications.a;
  const b = ctx.target.publications.b;
  const members = a?.ownerUserId && a.teamMemberIds ? [a.ownerUserId, ...a.teamMemberIds] : [];
  const outsiders = [
    ...(a?.removedMemberIds ?? []),
    ...(b?.ownerUserId ? [b.ownerUserId] : []),
    ...(b?.teamMemberIds ?? []),
  ].filter((id) => !members.includes(id));
  const slugBase = `${ctx.runId}-${(ctx.seed >>> 0).toString(36)}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return {
    runId: ctx.runId,
    freshSlug(length) {
      const unique = `${slugBase}-${(slugCounter++).toString(36)}`;
      const padded = `${unique}-${'s'.repeat(Math.max(0, length))}`;
      return length >= unique.length ? padded.slice(0, length) : unique;
    },
    title: (label) => markedTitle(ctx.runId, label),
    members,
    outsiders: [...new Set(outsiders)],
    communities: a?.communityIds ?? [],
    foreignCommunities: [...(a?.unavailableCommunityIds ?? []), ...(b?.communityIds ?? []), ...(b?.unavailableCommunityIds ?? [])],
  };
}

/** The shortest slug freshSlug can make unique. */
export const MIN_FRESH_SLUG = 48;
