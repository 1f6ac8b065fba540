/**
 * Every area's /v1 routes. An area adds its routes here.
 */
import type { RouteDef } from './http/types.js';
import { publicationRoutes } from './publications/routes.js';
import { postRoutes } from './posts/routes.js';
import { mediaRoutes } from './posts/media-routes.js';

export const areaRoutes: RouteDef[] = [...publicationRoutes, ...postRoutes, ...mediaRoutes];
