/**
 * Restore: an archived piece is back in the default list. Its status is
 * "not shown" by SPEC.md: draft or published are both accepted here, and the
 * model takes what the target says (the reference-choices profile tests the
 * reference's answer separately).
 */
import { fail, type fc } from '../../../../src/authoring/index.js';
import { expectOkStatus, getPiece, restorePiece } from '../../support/content-api.js';
import { expectAsModel, pick, type ContentModel, type Real } from '../model.js';

export class RestoreCommand implements fc.AsyncCommand<ContentModel, Real> {
  constructor(readonly index: number) {}

  check(model: Readonly<ContentModel>): boolean {
    return model.pieces.length > 0 && pick(model as ContentModel, this.index).status === 'archived';
  }

  async run(model: ContentModel, { ctx }: Real): Promise<void> {
    const piece = pick(model, this.index);
    expectOkStatus(await restorePiece(ctx, piece.id));
    const { status } = await getPiece(ctx, piece.id);
    if (status !== 'draft' && status !== 'published') fail(`after ${this.toString()}, status is ${status}: the piece is not back in the default list`);
    piece.status = status;
    await expectAsModel(ctx, piece, this.toString());
  }

  toString(): string {
    return `Restore(#${this.index})`;
  }
}
