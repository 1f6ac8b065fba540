/** Rename: always allowed, locked or not (SPEC.md Content rule 4). */
import { fc } from '../../../../src/authoring/index.js';
import { expectOkStatus, patchPiece } from '../../support/content-api.js';
import { expectAsModel, pick, type ContentModel, type Real } from '../model.js';

export class RenameCommand implements fc.AsyncCommand<ContentModel, Real> {
  constructor(
    readonly index: number,
    readonly label: string,
  ) {}

  check(model: Readonly<ContentModel>): boolean {
    return model.pieces.length > 0;
  }

  async run(model: ContentModel, { ctx }: Real): Promise<void> {
    const piece = pick(model, this.index);
    const title = ctx.names.title(`renamed ${this.label}`);
    expectOkStatus(await patchPiece(ctx, piece.id, { title }));
    piece.title = title;
    await expectAsModel(ctx, piece, this.toString());
  }

  toString(): string {
    return `Rename(#${this.index}, ${this.label})`;
  }
}
