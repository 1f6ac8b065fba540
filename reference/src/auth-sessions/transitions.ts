/**
 * The auth-session life cycle as data. Expiry is not an event: a pending
 * session reads `expired` once the clock passes expiresAt (store.ts).
 *
 *   pending   --approve-----> completed   writer approves (page or control API)
 *   pending   --deny--------> denied      writer denies, or the client DELETEs
 *   completed --hand-over---> delivered   first poll, client without acknowledgement
 *   completed --acknowledge-> delivered   client DELETEs after storing the key
 *
 * denied and delivered sessions poll as 404.
 */
export type StoredState = 'pending' | 'completed' | 'delivered' | 'denied';
export type SessionEvent = 'approve' | 'deny' | 'hand-over' | 'acknowledge';

export const TRANSITIONS: ReadonlyArray<{ from: StoredState; event: SessionEvent; to: StoredState }> = [
  { from: 'pending', event: 'approve', to: 'completed' },
  { from: 'pending', event: 'deny', to: 'denied' },
  { from: 'completed', event: 'hand-over', to: 'delivered' },
  { from: 'completed', event: 'acknowledge', to: 'delivered' },
];

/** The next state; throws on a transition the table does not have (a bug in the caller). */
export function transition(from: StoredState, event: SessionEvent): StoredState {
  const row = TRANSITIONS.find((t) => t.from === from && t.event === event);
  if (!row) throw new Error(`auth session: no transition ${event} from ${from}`);
  return row.to;
}
