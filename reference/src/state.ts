/**
 * The whole in-memory state of the reference: every store, the clock, the
 * seeded random source and the event bus. Reset = build a new State from the
 * fixtures (the initial state is defined once, in fixtures/).
 */
import { createHash } from 'node:crypto';
import type { Clock } from './clock.js';
import { Events } from './events.js';
import { Cursors } from './pagination.js';
import { Random } from './random.js';
import { ApiKeyStore } from './keys/store.js';
import { UserStore } from './users/store.js';
import { PublicationStore } from './publications/store.js';
import { PostStore } from './posts/store.js';
import { AuthSessionStore } from './auth-sessions/store.js';
import { attachEmailEffects, createSubscriberEmailArea, type SubscriberEmailArea } from './emails/state-area.js';
import { createContentArea, type ContentArea } from './content/area.js';
import { buildFixtures, type FixtureSet } from '../../fixtures/index.js';
import { loadFixtures } from './load-fixtures.js';

export interface StateOptions {
  seed: number;
  clock: Clock;
  /** Public base URL of the server, for links the reference hands out. */
  baseUrl: () => string;
  /** 'default' loads the fixture data set; 'empty' starts with nothing but the fixture keys' publications. */
  fixtures: 'default' | 'empty';
}

export interface State extends SubscriberEmailArea, ContentArea {
  readonly seed: number;
  readonly clock: Clock;
  readonly random: Random;
  readonly events: Events;
  readonly cursors: Cursors;
  readonly baseUrl: () => string;
  readonly keys: ApiKeyStore;
  readonly users: UserStore;
  readonly publications: PublicationStore;
  readonly posts: PostStore;
  readonly authSessions: AuthSessionStore;
  readonly fixtures: FixtureSet;
}

export function createState(options: StateOptions): State {
  const { seed, clock } = options;
  const random = new Random(seed);
  const events = new Events();
  const now = () => clock.now();
  const cursorSecret = createHash('sha256').update(`cursor-secret:${seed}`).digest('hex');
  const publications = new PublicationStore(events, now);
  const posts = new PostStore({ clock, random, events, publications });
  publications.usePosts(posts);
  const keys = new ApiKeyStore(random);
  const fixtures = buildFixtures({ seed, now: clock.now(), empty: options.fixtures === 'empty' });
  const state: State = {
    seed,
    clock,
    random,
    events,
    cursors: new Cursors(cursorSecret),
    baseUrl: options.baseUrl,
    keys,
    users: new UserStore(),
    publications,
    posts,
    authSessions: new AuthSessionStore({ random, keys, now, publicationExists: (id) => publications.get(id) !== undefined }),
    ...createSubscriberEmailArea({ seed, clock, events, baseUrl: options.baseUrl }),
    ...createContentArea({ seed, clock, random, events, posts }),
    fixtures,
  };
  attachEmailEffects(state);
  loadFixtures(state, fixtures);
  return state;
}
