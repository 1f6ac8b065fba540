/** The list views hold exactly the model's pieces SPEC.md rule 1 says. */
import { fail, type fc } from '../../../../src/authoring/index.js';
import { listSince } from '../../support/content-api.js';
import { inView, type ContentModel, type Real } from '../model.js';

const VIEWS = ['all', 'draft', 'published', 'archived'] as const;

export class CheckViewsCommand implements fc.AsyncCommand<ContentModel, Real> {
  check(model: Readonly<ContentModel>): boolean {
    return model.pieces.length > 0;
  }

  async run(model: ContentModel, { ctx }: Real): Promise<void> {
    // Pieces are only ever updated after they were created: the run's earliest creation bounds the list head.
    const since = model.pieces.reduce((min, p) => (p.createdAt < min ? p.createdAt : min), '9999');
    for (const view of VIEWS) {
      const listed = new Set((await listSince(ctx, { status: view }, since)).map((p) => p.id));
      for (const piece of model.pieces) {
        if (listed.has(piece.id) !== inView(view, piece))
          fail(`status=${view} ${listed.has(piece.id) ? 'lists' : 'does not list'} ${piece.id} (status ${piece.status}, ${piece.delivered ? 'delivered' : 'never delivered'})`);
      }
    }
  }

  toString(): string {
    return 'CheckViews';
  }
}
