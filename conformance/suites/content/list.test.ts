/**
 * GET /v1/content: the page, its order, the kind filter and the status views
 * of rule 1, the last as a property over random histories of create,
 * archive, restore and (with the control API) delivery.
 */
import { z } from 'zod';
import { ContentPieceSummary } from '../../../schemas/content.js';
import { expectError, expectOk, fail, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { KINDS } from './arbitraries/bodies.js';
import {
  CONTENT,
  archivePiece,
  createPiece,
  draftOf,
  earliest,
  expectOkStatus,
  getPiece,
  listSince,
  patchPiece,
  restorePiece,
  type ListFilter,
} from './support/content-api.js';
import { CONTENT_SENDS, deliver } from './support/sends.js';

const Page = z.object({
  items: z.array(ContentPieceSummary),
  pagination: z.object({ cursor: z.string(), hasMore: z.boolean(), total: z.number().int().min(0) }),
});

rule(
  ['content.list.page', 'content.shape.body-single-only', 'pagination.limit.content'],
  'GET /v1/content answers a page of pieces without body; limit is 1..50, default 20',
  async (ctx) => {
    for (const kind of KINDS) await createPiece(ctx, draftOf(ctx, kind));
    const page = expectOk(await ctx.api.get(CONTENT), Page);
    if (page.items.length > 20) fail(`the default page has ${page.items.length} items, more than 20`);
    const raw = (await ctx.api.get(CONTENT, { query: { limit: 50 } })).body as { items: Record<string, unknown>[] };
    for (const item of raw.items) if ('body' in item) fail(`list item ${String(item.id)} carries a body`);
    for (const limit of [1, 50]) {
      const res = expectOk(await ctx.api.get(CONTENT, { query: { limit } }), Page);
      if (res.items.length > limit) fail(`limit=${limit} answered ${res.items.length} items`);
    }
    for (const limit of [0, 51, -1]) expectError(await ctx.api.get(CONTENT, { query: { limit } }), 400);
  },
);

rule(
  'content.list.newest-activity-first',
  'the list is newest activity first: a renamed piece moves to the top, and updatedAt never increases down the list',
  async (ctx) => {
    const first = await createPiece(ctx, draftOf(ctx, 'tweet'));
    const second = await createPiece(ctx, draftOf(ctx, 'linkedin'));
    // A rename in the same millisecond as the second create ties on updatedAt, and ties go by id.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expectOkStatus(await patchPiece(ctx, first.id, { title: ctx.names.title('renamed') }));
    const head = await listSince(ctx, {}, earliest([first, second]));
    const mine = head.filter((p) => p.id === first.id || p.id === second.id).map((p) => p.id);
    if (mine[0] !== first.id) fail(`after renaming ${first.id} it is not above ${second.id}: ${mine.join(', ')}`);
    for (let i = 1; i < head.length; i++) {
      if (head[i].updatedAt > head[i - 1].updatedAt) fail(`${head[i].id} (updated ${head[i].updatedAt}) is listed below an older piece`);
    }
  },
);

rule(
  'content.list.kind-filter',
  'GET /v1/content?kind= lists only pieces of that kind',
  async (ctx) => {
    const made: Awaited<ReturnType<typeof createPiece>>[] = [];
    for (const kind of KINDS) made.push(await createPiece(ctx, draftOf(ctx, kind)));
    for (const piece of made) {
      const head = await listSince(ctx, { kind: piece.kind }, earliest(made));
      const other = head.find((p) => p.kind !== piece.kind);
      if (other) fail(`kind=${piece.kind} lists ${other.id} of kind ${other.kind}`);
      if (!head.some((p) => p.id === piece.id)) fail(`kind=${piece.kind} does not list ${piece.id}`);
    }
  },
);

rule(
  'content.list.order',
  'ties in updatedAt are broken by id',
  async (ctx) => {
    await ctx.control.freezeClock(true);
    try {
      const made: { id: string; updatedAt: string }[] = [];
      for (let i = 0; i < 4; i++) made.push(await createPiece(ctx, draftOf(ctx, 'tweet')));
      const head = await listSince(ctx, {}, earliest(made));
      const ids = head.filter((p) => made.some((m) => m.id === p.id)).map((p) => p.id);
      const sorted = [...ids].sort();
      if (ids.join() !== sorted.join()) fail(`pieces with the same updatedAt are listed ${ids.join(', ')}, not by id`);
    } finally {
      await ctx.control.freezeClock(false);
    }
  },
  { needs: ['control:clock'] },
);

// ---- status views over random histories ----

/** What happens to one piece after it is created, in order. */
type Op = 'archive' | 'restore' | 'deliver';
interface Script {
  kind: (typeof KINDS)[number];
  ops: Op[];
}

interface Fact {
  id: string;
  updatedAt: string;
  delivered: boolean;
  archived: boolean;
}

const VIEWS: Required<ListFilter>['status'][] = ['all', 'draft', 'published', 'archived'];

/** Rule 1 of SPEC.md, written out: which views list a piece. */
function expectedIn(view: (typeof VIEWS)[number], f: Fact): boolean {
  switch (view) {
    case 'all':
      return !f.archived || f.delivered;
    case 'archived':
      return f.archived && !f.delivered;
    case 'draft':
      return !f.archived && !f.delivered;
    case 'published':
      return !f.archived && f.delivered;
  }
}

/**
 * A history: a few pieces, each created and then taken through its own
 * short script. Scripts are short and dense, so deliver-then-archive,
 * archive-then-restore and the like come up in almost every run.
 */
function histories(withDelivery: boolean): fc.Arbitrary<Script[]> {
  const ops: Op[] = withDelivery ? ['archive', 'restore', 'deliver'] : ['archive', 'restore'];
  const script = fc.record({ kind: fc.constantFrom(...KINDS), ops: fc.array(fc.constantFrom(...ops), { maxLength: 4 }) });
  return fc.array(script, { minLength: 1, maxLength: 4 });
}

async function runHistory(ctx: RuleContext, history: Script[]): Promise<void> {
  const facts: Fact[] = [];
  for (const { kind, ops } of history) {
    const piece = await createPiece(ctx, draftOf(ctx, kind));
    const fact: Fact = { id: piece.id, updatedAt: piece.updatedAt, delivered: false, archived: false };
    facts.push(fact);
    for (const op of ops) {
      // Only what SPEC.md describes: archive what is not archived, restore what is, deliver what is not archived.
      if (op === 'archive' && !fact.archived) {
        expectOkStatus(await archivePiece(ctx, fact.id));
        fact.archived = true;
      } else if (op === 'restore' && fact.archived) {
        expectOkStatus(await restorePiece(ctx, fact.id));
        fact.archived = false;
      } else if (op === 'deliver' && !fact.archived) {
        await deliver(ctx, fact.id);
        fact.delivered = true;
      }
    }
  }
  if (facts.length === 0) return;
  const since = earliest(facts);
  for (const view of VIEWS) {
    const listed = new Set((await listSince(ctx, { status: view }, since)).map((p) => p.id));
    for (const f of facts) {
      const want = expectedIn(view, f);
      if (listed.has(f.id) !== want) {
        const state = `${f.delivered ? 'delivered' : 'never delivered'}, ${f.archived ? 'archived' : 'not archived'}`;
        fail(`status=${view} ${want ? 'does not list' : 'lists'} ${f.id} (${state})`);
      }
    }
  }
  // The life cycle of docs/spec-gaps-content.md: archivedAt is set by archiving and cleared by restoring, and no other step sets it.
  for (const f of facts) {
    const { archivedAt } = await getPiece(ctx, f.id);
    if ((archivedAt !== null) !== f.archived) fail(`${f.id} (${f.archived ? 'archived' : 'not archived'}) has archivedAt ${archivedAt}`);
  }
}

rule(
  [
    'content.list.status-all',
    'content.list.status-archived',
    'content.list.status-draft-published',
    'content.archive.draft',
    'content.archive.leaves-default-list',
    'content.restore.back-in-list',
  ],
  'each status view lists exactly the pieces rule 1 says, over random histories of create, archive and restore',
  async (ctx) => {
    await ctx.check(histories(false), (history) => runHistory(ctx, history), { runs: Math.min(ctx.runs, 15) });
  },
);

rule(
  [
    'content.list.status-all',
    'content.list.delivered-archived-stays',
    'content.list.status-archived',
    'content.list.status-draft-published',
    'content.archive.delivered',
  ],
  'with deliveries too: a delivered piece stays under all after archiving, and never counts as archived-never-delivered',
  async (ctx) => {
    await ctx.check(histories(true), (history) => runHistory(ctx, history), { runs: Math.min(ctx.runs, 15) });
  },
  { needs: [CONTENT_SENDS] },
);

rule(
  'content.list.cursor-bound',
  "a cursor of GET /v1/content replayed with another status or kind filter, or with another publication's key, answers 400",
  async (ctx) => {
    for (let i = 0; i < 2; i++) await createPiece(ctx, draftOf(ctx, 'tweet'));
    const first = expectOk(await ctx.api.get(CONTENT, { query: { kind: 'tweet', limit: 1 } }), Page);
    if (!first.pagination.hasMore) fail('GET /v1/content?kind=tweet&limit=1 has no next page, with two tweets');
    const { cursor } = first.pagination;
    // The cursor still pages its own list: the refusals below are about the list it was issued for.
    expectOk(await ctx.api.get(CONTENT, { query: { kind: 'tweet', limit: 1, cursor } }), Page);
    const replays: { what: string; query: Record<string, string>; as?: 'b' }[] = [
      { what: 'with status=draft', query: { kind: 'tweet', status: 'draft' } },
      { what: 'with kind=linkedin', query: { kind: 'linkedin' } },
      { what: 'without the kind filter', query: {} },
      { what: "with publication B's key", query: { kind: 'tweet' }, as: 'b' },
    ];
    for (const replay of replays) {
      const res = await ctx.api.as(replay.as ?? 'a').get(CONTENT, { query: { ...replay.query, limit: 1, cursor } });
      if (res.status !== 400) fail(`the cursor of ?kind=tweet replayed ${replay.what} answered ${res.status}, expected 400`);
      expectError(res, 400);
    }
  },
  { needs: ['secondKey'] },
);

