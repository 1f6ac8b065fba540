/**
 * The web app's side of content pieces, for tests, under /_control: queue,
 * start, deliver, fail and cancel a send; attach media; see and make
 * suggestions. Documented in docs/control-api-content.md.
 */
import {
  ControlAttachMedia,
  ControlQueueSend,
  ControlSuggestionCreate,
  ControlSuggestionQuery,
  EmptyObject,
  type ContentPieceT,
} from '../../../schemas/content.js';
import { badRequest } from '../errors.js';
import { parseOr400, parseQuery } from '../http/validate.js';
import type { RequestContext, RouteDef } from '../http/types.js';
import type { ContentRecord } from './record.js';
import type { SuggestionRecord } from './suggestions.js';
import { contentView } from './view.js';
import { iso } from '../iso-time.js';
import { afterRestoredBodiesRead } from './routes.js';

export const CONTENT_CONTROL_CAPABILITIES = ['content-sends', 'content-media', 'suggestions'];

function controlView(piece: ContentRecord): ContentPieceT & Record<string, unknown> {
  return {
    ...contentView(piece),
    publicationId: piece.publicationId,
    send: piece.send ? { ...piece.send } : null,
    media: piece.media.map((m) => ({ ...m })),
  };
}

function suggestionView(s: SuggestionRecord) {
  return { ...s, createdAt: iso(s.createdAt), dismissedAt: s.dismissedAt === null ? null : iso(s.dismissedAt) };
}

type SendAction = 'startSend' | 'deliver' | 'failSend' | 'cancelSend';

function sendAction(path: string, action: SendAction): RouteDef {
  return {
    method: 'POST',
    path: `/_control/content/:contentId/send/${path}`,
    auth: 'none',
    handler: async (ctx: RequestContext) => {
      parseOr400(EmptyObject, await ctx.json());
      return { json: controlView(ctx.state.content[action](ctx.params.contentId)) };
    },
  };
}

export const contentControlRoutes: RouteDef[] = afterRestoredBodiesRead([
  {
    method: 'GET',
    path: '/_control/content/:contentId',
    auth: 'none',
    handler: (ctx) => ({ json: controlView(ctx.state.content.require(ctx.params.contentId)) }),
  },
  {
    method: 'POST',
    path: '/_control/content/:contentId/send',
    auth: 'none',
    handler: async (ctx) => {
      const { at } = parseOr400(ControlQueueSend, await ctx.json());
      const now = ctx.state.clock.now();
      if (at !== undefined && at <= now) throw badRequest(`at must be in the future: now is ${now}`);
      return { json: controlView(ctx.state.content.queueSend(ctx.params.contentId, at ?? null)) };
    },
  },
  sendAction('start', 'startSend'),
  sendAction('deliver', 'deliver'),
  sendAction('fail', 'failSend'),
  sendAction('cancel', 'cancelSend'),
  {
    method: 'POST',
    path: '/_control/content/:contentId/media',
    auth: 'none',
    handler: async (ctx) => {
      const media = parseOr400(ControlAttachMedia, await ctx.json());
      return { json: controlView(ctx.state.content.attachMedia(ctx.params.contentId, { url: media.url, alt: media.alt ?? null })) };
    },
  },
  {
    method: 'GET',
    path: '/_control/suggestions',
    auth: 'none',
    handler: (ctx) => {
      const filter = parseQuery(ControlSuggestionQuery, ctx.query);
      return { json: { suggestions: ctx.state.suggestions.list(filter).map(suggestionView) } };
    },
  },
  {
    method: 'POST',
    path: '/_control/suggestions',
    auth: 'none',
    handler: async (ctx) => {
      const body = parseOr400(ControlSuggestionCreate, await ctx.json());
      const piece = ctx.state.content.require(body.contentId);
      const text = body.text ?? `Send "${piece.title}" now`;
      return { json: suggestionView(ctx.state.suggestions.create(piece.publicationId, piece.id, text)) };
    },
  },
]);
