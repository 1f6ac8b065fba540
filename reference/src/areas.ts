/**
 * Every area's /v1 routes. An area adds its routes here.
 */
import type { RouteDef } from './http/types.js';
import { publicationRoutes } from './publications/routes.js';
import { contentRoutes } from './content/routes.js';
import { bucketRoutes } from './buckets/routes.js';
import { authSessionRoutes } from './auth-sessions/routes.js';
import { authSessionPageRoutes } from './auth-sessions/page-routes.js';
import { postRoutes } from './posts/routes.js';
import { mediaRoutes } from './posts/media-routes.js';
import { subscriberRoutes } from './subscribers/routes.js';
import { emailRoutes } from './emails/routes.js';
import { unsubscribeRoutes } from './unsubscribe/routes.js';
import { userRoutes } from './users/routes.js';
import { coinRoutes } from './coins/routes.js';
import { searchRoutes } from './search/routes.js';
import { siteRoutes } from './site/routes.js';

export const areaRoutes: RouteDef[] = [...publicationRoutes, ...postRoutes, ...mediaRoutes, ...authSessionRoutes, ...authSessionPageRoutes, ...subscriberRoutes, ...emailRoutes, ...unsubscribeRoutes];

// Content pieces and content groups (a line of their own, so areas can be added independently).
areaRoutes.push(...contentRoutes, ...bucketRoutes);

// Users: authors by id and by wallet address.
areaRoutes.push(...userRoutes);

// Coins and discovery search (production's OpenAPI).
areaRoutes.push(...coinRoutes, ...searchRoutes);

// The public site: a publication's home and its posts as readers see them.
areaRoutes.push(...siteRoutes);
