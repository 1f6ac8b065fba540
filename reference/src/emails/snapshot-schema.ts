/** The email area's part of a saved state (persistence/state-schema.ts): outbox, unsubscribe tokens, fault switches. */
import { z } from 'zod';
import { EmailFaultsView, OutboxEmail } from '../../../schemas/outbox.js';
import { TokensSnapshot } from '../unsubscribe/snapshot-schema.js';

export const EmailsSnapshot = z.object({
  outbox: z.object({ seq: z.number().int().min(0), batches: z.number().int().min(0), items: z.array(OutboxEmail) }),
  tokens: TokensSnapshot,
  faults: EmailFaultsView.extend({ random: z.array(z.number().int().min(-0x80000000).max(0xffffffff)).length(4) }),
  newsletterSent: z.array(z.string()),
  requests: z.number().int().min(0),
});
