/**
 * The mirror of one State in the analytics tables: every area's rows, and
 * its changes as they happen. A new State (reset) gets a new mirror.
 */
import type { MirrorSnapshot } from '../engine/mirror-types.js';
import type { State } from '../../state.js';
import type { Emit, MirrorArea } from './area.js';
import { blogsMirror } from './blogs.js';
import { stateHistory } from './history.js';
import { newslettersMirror } from './newsletters.js';
import { postsMirror } from './posts.js';
import { subscribersMirror } from './subscribers.js';
import { viewsMirror } from './views.js';

/** The stores the mirror reads and listens to. */
export type MirrorStores = Pick<State, 'seed' | 'baseUrl' | 'fixtures' | 'events' | 'publications' | 'posts' | 'buckets' | 'subscribers' | 'emails'>;

export interface StateMirror {
  /** All rows as they are now (on attach, and to re-load a database that lost changes). */
  snapshot(): MirrorSnapshot;
  /** Starts feeding changes; call once, right after the first snapshot(). */
  listen(emit: Emit): void;
}

export function createStateMirror(state: MirrorStores): StateMirror {
  const history = stateHistory(state);
  const areas: MirrorArea[] = [
    blogsMirror(state),
    postsMirror(state),
    subscribersMirror(state),
    newslettersMirror(state, history),
    viewsMirror(state, history),
  ];
  return {
    snapshot: () => Object.assign({}, ...areas.map((a) => a.snapshot())) as MirrorSnapshot,
    listen(emit) {
      for (const area of areas) area.listen(emit);
    },
  };
}
