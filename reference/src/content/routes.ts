/**
 * HTTP for /v1/content: extract, call the store, shape. Every piece belongs
 * to the key's publication; another publication's piece is not found.
 */
import { CONTENT_LIMITS, ContentListQuery, EmptyObject } from '../../../schemas/content.js';
import { paginate } from '../pagination.js';
import { parseOr400, parseQuery } from '../http/validate.js';
import { requireCaller, type RouteDef } from '../http/types.js';
import { CONTENT_ORDER } from './list-filter.js';
import { readMarkdownInWorker } from './markdown-text.js';
import { markdownToRead, type BodyReading } from './body-rules.js';
import { parseCreateRequest, parsePatchRequest } from './request.js';
import { isPlainObject } from './wording.js';
import { contentSummaryView, contentView } from './view.js';

/**
 * Content routes wait, after a restore, until the restored markdown bodies
 * are read in the conversion workers (ContentStore.bodiesRead): their
 * excerpts are then never read on this thread. At once otherwise.
 */
export function afterRestoredBodiesRead(routes: RouteDef[]): RouteDef[] {
  return routes.map((route) => ({
    ...route,
    handler: async (ctx) => {
      const reading = ctx.state.content.bodiesRead();
      if (reading) await reading;
      return route.handler(ctx);
    },
  }));
}

export const contentRoutes: RouteDef[] = afterRestoredBodiesRead([
  {
    method: 'GET',
    path: '/v1/content',
    auth: 'required',
    handler: (ctx) => {
      const { publicationId } = requireCaller(ctx);
      const query = parseQuery(ContentListQuery, ctx.query);
      const pieces = ctx.state.content.list(publicationId, { status: query.status, kind: query.kind });
      // The cursor is bound to the publication and the filters: it cannot be replayed on another list.
      const scope = `content:${publicationId}:${query.status}:${query.kind ?? '*'}`;
      const page = { cursor: query.cursor, limit: query.limit ?? CONTENT_LIMITS.pageDefault };
      return { json: paginate(ctx.state.cursors, scope, pieces, CONTENT_ORDER, page, contentSummaryView) };
    },
  },
  {
    method: 'POST',
    path: '/v1/content',
    auth: 'required',
    handler: async (ctx) => {
      const { publicationId } = requireCaller(ctx);
      const raw = await ctx.json();
      const request = parseCreateRequest(raw, isPlainObject(raw) ? await readAhead(raw.kind, raw.body) : undefined);
      return { json: contentView(ctx.state.content.create(publicationId, request)) };
    },
  },
  {
    method: 'GET',
    path: '/v1/content/:contentId',
    auth: 'required',
    handler: (ctx) => ({
      json: contentView(ctx.state.content.requireOwn(requireCaller(ctx).publicationId, ctx.params.contentId)),
    }),
  },
  {
    method: 'PATCH',
    path: '/v1/content/:contentId',
    auth: 'required',
    handler: async (ctx) => {
      const { publicationId } = requireCaller(ctx);
      const raw = await ctx.json();
      const piece = ctx.state.content.requireOwn(publicationId, ctx.params.contentId);
      const patch = parsePatchRequest(raw, piece.kind, isPlainObject(raw) ? await readAhead(piece.kind, raw.body) : undefined);
      return { json: contentView(ctx.state.content.patch(publicationId, piece.id, patch)) };
    },
  },
  {
    method: 'POST',
    path: '/v1/content/:contentId/archive',
    auth: 'required',
    handler: async (ctx) => {
      const { publicationId } = requireCaller(ctx);
      parseOr400(EmptyObject, await ctx.json());
      return { json: contentView(ctx.state.content.archive(publicationId, ctx.params.contentId)) };
    },
  },
  {
    method: 'POST',
    path: '/v1/content/:contentId/restore',
    auth: 'required',
    handler: async (ctx) => {
      const { publicationId } = requireCaller(ctx);
      parseOr400(EmptyObject, await ctx.json());
      return { json: contentView(ctx.state.content.restore(publicationId, ctx.params.contentId)) };
    },
  },
]);

/**
 * A newsletter's or article's markdown is read (for its excerpt and its links)
 * in a conversion worker, before the body is checked: marked is superlinear on
 * some text (long runs of "> "), which must not hold the thread that answers
 * everyone else.
 */
async function readAhead(kind: unknown, body: unknown): Promise<BodyReading | undefined> {
  const markdown = markdownToRead(kind, body);
  return markdown === null ? undefined : { markdown, reading: await readMarkdownInWorker(markdown) };
}
