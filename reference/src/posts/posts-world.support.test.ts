/**
 * For the posts unit tests: a State on a frozen clock with the fixtures
 * loaded, the events the post store announced, and the demo publication's
 * people and segments. Not used by the server.
 */
import { Clock } from '../clock.js';
import type { EventMap } from '../events.js';
import type { State } from '../state.js';
import { createState } from '../wiring.js';
import type { PostCreateT, PostUpdateT } from '../../../schemas/posts.js';
import { PostCreate, PostUpdate } from '../../../schemas/posts.js';
import { parseOr400 } from '../http/validate.js';

export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export interface PostsWorld {
  state: State;
  clock: Clock;
  published: EventMap['post.published'][];
  changed: EventMap['post.changed'][];
  deleted: EventMap['post.deleted'][];
  demo: {
    id: string;
    ownerId: string;
    activeMemberIds: string[];
    removedMemberIds: string[];
    communityId: string;
    unavailableCommunityId: string;
  };
  other: { id: string; ownerId: string; communityId: string };
  /** Create through the schema, as the route does. */
  create(body: Record<string, unknown>, publicationId?: string): ReturnType<State['posts']['create']>;
  update(postId: string, body: Record<string, unknown>, publicationId?: string): ReturnType<State['posts']['update']>;
}

export function postsWorld(fixtures: 'default' | 'empty' = 'default'): PostsWorld {
  const clock = new Clock(() => T0);
  clock.freeze(true);
  const state = createState({ seed: 7, clock, baseUrl: () => 'http://ref.test', fixtures });
  const published: PostsWorld['published'] = [];
  const changed: PostsWorld['changed'] = [];
  const deleted: PostsWorld['deleted'] = [];
  state.events.on('post.published', (e) => published.push(e));
  state.events.on('post.changed', (e) => changed.push(e));
  state.events.on('post.deleted', (e) => deleted.push(e));
  const bySlug = (slug: string) => state.publications.all().find((p) => p.slug === slug)!;
  const demo = bySlug('demo');
  const other = bySlug('other');
  return {
    state,
    clock,
    published,
    changed,
    deleted,
    demo: {
      id: demo.id,
      ownerId: demo.ownerUserId,
      activeMemberIds: demo.team.filter((m) => m.status === 'active').map((m) => m.userId),
      removedMemberIds: demo.team.filter((m) => m.status === 'removed').map((m) => m.userId),
      communityId: demo.communities.find((c) => c.available)!.id,
      unavailableCommunityId: demo.communities.find((c) => !c.available)!.id,
    },
    other: { id: other.id, ownerId: other.ownerUserId, communityId: other.communities.find((c) => c.available)!.id },
    create: (body, publicationId = demo.id) =>
      state.posts.create(publicationId, parseOr400(PostCreate, { title: 'A post', markdown: 'Some words.', ...body }) as PostCreateT),
    update: (postId, body, publicationId = demo.id) =>
      state.posts.update(publicationId, postId, parseOr400(PostUpdate, body) as PostUpdateT),
  };
}
