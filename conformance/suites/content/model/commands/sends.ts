/**
 * The web app's sends, through the control API: queue, start, deliver,
 * fail, cancel (docs/control-api-content.md). Each is generated only where
 * the protocol allows it, so a refusal is a failure of the target.
 */
import type { fc } from '../../../../src/authoring/index.js';
import { sendStep, type SendStep } from '../../support/sends.js';
import { expectAsModel, pick, type ContentModel, type ModelPiece, type Real } from '../model.js';

interface SendRule {
  applies(p: ModelPiece): boolean;
  apply(p: ModelPiece): void;
}

const RULES: Record<SendStep, SendRule> = {
  queue: { applies: (p) => p.send === null && p.status !== 'archived', apply: (p) => void (p.send = 'queued') },
  start: { applies: (p) => p.send === 'queued', apply: (p) => void (p.send = 'running') },
  deliver: {
    applies: (p) => p.send !== null,
    apply: (p) => {
      p.send = null;
      p.status = 'published';
      p.delivered = true;
    },
  },
  // A failed or cancelled send unlocks; the status stays as it was.
  fail: { applies: (p) => p.send !== null, apply: (p) => void (p.send = null) },
  cancel: { applies: (p) => p.send === 'queued', apply: (p) => void (p.send = null) },
};

export class SendCommand implements fc.AsyncCommand<ContentModel, Real> {
  constructor(
    readonly step: SendStep,
    readonly index: number,
  ) {}

  check(model: Readonly<ContentModel>): boolean {
    return model.pieces.length > 0 && RULES[this.step].applies(pick(model as ContentModel, this.index));
  }

  async run(model: ContentModel, { ctx }: Real): Promise<void> {
    const piece = pick(model, this.index);
    await sendStep(ctx, piece.id, this.step);
    RULES[this.step].apply(piece);
    await expectAsModel(ctx, piece, this.toString());
  }

  toString(): string {
    return `Send.${this.step}(#${this.index})`;
  }
}
