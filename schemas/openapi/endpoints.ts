/**
 * Every endpoint of the contract, by area. coverage.test.ts checks this list
 * against the reference's router, both ways.
 */
import type { Endpoint } from './endpoint.js';
import { publicationEndpoints } from './publications.js';
import { userEndpoints } from './users.js';
import { coinEndpoints } from './coins.js';
import { discoverEndpoints } from './discover.js';
import { postEndpoints } from './posts.js';
import { contentControlEndpoints, contentEndpoints } from './content.js';
import { bucketControlEndpoints, bucketEndpoints } from './buckets.js';
import { subscriberEndpoints } from './subscribers.js';
import { emailControlEndpoints, emailEndpoints } from './emails.js';
import { authSessionControlEndpoints, authSessionEndpoints } from './auth-sessions.js';
import { controlEndpoints } from './control.js';
import { analyticsControlEndpoints, analyticsEndpoints } from './analytics.js';
import { faultControlEndpoints } from './faults.js';
import { journalControlEndpoints } from './journal.js';
import { siteEndpoints } from './site.js';
import { inspectorEndpoints } from './inspector.js';

export const ENDPOINTS: Endpoint[] = [
  ...publicationEndpoints,
  ...userEndpoints,
  ...postEndpoints,
  ...contentEndpoints,
  ...bucketEndpoints,
  ...subscriberEndpoints,
  ...emailEndpoints,
  ...authSessionEndpoints,
  ...analyticsEndpoints,
  ...coinEndpoints,
  ...discoverEndpoints,
  ...siteEndpoints,
  ...inspectorEndpoints,
  ...controlEndpoints,
  ...authSessionControlEndpoints,
  ...emailControlEndpoints,
  ...contentControlEndpoints,
  ...bucketControlEndpoints,
  ...analyticsControlEndpoints,
  ...faultControlEndpoints,
  ...journalControlEndpoints,
];
