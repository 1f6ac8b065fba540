/** Create: a new piece is a draft, not scheduled, not locked. */
import type { fc } from '../../../../src/authoring/index.js';
import type { ContentKind } from '../../../../../schemas/content.js';
import { createPiece, draftOf } from '../../support/content-api.js';
import { MAX_PIECES, expectAsModel, type ContentModel, type Real } from '../model.js';

export class CreateCommand implements fc.AsyncCommand<ContentModel, Real> {
  constructor(
    readonly kind: ContentKind,
    readonly body: Record<string, unknown>,
  ) {}

  check(model: Readonly<ContentModel>): boolean {
    return model.pieces.length < MAX_PIECES;
  }

  async run(model: ContentModel, { ctx }: Real): Promise<void> {
    const request = draftOf(ctx, this.kind, this.body);
    const made = await createPiece(ctx, request);
    const piece = { id: made.id, kind: this.kind, title: request.title, body: this.body, status: 'draft' as const, delivered: false, send: null, createdAt: made.createdAt };
    model.pieces.push(piece);
    await expectAsModel(ctx, piece, this.toString());
  }

  toString(): string {
    return `Create(${this.kind})`;
  }
}
