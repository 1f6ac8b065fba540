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

export const areaRoutes: RouteDef[] = [
  ...publicationRoutes, ...postRoutes, ...mediaRoutes, ...authSessionRoutes, ...authSessionPageRoutes,
  ...subscriberRoutes, ...emailRoutes, ...unsubscribeRoutes, ...contentRoutes, ...bucketRoutes, ...userRoutes,
  ...coinRoutes, ...searchRoutes, ...siteRoutes,
];
