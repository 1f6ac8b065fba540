/**
 * The life cycle of a content piece as data, in the shape of every life
 * cycle here (posts/transitions.ts): one row per (action, from-status, send
 * state), what it leads to, and why. Archive and restore come from /v1; the
 * send actions are the web app's, reached through /_control. The store looks
 * the action up here and carries out the row; nothing else changes a
 * piece's status or send.
 *
 * A piece's status is draft, published (delivered) or archived; a send the
 * web app queued or is running locks the words (not the title).
 */
import type { LockedReason } from '../../../schemas/content.js';
import { badRequest } from '../errors.js';
import { isDelivered, type ContentRecord, type ContentStatus } from './record.js';

export type ContentAction = 'archive' | 'restore' | 'queue-send' | 'start-send' | 'deliver' | 'fail-send' | 'cancel-send';

type SendState = NonNullable<ContentRecord['send']>['state'] | null;

export interface ContentTransitionRow {
  action: ContentAction;
  from: readonly ContentStatus[];
  send: readonly SendState[];
  /** The resulting status; 'same' keeps it, 'restored' is draft or published by delivery history. */
  to: ContentStatus | 'same' | 'restored';
  /** The resulting send; 'same' keeps it. A row that keeps both changes nothing (changesNothing). */
  sendTo: SendState | 'same';
  /** The SPEC.md rule this implements, or "ours: ..." for a choice of the reference. */
  why: string;
}

const LIVE: readonly ContentStatus[] = ['draft', 'published'];
const ANY: readonly ContentStatus[] = ['draft', 'published', 'archived'];

export const CONTENT_TRANSITIONS: readonly ContentTransitionRow[] = [
  { action: 'archive', from: LIVE, send: [null], to: 'archived', sendTo: null, why: 'draft or delivered + archive, no send queued' },
  { action: 'archive', from: ['archived'], send: [null], to: 'same', sendTo: 'same', why: 'ours: archiving an archived piece again changes nothing' },
  { action: 'restore', from: ['archived'], send: [null], to: 'restored', sendTo: null, why: 'archived + restore; the status it returns to is ours: published if it was ever delivered, else draft' },
  { action: 'restore', from: LIVE, send: [null, 'queued', 'in_progress'], to: 'same', sendTo: 'same', why: 'ours: restoring a piece that is not archived changes nothing' },
  { action: 'queue-send', from: LIVE, send: [null], to: 'same', sendTo: 'queued', why: 'ours (the web app\'s send, through /_control): a queued send locks the words' },
  { action: 'start-send', from: LIVE, send: ['queued'], to: 'same', sendTo: 'in_progress', why: 'ours (web app): a queued send starts running; the words stay locked' },
  { action: 'deliver', from: LIVE, send: ['queued', 'in_progress'], to: 'published', sendTo: null, why: 'published means delivered; the lock lifts' },
  { action: 'fail-send', from: ANY, send: ['queued', 'in_progress'], to: 'same', sendTo: null, why: 'ours (web app): a failed send lifts the lock; the status stays' },
  { action: 'cancel-send', from: ANY, send: ['queued'], to: 'same', sendTo: null, why: 'cancel the schedule (what a refused archive asks for); ours: a running send cannot be cancelled' },
];

/** Why an action does not apply, in words the writer (or the test author) can act on. */
function refusal(action: ContentAction, piece: ContentRecord): string {
  const send = piece.send?.state ?? null;
  switch (action) {
    case 'archive':
      return send === 'queued'
        ? 'this piece has a send queued: cancel the schedule before archiving it'
        : 'this piece is being sent right now: archive it once the send has finished';
    case 'queue-send':
      if (piece.status === 'archived') return 'an archived piece cannot be sent: restore it first';
      return send === 'queued' ? 'a send is already queued for this piece' : 'a send of this piece is already running';
    case 'start-send':
      return send === 'in_progress' ? 'the send of this piece is already running' : 'no send is queued for this piece';
    case 'deliver':
    case 'fail-send':
      return 'no send is queued or running for this piece';
    case 'cancel-send':
      return send === 'in_progress'
        ? 'the send of this piece is already running and can no longer be cancelled'
        : 'no send is queued for this piece';
    default:
      return `${action} does not apply to a ${piece.status} piece`;
  }
}

/** The row that applies; a refusal in the writer's words when none does. */
export function transitionFor(action: ContentAction, piece: ContentRecord): ContentTransitionRow {
  const send = piece.send?.state ?? null;
  const row = CONTENT_TRANSITIONS.find((t) => t.action === action && t.from.includes(piece.status) && t.send.includes(send));
  if (!row) throw badRequest(refusal(action, piece));
  return row;
}

/** Nothing changes, not even updatedAt: repeating an archive or a restore. */
export function changesNothing(row: ContentTransitionRow): boolean {
  return row.to === 'same' && row.sendTo === 'same';
}

export function resultingStatus(row: ContentTransitionRow, piece: ContentRecord): ContentStatus {
  if (row.to === 'same') return piece.status;
  if (row.to === 'restored') return isDelivered(piece) ? 'published' : 'draft';
  return row.to;
}

export function lockedReason(piece: ContentRecord): LockedReason | null {
  if (!piece.send) return null;
  return piece.send.state === 'queued' ? 'send_queued' : 'send_in_progress';
}

/** A body edit of a locked piece is refused; renaming is always allowed. */
export function assertBodyEditable(piece: ContentRecord): void {
  const reason = lockedReason(piece);
  if (reason === 'send_queued')
    throw badRequest(
      'this piece is locked because a send is queued: cancel the schedule before changing the words (the title can still be changed)',
    );
  if (reason === 'send_in_progress')
    throw badRequest(
      'this piece is locked because it is being sent right now: the words cannot change until the send has finished (the title can still be changed)',
    );
}
