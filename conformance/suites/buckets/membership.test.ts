/**
 * Membership as a property over random sequences: pieces created into a
 * group, created alone and grouped later, and attempts to move them. A piece
 * joins one group and stays there (409 on a move); the seeding post stays
 * first; with the reference's choices, positions follow the order of joining.
 */
import { expectError, expectStatus, fail, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { KINDS } from '../content/arbitraries/bodies.js';
import { createPiece, draftOf, getPiece, patchPiece } from '../content/support/content-api.js';
import { expectSeedFirst, getBucket, makeBucket, pieceIds, seedPost } from './support/buckets-api.js';

type Step =
  | { op: 'create-in'; group: number; kind: (typeof KINDS)[number] }
  | { op: 'create-alone'; kind: (typeof KINDS)[number] }
  | { op: 'join'; piece: number; group: number };

const GROUPS = 2;

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('create-in' as const), group: fc.nat(GROUPS - 1), kind: fc.constantFrom(...KINDS) }),
    fc.record({ op: fc.constant('create-alone' as const), kind: fc.constantFrom(...KINDS) }),
    fc.record({ op: fc.constant('join' as const), piece: fc.nat(7), group: fc.nat(GROUPS - 1) }),
    fc.record({ op: fc.constant('join' as const), piece: fc.nat(7), group: fc.nat(GROUPS - 1) }),
  ),
  { minLength: 2, maxLength: 10 },
);

/** Runs the steps and checks every group against the model; `joinOrder` adds the reference's positions. */
async function runMembership(ctx: RuleContext, history: Step[], joinOrder: boolean): Promise<void> {
  const posts = [];
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    const post = await seedPost(ctx, `membership ${g}`);
    posts.push(post);
    groups.push(await makeBucket(ctx, post.id));
  }
  // The model: each piece's group (index) or null, and each group's pieces in order of joining.
  const pieces: { id: string; group: number | null }[] = [];
  const joined: string[][] = groups.map(() => []);
  for (const step of history) {
    if (step.op === 'create-in' || step.op === 'create-alone') {
      const group = step.op === 'create-in' ? step.group : null;
      const extra = group === null ? {} : { bucketId: groups[group] };
      const piece = await createPiece(ctx, draftOf(ctx, step.kind, undefined, extra));
      pieces.push({ id: piece.id, group });
      if (group !== null) joined[group].push(piece.id);
      continue;
    }
    if (pieces.length === 0) continue;
    const piece = pieces[step.piece % pieces.length];
    // SPEC.md says nothing of regrouping into the same group: only the reference-choices run sends it.
    if (piece.group === step.group && !joinOrder) continue;
    const res = await patchPiece(ctx, piece.id, { bucketId: groups[step.group] });
    if (piece.group === null) {
      expectStatus(res, '2xx');
      piece.group = step.group;
      joined[step.group].push(piece.id);
    } else if (piece.group === step.group) {
      expectStatus(res, '2xx');
    } else {
      expectError(res, 409);
    }
  }
  for (const piece of pieces) {
    const got = await getPiece(ctx, piece.id);
    const want = piece.group === null ? null : groups[piece.group];
    if (got.bucketId !== want) fail(`piece ${piece.id} has bucketId ${got.bucketId}, expected ${want}`);
  }
  for (let g = 0; g < GROUPS; g++) {
    const bucket = await getBucket(ctx, groups[g]);
    expectSeedFirst(bucket, posts[g].id);
    const members = pieceIds(bucket);
    if ([...members].sort().join() !== [...joined[g]].sort().join())
      fail(`group ${g} holds ${members.join(', ') || 'no piece'}, expected ${joined[g].join(', ') || 'no piece'}`);
    if (joinOrder) {
      if (members.join() !== joined[g].join()) fail(`group ${g} lists ${members.join(', ')}, not in order of joining ${joined[g].join(', ')}`);
      const positions = bucket.members.map((m) => m.position);
      if (positions.join() !== positions.map((_, i) => i).join()) fail(`positions are ${positions.join(', ')}`);
    }
  }
}

rule(
  [
    'content.create.bucket-id',
    'content.patch.bucket-conflict-409',
    'errors.409.already-grouped',
    'buckets.shape.seeding-post-first',
  ],
  'over random sequences, a piece joins one group, a move elsewhere is 409, and each group holds exactly its pieces',
  async (ctx) => {
    await ctx.check(steps, (history) => runMembership(ctx, history, false), { runs: Math.min(ctx.runs, 10) });
  },
);

rule(
  ['buckets.member.position', 'content.patch.bucket-same-noop'],
  'over random sequences, members are listed in order of joining with positions 0, 1, 2, ...',
  async (ctx) => {
    await ctx.check(steps, (history) => runMembership(ctx, history, true), { runs: Math.min(ctx.runs, 10) });
  },
);
