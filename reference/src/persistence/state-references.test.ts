/**
 * Each check of a whole state (state-references.ts) on a state that every
 * area wrote to; broken-records.test.ts shows that a start and a restore
 * refuse what they find.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { StateSnapshot } from '../state.js';
import { startFrozen, writeEverywhere, type Written } from './round-trip.support.test.js';
import { referenceProblem } from './state-references.js';

let saved: string;
let w: Written;

beforeAll(async () => {
  const client = await startFrozen();
  w = await writeEverywhere(client);
  saved = JSON.stringify(client.server.reference.snapshot());
  await client.close();
});

const fresh = (): any => JSON.parse(saved);
const byId = (records: { id: string }[], id: string): any => records.find((r) => r.id === id);
const problemOf = (state: StateSnapshot) => {
  const problem = referenceProblem(state);
  return problem && `${problem.path.join('.')}: ${problem.message}`;
};

type Breakage = [name: string, breakIt: (state: any) => void, problem: RegExp];

const BREAKAGES: Breakage[] = [
  ['two publications with one id', (s) => s.publications.push({ ...s.publications[0], slug: 'elsewhere' }), /^publications\.\d+\.id: repeats the id of state\.publications\[0\]$/],
  ['two publications whose slugs differ only in case', (s) => (s.publications[1].slug = s.publications[0].slug.toUpperCase()), /^publications\.1\.slug: repeats the slug of state\.publications\[0\]$/],
  ['two users with one id', (s) => s.users.push({ ...s.users[0] }), /^users\.\d+\.id: repeats the id of state\.users\[0\]$/],
  ['two posts with one id', (s) => s.posts.push({ ...s.posts[0], slug: 'elsewhere' }), /^posts\.\d+\.id: repeats the id of state\.posts\[0\]$/],
  ['one API key twice', (s) => s.keys.push({ ...s.keys[0] }), /^keys\.\d+\.key: repeats the key of state\.keys\[0\]$/],
  ['two pieces of content with one id', (s) => s.content.push({ ...s.content[0] }), /^content\.\d+\.id: repeats the id of state\.content\[0\]$/],
  ['two content groups with one id', (s) => s.buckets.push({ ...s.buckets[0] }), /^buckets\.\d+\.id: repeats the id of state\.buckets\[0\]$/],
  ['two auth sessions with one id', (s) => s.authSessions.push({ ...s.authSessions[0] }), /^authSessions\.\d+\.id: repeats the id of state\.authSessions\[0\]$/],
  ['two suggestions with one id', (s) => s.suggestions.push({ ...s.suggestions[0] }), /^suggestions\.\d+\.id: repeats the id of state\.suggestions\[0\]$/],
  ['two subscribers with one id', (s) => s.subscribers.records.push({ ...s.subscribers.records[0], email: 'other@example.org', wallet: null }), /^subscribers\.records\.\d+\.id: repeats the id of state\.subscribers\.records\[0\]$/],
  ['two emails with one id', (s) => s.emails.outbox.items.push({ ...s.emails.outbox.items[0] }), /^emails\.outbox\.items\.\d+\.id: repeats the id of state\.emails\.outbox\.items\[0\]$/],
  ['one unsubscribe token twice', (s) => s.emails.tokens.issued.push({ ...s.emails.tokens.issued[0] }), /^emails\.tokens\.issued\.\d+\.token: repeats the token of state\.emails\.tokens\.issued\[0\]$/],
  ['two subscribers of one publication whose addresses differ only in case', (s) => {
    const first = s.subscribers.records.find((r: any) => r.email !== null);
    s.subscribers.records.push({ ...first, id: 'sub_00000000', wallet: null, email: first.email.toUpperCase() });
  }, /^subscribers\.records\.\d+\.email: repeats the email of state\.subscribers\.records\[\d+\]$/],
  ['two subscribers of one publication whose wallets differ only in case', (s) => {
    const first = s.subscribers.records.find((r: any) => r.wallet !== null);
    s.subscribers.records.push({ ...first, id: 'sub_00000000', email: null, wallet: first.wallet.toUpperCase() });
  }, /^subscribers\.records\.\d+\.wallet: repeats the wallet of state\.subscribers\.records\[\d+\]$/],
  ['two segments of a publication with one id', (s) => s.publications[0].communities.push({ ...s.publications[0].communities[0] }), /^publications\.0\.communities\.\d+\.id: repeats the id of state\.publications\.0\.communities\[0\]$/],
  ['a subscriber id beyond the counter', (s) => (s.subscribers.seq = 1), /^subscribers\.records\.\d+\.id: is beyond state\.subscribers\.seq \(1\), which would hand it out again$/],
  ['an email id beyond the counter', (s) => (s.emails.outbox.seq = 0), /^emails\.outbox\.items\.0\.id: is beyond state\.emails\.outbox\.seq \(0\), which would hand it out again$/],
  ['two posts of one publication whose slugs differ only in case', (s) => s.posts.push({ ...s.posts[0], id: 'post_copy', slug: s.posts[0].slug.toUpperCase() }), /^posts\.\d+\.slug: repeats the slug of state\.posts\[0\]$/],
  ['a long id that names nothing, quoted by its first 64 characters', (s) => (s.publications[0].ownerUserId = 'u'.repeat(100)), /^publications\.0\.ownerUserId: names no user of the state \("u{64}"\)$/],
  ['an owner who is no user', (s) => (s.publications[0].ownerUserId = 'nobody'), /^publications\.0\.ownerUserId: names no user of the state \("nobody"\)$/],
  ['a team member who is no user', (s) => s.publications[0].team.push({ userId: 'nobody', status: 'active' }), /^publications\.0\.team\.\d+\.userId: names no user/],
  ['a pinned post that is not there', (s) => byId(s.publications, w.publicationId).pinnedPostIds.push('gone'), /^publications\.\d+\.pinnedPostIds\.\d+: names no post of the state \("gone"\)$/],
  ['a pinned post of another publication', (s) => byId(s.publications, w.publicationId).pinnedPostIds.push(s.posts.find((p: any) => p.publicationId !== w.publicationId).id), /^publications\.\d+\.pinnedPostIds\.\d+: names a post of another publication/],
  ['a featured post of another publication', (s) => (byId(s.publications, w.publicationId).featuredPost = s.posts.find((p: any) => p.publicationId !== w.publicationId).id), /^publications\.\d+\.featuredPost: names a post of another publication/],
  ['a key of no publication', (s) => (s.keys[0].publicationId = 'gone'), /^keys\.0\.publicationId: names no publication of the state \("gone"\)$/],
  ['a user of no publication', (s) => (s.users[0].publicationId = 'gone'), /^users\.0\.publicationId: names no publication/],
  ['a post of no publication', (s) => (byId(s.posts, w.publishedId).publicationId = 'gone'), /^posts\.\d+\.publicationId: names no publication/],
  ['an author who is no user', (s) => (byId(s.posts, w.publishedId).authorIds = ['nobody']), /^posts\.\d+\.authorIds\.0: names no user/],
  ["a segment the post's publication does not have", (s) => (byId(s.posts, w.publishedId).communityId = s.publications.find((p: any) => p.id !== w.publicationId && p.communities.length > 0).communities[0].id), /^posts\.\d+\.communityId: names no segment of the post's publication/],
  ['an auth session of no publication', (s) => (s.authSessions.find((a: any) => a.publicationId !== null).publicationId = 'gone'), /^authSessions\.\d+\.publicationId: names no publication/],
  ['an auth session holding an unknown key', (s) => (s.authSessions.find((a: any) => a.apiKey !== null).apiKey = 'pk_gone'), /^authSessions\.\d+\.apiKey: names no API key of the state \("pk_gone"\)$/],
  ['content of no publication', (s) => (byId(s.content, w.contentId).publicationId = 'gone'), /^content\.\d+\.publicationId: names no publication/],
  ['content in a group that is not there', (s) => (byId(s.content, w.contentId).bucketId = 'gone'), /^content\.\d+\.bucketId: names no content group/],
  ['a group of no publication', (s) => (byId(s.buckets, w.bucketId).publicationId = 'gone'), /^buckets\.\d+\.publicationId: names no publication/],
  ['a group member that is not there', (s) => byId(s.buckets, w.bucketId).members.push({ contentId: 'gone', joinedAt: 0 }), /^buckets\.\d+\.members\.\d+\.contentId: names no content of the state/],
  ['a suggestion of no publication', (s) => (s.suggestions[0].publicationId = 'gone'), /^suggestions\.0\.publicationId: names no publication/],
  ['a suggestion on content that is not there', (s) => (s.suggestions[0].contentId = 'gone'), /^suggestions\.0\.contentId: names no content/],
  ['a subscriber of no publication', (s) => (s.subscribers.records[0].publicationId = 'gone'), /^subscribers\.records\.0\.publicationId: names no publication/],
  ['a suppression of no publication', (s) => (s.suppressions[0].publicationId = 'gone'), /^suppressions\.0\.publicationId: names no publication/],
  ['an email of no publication', (s) => (s.emails.outbox.items[0].publicationId = 'gone'), /^emails\.outbox\.items\.0\.publicationId: names no publication/],
  ['an unsubscribe token of no publication', (s) => (s.emails.tokens.issued[0].publicationId = 'gone'), /^emails\.tokens\.issued\.0\.publicationId: names no publication/],
];

describe('a whole state', () => {
  it('as the server writes it, after writes in every area, has no problem', () => {
    expect(problemOf(fresh())).toBeNull();
  });

  it.each(BREAKAGES)('%s is found', (_name, breakIt, problem) => {
    const state = fresh();
    breakIt(state);
    expect(problemOf(state)).toMatch(problem);
  });

  it("slugs alike only in upper case are two slugs, since the stores find publications and posts by lower case ('straße' and 'strasse')", () => {
    const state = fresh();
    state.publications[0].slug = 'straße';
    state.publications[1].slug = 'strasse';
    state.posts.push({ ...state.posts[0], id: 'post_a', slug: 'straße' }, { ...state.posts[0], id: 'post_b', slug: 'strasse' });
    expect(problemOf(state)).toBeNull();
  });

  it("a post in a segment of its own publication names it", () => {
    const state = fresh();
    const post = byId(state.posts, w.publishedId);
    const segment = state.publications.find((p: any) => p.communities.length > 0).communities[0];
    byId(state.publications, post.publicationId).communities.push({ ...segment, id: 'seg_own' });
    post.communityId = 'seg_own';
    expect(problemOf(state)).toBeNull();
  });

  it('a publication featuring and pinning a post of its own names it', () => {
    const state = fresh();
    const post = byId(state.posts, w.publishedId);
    const publication = byId(state.publications, post.publicationId);
    publication.featuredPost = post.id;
    publication.pinnedPostIds = [post.id];
    expect(problemOf(state)).toBeNull();
  });

  it('a group whose seeding post was deleted, and a newsletter sent for one, are kept', () => {
    const state = fresh();
    byId(state.buckets, w.bucketId).postId = 'deleted';
    state.emails.newsletterSent.push('deleted');
    expect(problemOf(state)).toBeNull();
  });

  it('an absent address or wallet repeats nothing, and a repeated address in another publication is another subscriber', () => {
    const state = fresh();
    const first = state.subscribers.records.find((r: any) => r.email !== null);
    const other = state.publications.find((p: any) => p.id !== first.publicationId).id;
    state.subscribers.records.push({ ...first, id: 'sub_00000000', publicationId: other, wallet: null });
    state.subscribers.records.push({ ...first, id: 'sub_00000000x', email: null, wallet: null });
    expect(problemOf(state)).toBeNull();
  });
});
