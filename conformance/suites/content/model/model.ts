/**
 * The model of the content life cycle, written from SPEC.md ("Content piece
 * status", Content rules 1-6) and the control API's protocol for sends
 * (docs/control-api-content.md), not from the reference's code. It holds
 * only what a writer could tell about each piece the run created.
 */
import type { ContentKind } from '../../../../schemas/content.js';
import { fail, type RuleContext } from '../../../src/authoring/index.js';
import { getPiece, sameJson } from '../support/content-api.js';

export interface ModelPiece {
  id: string;
  kind: ContentKind;
  title: string;
  body: unknown;
  /** draft, published (delivered) or archived, as SPEC.md's enum. */
  status: 'draft' | 'published' | 'archived';
  /** Delivered at least once (a delivered piece stays listed under all after archiving). */
  delivered: boolean;
  /** A send the web app queued or is running: it locks the words. */
  send: null | 'queued' | 'running';
  createdAt: string;
}

export interface ContentModel {
  pieces: ModelPiece[];
}

export interface Real {
  ctx: RuleContext;
}

/** At most this many pieces per run: enough for interleavings, cheap against a live target. */
export const MAX_PIECES = 6;

/** The piece a command targets: an index into what the model holds, never an invented id. */
export function pick(model: ContentModel, index: number): ModelPiece {
  return model.pieces[index % model.pieces.length];
}

export const locked = (p: ModelPiece) => p.send !== null;

/** Which list views hold a piece (SPEC.md rule 1). */
export function inView(view: 'all' | 'draft' | 'published' | 'archived', p: ModelPiece): boolean {
  switch (view) {
    case 'all':
      return p.status !== 'archived' || p.delivered;
    case 'archived':
      return p.status === 'archived' && !p.delivered;
    case 'draft':
      return p.status === 'draft';
    case 'published':
      return p.status === 'published';
  }
}

/** GET the piece and compare every field the model knows. */
export async function expectAsModel(ctx: RuleContext, p: ModelPiece, after: string): Promise<void> {
  const got = await getPiece(ctx, p.id);
  const where = `after ${after}, piece ${p.id}`;
  if (got.status !== p.status) fail(`${where}: status is ${got.status}, expected ${p.status}`);
  if (got.title !== p.title) fail(`${where}: title is ${JSON.stringify(got.title)}, expected ${JSON.stringify(p.title)}`);
  if (!sameJson(got.body, p.body)) fail(`${where}: body is ${JSON.stringify(got.body)}, expected ${JSON.stringify(p.body)}`);
  if ((got.lockedReason !== null) !== locked(p)) fail(`${where}: lockedReason is ${got.lockedReason}, expected ${locked(p) ? 'a reason' : 'null'}`);
  if (p.send === 'queued' && !got.scheduled) fail(`${where}: scheduled is false while a send is queued`);
  if (p.send === null && got.scheduled) fail(`${where}: scheduled is true with no send queued`);
  if ((got.publishedAt !== null) !== p.delivered) fail(`${where}: publishedAt is ${got.publishedAt}, expected ${p.delivered ? 'a time' : 'null'}`);
  if (p.delivered && (got.url === null) !== (p.kind === 'newsletter'))
    fail(`${where}: url is ${got.url} for a delivered ${p.kind}`);
  if (!p.delivered && got.url !== null) fail(`${where}: url is ${got.url} though the piece was never delivered`);
  if ((got.archivedAt !== null) !== (p.status === 'archived')) fail(`${where}: archivedAt is ${got.archivedAt} while status is ${p.status}`);
}
