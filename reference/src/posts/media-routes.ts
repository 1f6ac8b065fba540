/**
 * GET /media/:file: the re-hosted cover images (generated placeholders; see
 * media.ts). Public, outside /v1 like any CDN URL; an unknown file is a 404
 * with the usual error body.
 */
import { notFound } from '../errors.js';
import type { RouteDef } from '../http/types.js';
import { placeholderSvg } from './media.js';

export const mediaRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/media/:file',
    auth: 'none',
    handler: ({ state, params }) => {
      const match = /^([A-Za-z0-9]+)\.svg$/.exec(params.file);
      const post = match ? state.posts.byMediaId(match[1]) : undefined;
      if (!match || !post) throw notFound(`media ${params.file} not found`);
      return {
        body: placeholderSvg(match[1], post.imageAlt || post.title),
        contentType: 'image/svg+xml; charset=utf-8',
        headers: {
          // The caption follows the post's alt text and title, so caches must revalidate.
          'Cache-Control': 'no-cache',
          // An SVG opened directly is a document: allow it nothing beyond drawing itself.
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        },
      };
    },
  },
];
