/**
 * HTTP for publications and /v1/me: extract, call the store, shape.
 */
import { badRequest } from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import { requireCaller, type RouteDef } from '../http/types.js';
import { PublicationPatch, REMOVED_PUBLICATION_SETTINGS } from '../../../schemas/publications.js';
import { publicationView } from './store.js';

export const publicationRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/publications/:publicationId',
    auth: 'none',
    handler: ({ state, params }) => ({ json: publicationView(state.publications.require(params.publicationId)) }),
  },
  {
    method: 'GET',
    path: '/v1/publications/slug/:slug',
    auth: 'none',
    handler: ({ state, params }) => ({ json: publicationView(state.publications.bySlugOrAt(params.slug)) }),
  },
  {
    method: 'GET',
    path: '/v1/publications/domain/:domain',
    auth: 'none',
    handler: ({ state, params }) => ({ json: publicationView(state.publications.byCustomDomain(params.domain)) }),
  },
  {
    method: 'PATCH',
    path: '/v1/publications/:publicationId',
    auth: 'required',
    handler: async (ctx) => {
      const caller = requireCaller(ctx);
      ctx.state.publications.requireOwn(ctx.params.publicationId, caller.publicationId);
      const body = await ctx.json();
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('body must be a JSON object of the settings to change');
      for (const removed of REMOVED_PUBLICATION_SETTINGS) {
        if (removed in body) throw badRequest(`${removed} was removed and can no longer be set`);
      }
      const patch = parseOr400(PublicationPatch, body);
      return { json: publicationView(ctx.state.publications.update(ctx.params.publicationId, patch)) };
    },
  },
  {
    method: 'GET',
    path: '/v1/me',
    auth: 'required',
    handler: (ctx) => {
      const p = ctx.state.publications.require(requireCaller(ctx).publicationId);
      return { json: { ...publicationView(p), plan: p.plan } };
    },
  },
];
