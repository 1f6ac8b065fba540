/**
 * What a saved state's shape cannot say: each record is the only one of its
 * id (and of the keys a store finds it by), each reference names a record of
 * the state, and no counter would hand out an id again. The reference's own
 * writes keep all three true; a file edited by hand or stitched from two
 * states can break them, and the stores would then hold one record under
 * another's id, answer for an owner they cannot find, or give a new
 * subscriber an id already taken.
 *
 * Some references may name what is gone, because the reference keeps them
 * when their target goes: a content group keeps its seeding post's id (and
 * title) after the post is deleted, and an email keeps the post it came from.
 * Those are not checked.
 */
import type { StateSnapshot } from '../state.js';
import { EMAIL_ID_PREFIX } from '../emails/outbox.js';
import { emailKey, walletKey } from '../subscribers/address.js';
import { SUBSCRIBER_ID_PREFIX } from '../subscribers/store.js';

export interface ReferenceProblem {
  /** Where in the state, as zod gives an issue's path. */
  path: readonly PropertyKey[];
  message: string;
}

type Path = readonly PropertyKey[];
type Report = (problem: ReferenceProblem) => void;

/** The first problem found, or null. */
export function referenceProblem(s: StateSnapshot): ReferenceProblem | null {
  let found: ReferenceProblem | null = null;
  const report: Report = (problem) => (found ??= problem);
  const unique = <T>(path: Path, records: readonly T[], field: string, keyOf: (record: T) => string | null) => uniqueKeys(report, path, records, field, keyOf);
  const names = (path: Path, id: string, known: ReadonlySet<string>, what: string) => {
    if (!known.has(id)) report({ path, message: `names no ${what} (${JSON.stringify(id.slice(0, 64))})` });
  };
  const counted = (path: Path, records: readonly { id: string }[], prefix: string, seq: number, seqPath: Path) => countedIds(report, path, records, prefix, seq, seqPath);

  const publications = unique(['publications'], s.publications, 'id', (p) => p.id);
  const users = unique(['users'], s.users, 'id', (u) => u.id);
  const posts = unique(['posts'], s.posts, 'id', (p) => p.id);
  const keys = unique(['keys'], s.keys, 'key', (k) => k.key);
  const content = unique(['content'], s.content, 'id', (c) => c.id);
  const buckets = unique(['buckets'], s.buckets, 'id', (b) => b.id);
  unique(['authSessions'], s.authSessions, 'id', (a) => a.id);
  unique(['suggestions'], s.suggestions, 'id', (x) => x.id);
  unique(['subscribers', 'records'], s.subscribers.records, 'id', (x) => x.id);
  unique(['emails', 'outbox', 'items'], s.emails.outbox.items, 'id', (x) => x.id);
  unique(['emails', 'tokens', 'issued'], s.emails.tokens.issued, 'token', (x) => x.token);
  // The keys the stores find records by besides their ids.
  unique(['publications'], s.publications, 'slug', (p) => p.slug.toLowerCase());
  unique(['posts'], s.posts, 'slug', (p) => `${p.publicationId}\n${p.slug.toLowerCase()}`);
  unique(['subscribers', 'records'], s.subscribers.records, 'email', (x) => x.email === null ? null : `${x.publicationId}\n${emailKey(x.email)}`);
  unique(['subscribers', 'records'], s.subscribers.records, 'wallet', (x) => x.wallet === null ? null : `${x.publicationId}\n${walletKey(x.wallet)}`);

  counted(['subscribers', 'records'], s.subscribers.records, SUBSCRIBER_ID_PREFIX, s.subscribers.seq, ['subscribers', 'seq']);
  counted(['emails', 'outbox', 'items'], s.emails.outbox.items, EMAIL_ID_PREFIX, s.emails.outbox.seq, ['emails', 'outbox', 'seq']);

  const publication = (path: Path, id: string) => names(path, id, publications, 'publication of the state');
  const publicationOfPost = new Map(s.posts.map((p) => [p.id, p.publicationId]));
  const segments = new Map(s.publications.map((p) => [p.id, new Set(p.communities.map((c) => c.id))]));
  for (const [i, p] of s.publications.entries()) {
    names(['publications', i, 'ownerUserId'], p.ownerUserId, users, 'user of the state');
    for (const [j, m] of p.team.entries()) names(['publications', i, 'team', j, 'userId'], m.userId, users, 'user of the state');
    unique(['publications', i, 'communities'], p.communities, 'id', (c) => c.id);
  }
  for (const [i, k] of s.keys.entries()) publication(['keys', i, 'publicationId'], k.publicationId);
  for (const [i, u] of s.users.entries()) publication(['users', i, 'publicationId'], u.publicationId);
  for (const [i, p] of s.posts.entries()) {
    const path = ['posts', i];
    publication([...path, 'publicationId'], p.publicationId);
    for (const [j, id] of p.authorIds.entries()) names([...path, 'authorIds', j], id, users, 'user of the state');
    if (p.communityId !== undefined) names([...path, 'communityId'], p.communityId, segments.get(p.publicationId) ?? new Set(), "segment of the post's publication");
  }
  // After the posts' own publications: a pin names a post of its publication (posts/lists.ts counts the pins as its own).
  // A featured post may name a post deleted since (a delete leaves the setting), never another publication's.
  for (const [i, p] of s.publications.entries()) {
    const featuredOwner = p.featuredPost === undefined ? undefined : publicationOfPost.get(p.featuredPost);
    if (featuredOwner !== undefined && featuredOwner !== p.id) report({ path: ['publications', i, 'featuredPost'], message: `names a post of another publication (${JSON.stringify(p.featuredPost)})` });
    for (const [j, id] of p.pinnedPostIds.entries()) {
      names(['publications', i, 'pinnedPostIds', j], id, posts, 'post of the state');
      const owner = publicationOfPost.get(id);
      if (owner !== undefined && owner !== p.id) report({ path: ['publications', i, 'pinnedPostIds', j], message: `names a post of another publication (${JSON.stringify(id)})` });
    }
  }
  for (const [i, a] of s.authSessions.entries()) {
    if (a.publicationId !== null) publication(['authSessions', i, 'publicationId'], a.publicationId);
    if (a.apiKey !== null) names(['authSessions', i, 'apiKey'], a.apiKey, keys, 'API key of the state');
  }
  for (const [i, c] of s.content.entries()) {
    publication(['content', i, 'publicationId'], c.publicationId);
    if (c.bucketId !== null) names(['content', i, 'bucketId'], c.bucketId, buckets, 'content group of the state');
  }
  for (const [i, b] of s.buckets.entries()) {
    publication(['buckets', i, 'publicationId'], b.publicationId);
    for (const [j, m] of b.members.entries()) names(['buckets', i, 'members', j, 'contentId'], m.contentId, content, 'content of the state');
  }
  for (const [i, x] of s.suggestions.entries()) {
    publication(['suggestions', i, 'publicationId'], x.publicationId);
    names(['suggestions', i, 'contentId'], x.contentId, content, 'content of the state');
  }
  for (const [i, x] of s.subscribers.records.entries()) publication(['subscribers', 'records', i, 'publicationId'], x.publicationId);
  for (const [i, x] of s.suppressions.entries()) publication(['suppressions', i, 'publicationId'], x.publicationId);
  for (const [i, x] of s.emails.outbox.items.entries()) publication(['emails', 'outbox', 'items', i, 'publicationId'], x.publicationId);
  for (const [i, x] of s.emails.tokens.issued.entries()) publication(['emails', 'tokens', 'issued', i, 'publicationId'], x.publicationId);
  return found;
}

/** Reports records whose key (null: none) repeats an earlier one's; returns the keys. */
function uniqueKeys<T>(report: Report, path: Path, records: readonly T[], field: string, keyOf: (record: T) => string | null): Set<string> {
  const first = new Map<string, number>();
  for (const [i, record] of records.entries()) {
    const key = keyOf(record);
    if (key === null) continue;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i);
    else report({ path: [...path, i, field], message: `repeats the ${field} of state.${pathText(path)}[${earlier}]` });
  }
  return new Set(first.keys());
}

/** Ids handed out by a counter (`sub_00000042`) must not be above it, or the next one would repeat. */
function countedIds(report: Report, path: Path, records: readonly { id: string }[], prefix: string, seq: number, seqPath: Path): void {
  for (const [i, record] of records.entries()) {
    const n = record.id.startsWith(prefix) ? Number(record.id.slice(prefix.length)) : NaN;
    if (n > seq) report({ path: [...path, i, 'id'], message: `is beyond state.${pathText(seqPath)} (${seq}), which would hand it out again` });
  }
}

function pathText(path: Path): string {
  return path.map(String).join('.');
}
