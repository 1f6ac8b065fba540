/**
 * Every area's /v1 routes. An area adds its routes here.
 */
import type { RouteDef } from './http/types.js';
import { publicationRoutes } from './publications/routes.js';

export const areaRoutes: RouteDef[] = [...publicationRoutes];
