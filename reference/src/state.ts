/**
 * The whole in-memory state of the reference, as a type: every store, the
 * clock, the seeded random source and the event bus. Nothing here builds or
 * connects them: wiring.ts does, once, for app.ts. Route handlers reach the
 * stores through it (ctx.state); functions outside the routes take the
 * stores they use (a Pick of State), not the whole of it.
 */
import type { Clock, ClockState } from './clock.js';
import type { Events } from './events.js';
import type { Cursors } from './pagination.js';
import type { Random } from './random.js';
import type { ApiKeyStore } from './keys/store.js';
import type { UserStore } from './users/store.js';
import type { CoinStore } from './coins/store.js';
import type { PublicationStore } from './publications/store.js';
import type { PostStore } from './posts/store.js';
import type { AuthSessionStore } from './auth-sessions/store.js';
import type { ContentStore } from './content/store.js';
import type { BucketStore } from './buckets/store.js';
import type { SuggestionStore } from './content/suggestions.js';
import type { SubscriberStore } from './subscribers/store.js';
import type { EmailStore } from './emails/store.js';
import type { FixtureSet } from '../../fixtures/index.js';
import type { SlicedWork } from './slices.js';

export interface State {
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
  readonly content: ContentStore;
  readonly buckets: BucketStore;
  readonly suggestions: SuggestionStore;
  readonly subscribers: SubscriberStore;
  readonly emails: EmailStore;
  /** The long loops (import, custom email, newsletter) running in slices of the event loop now. */
  readonly work: SlicedWork;
  /** Read-only, from the fixtures (no snapshot needed: they are rebuilt from the seed). */
  readonly coins: CoinStore;
  /** The fixture set the state was made from (derived data: rebuilt from the seed when read after a restore). */
  readonly fixtures: FixtureSet;
}

/** The whole state as plain JSON-able data (persistence/, docs/state-file.md). Records are live: serialise it before anything changes. */
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
  content: ReturnType<ContentStore['snapshot']>;
  buckets: ReturnType<BucketStore['snapshot']>;
  suggestions: ReturnType<SuggestionStore['snapshot']>;
  suppressions: ReturnType<SubscriberStore['suppressions']['snapshot']>;
  subscribers: ReturnType<SubscriberStore['snapshot']>;
  emails: ReturnType<EmailStore['snapshot']>;
}
