/**
 * For the content and bucket unit tests: a State on a frozen clock (empty or
 * with fixtures), the two publications, and helpers that go through the same
 * parsing as the routes. Not used by the server.
 */
import { Clock } from '../clock.js';
import type { State } from '../state.js';
import { createState } from '../wiring.js';
import { PostCreate } from '../../../schemas/posts.js';
import { parseOr400 } from '../http/validate.js';
import { parseCreateRequest, parsePatchRequest } from './request.js';
import type { ContentRecord } from './record.js';

export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
export const MINUTE = 60_000;
export const DAY = 86_400_000;

export interface ContentWorld {
  state: State;
  clock: Clock;
  demoId: string;
  otherId: string;
  /** Create through the request parser, as POST /v1/content does. */
  create(body: Record<string, unknown>, publicationId?: string): ContentRecord;
  patch(id: string, body: Record<string, unknown>, publicationId?: string): ContentRecord;
  /** A post of the publication (draft unless said otherwise). */
  post(publicationId?: string, fields?: Record<string, unknown>): string;
  /** Move the frozen clock on. */
  tick(ms?: number): void;
}

export function contentWorld(fixtures: 'default' | 'empty' = 'empty', seed = 11): ContentWorld {
  const clock = new Clock(() => T0);
  clock.freeze(true);
  const state = createState({ seed, clock, baseUrl: () => 'http://ref.test', fixtures });
  const bySlug = (slug: string) => state.publications.all().find((p) => p.slug === slug)!.id;
  const demoId = bySlug('demo');
  const world: ContentWorld = {
    state,
    clock,
    demoId,
    otherId: bySlug('other'),
    create: (body, publicationId = demoId) => state.content.create(publicationId, parseCreateRequest(body)),
    patch: (id, body, publicationId = demoId) =>
      state.content.patch(publicationId, id, parsePatchRequest(body, state.content.require(id).kind)),
    post: (publicationId = demoId, fields = {}) =>
      state.posts.create(publicationId, parseOr400(PostCreate, { title: 'A post', markdown: 'Hello', status: 'draft', ...fields })).id,
    tick: (ms = MINUTE) => clock.advance(ms),
  };
  return world;
}

export const tweet = (text = 'Hello, world') => ({ kind: 'tweet', title: 'A tweet', body: { text } });
export const thread = (...tweets: string[]) => ({ kind: 'tweet', title: 'A thread', body: { tweets } });
export const linkedin = (text = 'A LinkedIn post') => ({ kind: 'linkedin', title: 'A LinkedIn post', body: { text } });
export const newsletter = (subject = 'Subject', body = 'Hello **readers**') => ({
  kind: 'newsletter',
  title: 'A newsletter',
  body: { subject, body },
});
export const article = (title = 'Headline', body = 'Some *CommonMark*') => ({ kind: 'x_article', title: 'An article', body: { title, body } });
