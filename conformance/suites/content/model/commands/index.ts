/** Every command of the content life-cycle model, as fast-check arbitraries. */
import { fc } from '../../../../src/authoring/index.js';
import { KINDS, publicValidBody } from '../../arbitraries/bodies.js';
import type { ContentModel, Real } from '../model.js';
import { ArchiveCommand } from './archive.js';
import { CheckViewsCommand } from './check-views.js';
import { CreateCommand } from './create.js';
import { EditBodyCommand } from './edit-body.js';
import { RenameCommand } from './rename.js';
import { RestoreCommand } from './restore.js';
import { SendCommand } from './sends.js';
import type { SendStep } from '../../support/sends.js';

// Small indices: commands often land on the same piece, where the interesting interleavings are.
const index = fc.nat(5);
const step = (steps: SendStep[]) => fc.tuple(fc.constantFrom(...steps), index).map(([s, i]) => new SendCommand(s, i));

/**
 * One weighted choice: creating, queueing and archiving come often enough
 * that locks meet archives and edits within a short sequence.
 */
export const contentCommand: fc.Arbitrary<fc.AsyncCommand<ContentModel, Real>> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KINDS).chain((kind) => publicValidBody(kind).map((body) => new CreateCommand(kind, body))) },
  { weight: 1, arbitrary: fc.tuple(index, fc.constantFrom('a', 'b', 'c')).map(([i, label]) => new RenameCommand(i, label)) },
  { weight: 2, arbitrary: fc.tuple(index, fc.nat(9)).map(([i, n]) => new EditBodyCommand(i, n)) },
  { weight: 3, arbitrary: index.map((i) => new ArchiveCommand(i)) },
  { weight: 2, arbitrary: index.map((i) => new RestoreCommand(i)) },
  { weight: 3, arbitrary: step(['queue']) },
  { weight: 2, arbitrary: step(['deliver']) },
  { weight: 2, arbitrary: step(['start', 'fail', 'cancel']) },
  { weight: 1, arbitrary: fc.constant(new CheckViewsCommand()) },
);

export const contentCommands = [contentCommand];
