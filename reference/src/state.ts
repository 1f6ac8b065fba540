/**
 * The whole in-memory state of the reference: every store, the clock, the
 * seeded random source and the event bus. Reset = build a new State from the
 * fixtures (the initial state is defined once, in fixtures/). A State can also
 * be saved as plain data and rebuilt from it (snapshotState, restoreState:
 * the state file and named snapshots of persistence/).
 */
import { createHash } from 'node:crypto';
import type { Clock, ClockState } from './clock.js';
import { Events } from './events.js';
import { Cursors } from './pagination.js';
import { Random } from './random.js';
import { ApiKeyStore } from './keys/store.js';
import { UserStore } from './users/store.js';
import { CoinStore } from './coins/store.js';
import { PublicationStore } from './publications/store.js';
import { PostStore } from './posts/store.js';
import { AuthSessionStore } from './auth-sessions/store.js';
import { createContentArea, type ContentArea } from './content/area.js';
import { attachEmailEffects, createSubscriberEmailArea, type SubscriberEmailArea } from './emails/state-area.js';
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
  /** Read-only, from the fixtures (no snapshot needed: they are rebuilt from the seed). */
  readonly coins: CoinStore;
  readonly fixtures: FixtureSet;
}

export function createState(options: StateOptions): State {
  const fixtures = buildFixtures({ seed: options.seed, now: options.clock.now(), empty: options.fixtures === 'empty' });
  const state = wireState(options, () => fixtures);
  FIXTURES_MADE.set(state, { now: fixtures.now, empty: options.fixtures === 'empty' });
  loadFixtures(state, fixtures);
  return state;
}

/** The stores, wired to each other, to the clock and to the event bus, with nothing in them. */
function wireState(options: Pick<StateOptions, 'seed' | 'clock' | 'baseUrl'>, fixtures: () => FixtureSet): State {
  const { seed, clock } = options;
  const random = new Random(seed);
  const events = new Events();
  const now = () => clock.now();
  const cursorSecret = createHash('sha256').update(`cursor-secret:${seed}`).digest('hex');
  const publications = new PublicationStore(events, now);
  const posts = new PostStore({ clock, random, events, publications });
  publications.usePosts(posts);
  const keys = new ApiKeyStore();
  let coins: CoinStore | undefined;
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
    authSessions: new AuthSessionStore({ keys, now, publicationExists: (id) => publications.get(id) !== undefined }),
    ...createContentArea({ seed, clock, random, events, posts }),
    ...createSubscriberEmailArea({ seed, clock, events, baseUrl: options.baseUrl }),
    get coins() {
      return (coins ??= new CoinStore(fixtures().coins));
    },
    get fixtures() {
      return fixtures();
    },
  };
  attachEmailEffects(state);
  return state;
}

// ---- snapshots (persistence/, docs/state-file.md) ---------------------------

/** When and how the fixtures were made: the fixture set is derived data, rebuilt from this when read. */
const FIXTURES_MADE = new WeakMap<State, { now: number; empty: boolean }>();

/** The whole state as plain JSON-able data. Records are live: serialise it before anything changes. */
export interface StateSnapshot {
  seed: number;
  fixtures: { now: number; empty: boolean };
  clock: ClockState;
  random: number[];
  keys: ReturnType<ApiKeyStore['snapshot']>;
  users: ReturnType<UserStore['snapshot']>;
  publications: ReturnType<PublicationStore['snapshot']>;
  posts: ReturnType<PostStore['snapshot']>;
  authSessions: ReturnType<AuthSessionStore['snapshot']>;
  content: ReturnType<State['content']['snapshot']>;
  buckets: ReturnType<State['buckets']['snapshot']>;
  suggestions: ReturnType<State['suggestions']['snapshot']>;
  suppressions: ReturnType<State['subscribers']['suppressions']['snapshot']>;
  subscribers: ReturnType<State['subscribers']['snapshot']>;
  emails: ReturnType<State['emails']['snapshot']>;
}

export function snapshotState(state: State): StateSnapshot {
  return {
    seed: state.seed,
    fixtures: FIXTURES_MADE.get(state)!,
    clock: state.clock.state(),
    random: state.random.snapshot(),
    keys: state.keys.snapshot(),
    users: state.users.snapshot(),
    publications: state.publications.snapshot(),
    posts: state.posts.snapshot(),
    authSessions: state.authSessions.snapshot(),
    content: state.content.snapshot(),
    buckets: state.buckets.snapshot(),
    suggestions: state.suggestions.snapshot(),
    suppressions: state.subscribers.suppressions.snapshot(),
    subscribers: state.subscribers.snapshot(),
    emails: state.emails.snapshot(),
  };
}

/**
 * A State from a snapshot; it takes the snapshot's records over. The clock
 * gets the saved reading and loses its tasks; the stores put theirs back from
 * their records (a scheduled post, a queued send, undelivered emails), and
 * only once every store is back does due work run.
 */
export function restoreState(options: Pick<StateOptions, 'clock' | 'baseUrl'>, snapshot: StateSnapshot): State {
  const seed = snapshot.seed;
  const { clock } = options;
  let fixtures: FixtureSet | undefined;
  const state = wireState({ seed, clock, baseUrl: options.baseUrl }, () => (fixtures ??= buildFixtures({ seed, ...snapshot.fixtures })));
  FIXTURES_MADE.set(state, { ...snapshot.fixtures });
  clock.clearTasks();
  clock.restore(snapshot.clock);
  clock.holdDue(() => {
    state.keys.restoreSnapshot(snapshot.keys);
    state.users.restoreSnapshot(snapshot.users);
    state.publications.restoreSnapshot(snapshot.publications);
    state.posts.restoreSnapshot(snapshot.posts);
    state.authSessions.restoreSnapshot(snapshot.authSessions);
    state.buckets.restoreSnapshot(snapshot.buckets);
    state.content.restoreSnapshot(snapshot.content);
    state.suggestions.restoreSnapshot(snapshot.suggestions);
    // Suppressions first: they decide which subscribers are in the active list.
    state.subscribers.suppressions.restoreSnapshot(snapshot.suppressions);
    state.subscribers.restoreSnapshot(snapshot.subscribers);
    state.emails.restoreSnapshot(snapshot.emails);
    // Last: re-arming drew nothing, and the next id must be the one the saved server would have drawn.
    state.random.restoreSnapshot(snapshot.random);
  });
  return state;
}
