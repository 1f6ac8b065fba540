/**
 * The auth-session life cycle as data, in the shape of every life cycle here
 * (posts/transitions.ts): one row per (from-state, event), where it leads and
 * why. Expiry is not an event: a pending session reads `expired` once the
 * clock passes expiresAt (store.ts). Denied and delivered sessions poll as 404.
 */
export type StoredState = 'pending' | 'completed' | 'delivered' | 'denied';
export type SessionEvent = 'approve' | 'deny' | 'hand-over' | 'acknowledge';

export interface SessionTransitionRow {
  from: readonly StoredState[];
  event: SessionEvent;
  to: StoredState;
  /** The SPEC.md rule this implements, or "ours: ..." for a choice of the reference. */
  why: string;
}

export const SESSION_TRANSITIONS: readonly SessionTransitionRow[] = [
  { from: ['pending'], event: 'approve', to: 'completed', why: 'the writer approves (page or control API): the key is made' },
  { from: ['pending'], event: 'deny', to: 'denied', why: 'the writer denies, or the client DELETEs the session' },
  { from: ['completed'], event: 'hand-over', to: 'delivered', why: 'first poll of a client without acknowledgement: the key is handed over once' },
  { from: ['completed'], event: 'acknowledge', to: 'delivered', why: 'the client DELETEs the session after storing the key' },
];

/** The next state; throws on a transition the table does not have (a bug in the caller). */
export function transition(from: StoredState, event: SessionEvent): StoredState {
  const row = SESSION_TRANSITIONS.find((t) => t.from.includes(from) && t.event === event);
  if (!row) throw new Error(`auth session: no transition ${event} from ${from}`);
  return row.to;
}
