/**
 * What `npm run mutation` mutates, and what judges each mutant: per area,
 * the files Stryker changes, the conformance rules that must notice (the
 * suite's --filter), and the unit tests that also judge where no request can
 * see what the code does. An area is the smallest set of files whose judges
 * run in one sitting; a directory too large for one (posts, buckets) is cut in parts.
 * One file of areas per folder of reference/src in areas/ (shared.ts: the
 * files at its top), in the order of the table of conformance/README.md.
 */
import { analyticsAreas } from './areas/analytics.js';
import { authSessionsAreas } from './areas/auth-sessions.js';
import { bucketsAreas } from './areas/buckets.js';
import { coinsAreas } from './areas/coins.js';
import { contentAreas } from './areas/content.js';
import { controlAreas } from './areas/control.js';
import { documentsAreas } from './areas/documents.js';
import { emailsAreas } from './areas/emails.js';
import { faultsAreas } from './areas/faults.js';
import { httpAreas } from './areas/http.js';
import { inProcessAreas } from './areas/in-process.js';
import { inspectorAreas } from './areas/inspector.js';
import { journalAreas } from './areas/journal.js';
import { keysAreas } from './areas/keys.js';
import { persistenceAreas } from './areas/persistence.js';
import { postsAreas } from './areas/posts.js';
import { publicationsAreas } from './areas/publications.js';
import { rateLimitAreas } from './areas/rate-limit.js';
import { searchAreas } from './areas/search.js';
import { sharedAreas } from './areas/shared.js';
import { siteAreas } from './areas/site.js';
import { subscribersAreas } from './areas/subscribers.js';
import { unsubscribeAreas } from './areas/unsubscribe.js';
import { usersAreas } from './areas/users.js';
import { workerPoolAreas } from './areas/worker-pool.js';
import type { Area } from './areas/area.js';

export type { Area } from './areas/area.js';

export const AREAS: readonly Area[] = [
  ...publicationsAreas,
  ...postsAreas,
  ...keysAreas,
  ...rateLimitAreas,
  ...usersAreas,
  ...coinsAreas,
  ...bucketsAreas,
  ...unsubscribeAreas,
  ...controlAreas,
  ...searchAreas,
  ...subscribersAreas,
  ...authSessionsAreas,
  ...emailsAreas,
  ...journalAreas,
  ...faultsAreas,
  ...contentAreas,
  ...documentsAreas,
  ...httpAreas,
  ...analyticsAreas,
  ...siteAreas,
  ...inspectorAreas,
  ...persistenceAreas,
  ...inProcessAreas,
  ...workerPoolAreas,
  ...sharedAreas,
];

/**
 * Never mutated: tests and test helpers. The fixtures' data (fixtures/ at the root) is in no area's globs;
 * each reference/src/<folder>/fixtures.ts is code (it loads the data into a fresh state) and is mutated with its folder's area.
 */
export const NEVER_MUTATED = ['!**/*.test.ts'];

export function findArea(name: string): Area | undefined {
  return AREAS.find((area) => area.name === name);
}
