/**
 * The shape of a saved state, from each store's own snapshot schema. A state
 * file or named snapshot is checked against it before any store reads it, so
 * a well-formed JSON document with a broken record (a title that is null, a
 * clock offset that is a string, a missing list) is refused with the record
 * and the field named, instead of starting, answering 500 or being saved
 * back broken. A state of the right shape is then checked as a whole
 * (state-references.ts): ids unique, references to records it holds.
 */
import { z } from 'zod';
import { MAX_CLOCK_MS } from '../../../schemas/control.js';
import { ApiKeysSnapshot } from '../keys/snapshot-schema.js';
import { AuthSessionsSnapshot } from '../auth-sessions/snapshot-schema.js';
import { UsersSnapshot } from '../users/snapshot-schema.js';
import { PublicationsSnapshot } from '../publications/snapshot-schema.js';
import { PostsSnapshot } from '../posts/snapshot-schema.js';
import { ContentSnapshot, SuggestionsSnapshot } from '../content/snapshot-schema.js';
import { BucketsSnapshot } from '../buckets/snapshot-schema.js';
import { SubscribersSnapshot, SuppressionsSnapshot } from '../subscribers/snapshot-schema.js';
import { EmailsSnapshot } from '../emails/snapshot-schema.js';
import { referenceProblem } from './state-references.js';

/** The four 32-bit words of a seeded generator (random.ts), saved unsigned; a signed one (saved by earlier versions) reads the same. */
const GeneratorState = z.array(z.number().int().min(-0x80000000).max(0xffffffff)).length(4);

export const StateSnapshotSchema = z.object({
  seed: z.number().int(),
  fixtures: z.object({ now: z.number(), empty: z.boolean() }),
  clock: z.object({
    offsetMs: z.number().min(-MAX_CLOCK_MS).max(MAX_CLOCK_MS),
    frozenAt: z.number().min(0).max(MAX_CLOCK_MS).nullable(),
  }),
  random: GeneratorState,
  keys: ApiKeysSnapshot,
  users: UsersSnapshot,
  publications: PublicationsSnapshot,
  posts: PostsSnapshot,
  authSessions: AuthSessionsSnapshot,
  content: ContentSnapshot,
  buckets: BucketsSnapshot,
  suggestions: SuggestionsSnapshot,
  suppressions: SuppressionsSnapshot,
  subscribers: SubscribersSnapshot,
  emails: EmailsSnapshot,
});

/**
 * What is wrong with a saved state, in words: the first problem, where it is
 * (`state.posts[3] (record "<id>").title`, the record named by its id, key or
 * token), or null.
 */
export function stateProblem(state: unknown): string | null {
  const result = StateSnapshotSchema.safeParse(state);
  const issue = result.success ? referenceProblem(result.data) : result.error.issues[0];
  return issue && `${describePath(state, issue.path)}: ${issue.message}`;
}

function describePath(state: unknown, path: readonly PropertyKey[]): string {
  let out = 'state';
  let value: unknown = state;
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : `.${String(part)}`;
    value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[part] : undefined;
    if (typeof part === 'number' && value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const name = [record.id, record.key, record.token].find((v) => typeof v === 'string');
      if (name !== undefined) out += ` (record ${JSON.stringify(String(name).slice(0, 64))})`;
    }
  }
  return out;
}
