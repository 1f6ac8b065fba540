/** Edit the body: replaces it whole, unless a send is queued or running (then 400, unchanged). */
import { expectError, type fc } from '../../../../src/authoring/index.js';
import { SAMPLE_BODIES, expectOkStatus, patchPiece } from '../../support/content-api.js';
import { expectAsModel, locked, pick, type ContentModel, type Real } from '../model.js';

/** A second valid body of each kind, so an edit is visible. */
function editedBody(kind: keyof typeof SAMPLE_BODIES, n: number): Record<string, unknown> {
  switch (kind) {
    case 'tweet':
      return n % 2 === 0 ? { text: `Edited tweet ${n}` } : { tweets: [`Edited entry ${n}`, 'And another'] };
    case 'linkedin':
      return { text: `Edited LinkedIn post ${n}` };
    case 'newsletter':
      return { subject: `Edited subject ${n}`, body: `Edited **body** ${n}` };
    case 'x_article':
      return { title: `Edited headline ${n}`, body: `Edited article ${n}` };
  }
}

export class EditBodyCommand implements fc.AsyncCommand<ContentModel, Real> {
  constructor(
    readonly index: number,
    readonly n: number,
  ) {}

  check(model: Readonly<ContentModel>): boolean {
    return model.pieces.length > 0;
  }

  async run(model: ContentModel, { ctx }: Real): Promise<void> {
    const piece = pick(model, this.index);
    const body = editedBody(piece.kind, this.n);
    const res = await patchPiece(ctx, piece.id, { body });
    if (locked(piece)) expectError(res, 400);
    else {
      expectOkStatus(res);
      piece.body = body;
    }
    await expectAsModel(ctx, piece, this.toString());
  }

  toString(): string {
    return `EditBody(#${this.index}, ${this.n})`;
  }
}
