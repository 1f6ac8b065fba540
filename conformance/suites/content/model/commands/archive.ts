/**
 * Archive: a draft or delivered piece becomes archived; with a queued send
 * it is refused (400) and nothing changes. Archiving during a running send,
 * or archiving twice, is not described by SPEC.md: not generated.
 */
import { expectError, type fc } from '../../../../src/authoring/index.js';
import { archivePiece, expectOkStatus } from '../../support/content-api.js';
import { expectAsModel, pick, type ContentModel, type Real } from '../model.js';

export class ArchiveCommand implements fc.AsyncCommand<ContentModel, Real> {
  constructor(readonly index: number) {}

  check(model: Readonly<ContentModel>): boolean {
    if (model.pieces.length === 0) return false;
    const piece = pick(model as ContentModel, this.index);
    return piece.status !== 'archived' && piece.send !== 'running';
  }

  async run(model: ContentModel, { ctx }: Real): Promise<void> {
    const piece = pick(model, this.index);
    const res = await archivePiece(ctx, piece.id);
    if (piece.send === 'queued') expectError(res, 400);
    else {
      expectOkStatus(res);
      piece.status = 'archived';
    }
    await expectAsModel(ctx, piece, this.toString());
  }

  toString(): string {
    return `Archive(#${this.index})`;
  }
}
