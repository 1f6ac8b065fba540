/**
 * Content pieces through /v1/content, as the suites use them. Only SPEC.md's
 * shapes are assumed here: the answer of create, patch and restore is "not
 * shown", so helpers read the piece back with GET (which SPEC.md defines)
 * rather than trusting those answers; the reference's own answers are tested
 * separately in the reference-choices profile.
 */
import { z } from 'zod';
import { ContentPiece, ContentPieceSummary, type ContentKind, type ContentPieceT } from '../../../../schemas/content.js';
import { expectOk, expectStatus, fail, ListWalk, setupStep, type ApiResponse, type RuleContext } from '../../../src/authoring/index.js';

export const CONTENT = '/v1/content';
export const piecePath = (id: string, action?: 'archive' | 'restore') =>
  `${CONTENT}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export type Who = 'a' | 'b';

/** A small valid body of each kind (public rules only). */
export const SAMPLE_BODIES: Record<ContentKind, Record<string, unknown>> = {
  tweet: { text: 'A conformance draft' },
  linkedin: { text: 'A conformance LinkedIn draft' },
  newsletter: { subject: 'A conformance subject', body: 'Hello **readers**' },
  x_article: { title: 'A conformance headline', body: 'Some *CommonMark*' },
};

/** A create request of `kind` whose title names the run. */
export function draftOf(ctx: RuleContext, kind: ContentKind, body?: unknown, extra: Record<string, unknown> = {}) {
  return { kind, title: ctx.names.title(`content ${kind}`), body: body ?? SAMPLE_BODIES[kind], ...extra };
}

const Created = z.object({ id: z.string().min(1) }).passthrough();

/** POST /v1/content without judging the answer; anything it created is archived at the end. */
export async function tryCreate(ctx: RuleContext, request: unknown, as: Who = 'a'): Promise<ApiResponse> {
  const res = await ctx.api.as(as).post(CONTENT, request);
  const made = Created.safeParse(res.body);
  if (res.status >= 200 && res.status < 300 && made.success) ctx.created.content(made.data.id, as);
  return res;
}

/** Creates a piece (any 2xx with an id) and answers it as GET shows it. */
export async function createPiece(ctx: RuleContext, request: unknown, as: Who = 'a'): Promise<ContentPieceT> {
  const id = await setupStep('content.create.draft', async () => {
    const res = expectStatus(await tryCreate(ctx, request, as), '2xx');
    const made = Created.safeParse(res.body);
    if (!made.success) fail(`${res.label} answered ${res.status} without the new piece's id: ${res.text.slice(0, 300)}`);
    return made.data.id;
  });
  return getPiece(ctx, id, as);
}

/** Any 2xx: SPEC.md shows no status for patch, archive and restore answers beyond success. */
export function expectOkStatus(res: ApiResponse): ApiResponse {
  return expectStatus(res, '2xx');
}

export async function getPiece(ctx: RuleContext, id: string, as: Who = 'a'): Promise<ContentPieceT> {
  return expectOk(await ctx.api.as(as).get(piecePath(id)), ContentPiece);
}

export function patchPiece(ctx: RuleContext, id: string, patch: unknown, as: Who = 'a'): Promise<ApiResponse> {
  return ctx.api.as(as).patch(piecePath(id), patch);
}

export function archivePiece(ctx: RuleContext, id: string, as: Who = 'a'): Promise<ApiResponse> {
  return ctx.api.as(as).post(piecePath(id, 'archive'), {});
}

export function restorePiece(ctx: RuleContext, id: string, as: Who = 'a'): Promise<ApiResponse> {
  return ctx.api.as(as).post(piecePath(id, 'restore'), {});
}

export type ListFilter = { status?: 'all' | 'draft' | 'published' | 'archived'; kind?: ContentKind };

const Page = z.object({
  items: z.array(ContentPieceSummary),
  pagination: z.object({ cursor: z.string(), hasMore: z.boolean(), total: z.number() }),
});

/**
 * The head of a list view: every item updated at or after `since` (ISO
 * 8601), following cursors. The list is newest activity first, so paging
 * stops at the first older item: the suite never walks a live library whole.
 */
export async function listSince(ctx: RuleContext, filter: ListFilter, since: string, as: Who = 'a') {
  const items: z.infer<typeof ContentPieceSummary>[] = [];
  const walk = new ListWalk(`GET ${CONTENT}`);
  for (let cursor: string | undefined; ; ) {
    const res = await ctx.api.as(as).get(CONTENT, { query: { ...filter, limit: 50, cursor } });
    const body = expectOk(res, Page);
    for (const item of body.items) {
      if (item.updatedAt < since) return items;
      items.push(item);
    }
    if (!walk.next({ askedWith: cursor, ...body.pagination, ids: body.items.map((item) => item.id) })) return items;
    cursor = body.pagination.cursor;
  }
}

/** The earliest updatedAt among pieces: where listSince may stop. */
export function earliest(pieces: { updatedAt: string }[]): string {
  return pieces.reduce((min, p) => (p.updatedAt < min ? p.updatedAt : min), '9999');
}

/** Equal as JSON, whatever the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  return value;
}
