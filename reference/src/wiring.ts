/**
 * The one place the reference's state is put together (app.ts uses it): the
 * stores are built, given what they read from each other, and connected
 * through the event bus to the effects that cross areas. Nothing else builds
 * a store or listens across areas, so this file is the map of who depends
 * on whom at run time.
 *
 * Reset = build a new State from the fixtures (the initial state is defined
 * once, in fixtures/). A State can also be saved as plain data and rebuilt
 * from it (snapshotState, restoreState: the state file and named snapshots
 * of persistence/).
 */
import { createHash } from 'node:crypto';
import type { Clock } from './clock.js';
import { Events } from './events.js';
import { Cursors } from './pagination.js';
import { Random } from './random.js';
import { SlicedWork } from './slices.js';
import type { State, StateSnapshot } from './state.js';
import { ApiKeyStore } from './keys/store.js';
import { UserStore } from './users/store.js';
import { CoinStore } from './coins/store.js';
import { PublicationStore } from './publications/store.js';
import { PostStore } from './posts/store.js';
import { AuthSessionStore } from './auth-sessions/store.js';
import { PostDraftRows } from './buckets/draft-rows.js';
import { BucketStore } from './buckets/store.js';
import { ContentStore } from './content/store.js';
import { SuggestionStore } from './content/suggestions.js';
import { SubscriberStore } from './subscribers/store.js';
import { SuppressionStore } from './subscribers/suppressions.js';
import { EmailStore } from './emails/store.js';
import { fanOutNewsletter } from './emails/newsletter.js';
import { notifyOwnerOfSubscriber } from './emails/notifications.js';
import { buildFixtures, type FixtureSet } from '../../fixtures/index.js';
import { loadUserFixtures } from './users/fixtures.js';
import { loadPublicationFixtures } from './publications/fixtures.js';
import { loadKeyFixtures } from './keys/fixtures.js';
import { loadPostFixtures } from './posts/fixtures.js';
import { loadSubscriberFixtures } from './subscribers/fixtures.js';
import { loadContentFixtures } from './content/fixtures.js';

export interface StateOptions {
  seed: number;
  clock: Clock;
  /** Public base URL of the server, for links the reference hands out. */
  baseUrl: () => string;
  /** 'default' loads the fixture data set; 'empty' starts with nothing but the fixture keys' publications. */
  fixtures: 'default' | 'empty';
}

export function createState(options: StateOptions): State {
  const fixtures = buildFixtures({ seed: options.seed, now: options.clock.now(), empty: options.fixtures === 'empty' });
  const state = buildStores(options, () => fixtures);
  connectEffects(state);
  FIXTURES_MADE.set(state, { now: fixtures.now, empty: options.fixtures === 'empty' });
  // Each area loads its own part (<area>/fixtures.ts), owners and publications before what they own.
  for (const load of [loadUserFixtures, loadPublicationFixtures, loadKeyFixtures, loadPostFixtures, loadSubscriberFixtures, loadContentFixtures])
    load(state, fixtures);
  return state;
}

/** The stores, given what they read from each other, the clock and the event bus, with nothing in them. */
function buildStores(options: Pick<StateOptions, 'seed' | 'clock' | 'baseUrl'>, fixtures: () => FixtureSet): State {
  const { seed, clock, baseUrl } = options;
  const random = new Random(seed);
  const events = new Events();
  const now = () => clock.now();
  // Keys of what is no secret (the cursor's signature, the draft rows' ids): a
  // forged one grants nothing, and one seed gives the same answers. What grants
  // access comes from the OS (random.ts secretHex).
  const secret = (purpose: string) => createHash('sha256').update(`${purpose}:${seed}`).digest('hex');
  const publications = new PublicationStore(events, now);
  const posts = new PostStore({ clock, random, events, publications });
  // The two refer to each other: a publication's pinned posts, a post's publication.
  publications.usePosts(posts);
  const keys = new ApiKeyStore();
  const content = new ContentStore({ random, now, events, scheduler: clock });
  const buckets = new BucketStore(random, now, new PostDraftRows(secret('draft-rows'), posts));
  // The two refer to each other: a piece's groups, a group's members.
  content.useBuckets(buckets);
  let coins: CoinStore | undefined;
  return {
    seed,
    clock,
    random,
    events,
    cursors: new Cursors(secret('cursor-secret')),
    baseUrl,
    keys,
    users: new UserStore(),
    publications,
    posts,
    authSessions: new AuthSessionStore({ keys, now, publicationExists: (id) => publications.get(id) !== undefined }),
    content,
    buckets,
    suggestions: new SuggestionStore(random, now),
    subscribers: new SubscriberStore(events, now, new SuppressionStore()),
    emails: new EmailStore(seed, clock, events, baseUrl),
    work: new SlicedWork(),
    get coins() {
      return (coins ??= new CoinStore(fixtures().coins));
    },
    get fixtures() {
      return fixtures();
    },
  };
}

/**
 * What one area does when another announces something. Connected before
 * anything is loaded: fixtures describe the past and announce nothing, and
 * a restored state's records come back without events.
 */
function connectEffects(state: State): void {
  const { events } = state;
  // A post published with sendNewsletter -> its newsletter, once.
  events.on('post.published', (event) => {
    fanOutNewsletter(state, event);
  });
  // A subscriber who signed up (through the API or the site's form) -> the owner's
  // notification. Imports do not notify: one email per imported row would bury the owner.
  events.on('subscriber.added', (event) => {
    if (event.source !== 'api' && event.source !== 'site') return;
    const subscriber = state.subscribers.get(event.publicationId, event.subscriberId);
    if (subscriber && state.subscribers.isActive(subscriber)) notifyOwnerOfSubscriber(state, subscriber);
  });
  // A content piece archived -> the suggestions proposing it are dismissed.
  events.on('content.archived', ({ contentId, at }) => state.suggestions.dismissProposing(contentId, at));
}

// ---- snapshots (persistence/, docs/state-file.md) ---------------------------

/** When and how the fixtures were made: the fixture set is derived data, rebuilt from this when read. */
const FIXTURES_MADE = new WeakMap<State, { now: number; empty: boolean }>();

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
  const state = buildStores({ seed, clock, baseUrl: options.baseUrl }, () => (fixtures ??= buildFixtures({ seed, ...snapshot.fixtures })));
  connectEffects(state);
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
