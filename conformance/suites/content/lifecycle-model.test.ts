/**
 * Model-based test of the content life cycle, locks included: random
 * sequences of create, rename, body edit, archive, restore and the web
 * app's send steps, each checked against a small model written from SPEC.md.
 */
import { fc, rule } from '../../src/authoring/index.js';
import { CheckViewsCommand } from './model/commands/check-views.js';
import { contentCommands } from './model/commands/index.js';
import type { ContentModel } from './model/model.js';
import { CONTENT_SENDS } from './support/sends.js';

rule(
  [
    'content.create.draft',
    'content.archive.draft',
    'content.archive.delivered',
    'content.archive.queued-refused',
    'content.archive.queued-400',
    'content.archive.leaves-default-list',
    'content.restore.back-in-list',
    'content.edit.locked-body-refused',
    'content.edit.locked-400',
    'content.edit.locked-rename-allowed',
    'content.patch.body-replaces',
    'content.shape.locked-null-when-editable',
    'content.shape.url-null-undelivered',
    'content.shape.url-null-email',
    'content.list.status-all',
    'content.list.delivered-archived-stays',
    'content.list.status-archived',
    'content.list.status-draft-published',
  ],
  'the content life cycle follows the model over random sequences of edits, archives, restores and sends',
  async (ctx) => {
    await ctx.check(
      fc.commands(contentCommands, { maxCommands: 30, size: 'large' }),
      async (commands) => {
        const model: ContentModel = { pieces: [] };
        await fc.asyncModelRun(() => ({ model, real: { ctx } }), commands);
        // Every run ends by comparing the list views with the model.
        if (model.pieces.length > 0) await new CheckViewsCommand().run(model, { ctx });
      },
      { runs: Math.min(ctx.runs, 20) },
    );
  },
  { needs: [CONTENT_SENDS], timeout: 240_000 },
);
