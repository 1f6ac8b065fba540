/**
 * The test-control API: reset, clock, fixture publications and keys. Areas
 * add their own control routes (outbox, content sends, auth sessions, rate
 * limiting, faults) here.
 */
import { IMPLEMENTATION, VERSION, type Reference } from '../reference.js';
import { parseOr400 } from '../http/validate.js';
import type { RouteDef } from '../http/types.js';
import { ControlClockChange, ControlReset } from '../../../schemas/control.js';
import { changeClock } from './clock-change.js';
import { CONTENT_CONTROL_CAPABILITIES, contentControlRoutes } from '../content/control-routes.js';
import { BUCKET_CONTROL_CAPABILITIES, bucketControlRoutes } from '../buckets/control-routes.js';
import { AUTH_SESSION_CONTROL_CAPABILITIES, authSessionControlRoutes } from '../auth-sessions/control-routes.js';
import { EMAIL_CONTROL_CAPABILITIES, emailControlRoutes } from '../emails/control-routes.js';
import { SNAPSHOT_CONTROL_CAPABILITIES, snapshotControlRoutes } from '../persistence/control-routes.js';
import { ANALYTICS_CONTROL_CAPABILITIES, analyticsControlRoutes } from '../analytics/control-routes.js';
import { RATE_LIMIT_CONTROL_CAPABILITIES, rateLimitControlRoutes } from '../rate-limit/control-routes.js';
import { FAULT_CONTROL_CAPABILITIES, faultControlRoutes } from '../faults/control-routes.js';
import { JOURNAL_CONTROL_CAPABILITIES, journalControlRoutes } from '../journal/control-routes.js';

/** What this implementation's control API can do, for the suite's discovery. */
export const CONTROL_CAPABILITIES: string[] = [
  'reset', 'clock', 'publications', ...AUTH_SESSION_CONTROL_CAPABILITIES, ...EMAIL_CONTROL_CAPABILITIES, ...CONTENT_CONTROL_CAPABILITIES,
  ...BUCKET_CONTROL_CAPABILITIES, ...SNAPSHOT_CONTROL_CAPABILITIES, ...ANALYTICS_CONTROL_CAPABILITIES, ...RATE_LIMIT_CONTROL_CAPABILITIES,
  ...FAULT_CONTROL_CAPABILITIES, ...JOURNAL_CONTROL_CAPABILITIES,
];

export function controlRoutes(reference: Reference): RouteDef[] {
  const clockView = () => ({ now: reference.clock.now(), frozen: reference.clock.frozen });
  return [
    {
      method: 'GET',
      path: '/_control',
      auth: 'none',
      handler: () => ({
        json: {
          implementation: IMPLEMENTATION,
          version: VERSION,
          seed: reference.options.seed,
          now: reference.clock.now(),
          capabilities: CONTROL_CAPABILITIES,
        },
      }),
    },
    {
      method: 'POST',
      path: '/_control/reset',
      auth: 'none',
      handler: async (ctx) => {
        const body = parseOr400(ControlReset, await ctx.json());
        reference.reset(body);
        return { json: { success: true, seed: reference.options.seed, now: reference.clock.now() } };
      },
    },
    {
      method: 'GET',
      path: '/_control/publications',
      auth: 'none',
      handler: ({ state }) => ({
        json: {
          publications: state.publications.all().map((p) => ({
            id: p.id,
            slug: p.slug,
            name: p.name,
            ownerUserId: p.ownerUserId,
            ownerEmail: state.users.get(p.ownerUserId)?.email ?? null,
            apiKeys: state.keys.activeKeysOf(p.id),
            teamMemberIds: p.team.filter((m) => m.status === 'active').map((m) => m.userId),
            removedMemberIds: p.team.filter((m) => m.status !== 'active').map((m) => m.userId),
            communityIds: p.communities.filter((c) => c.available).map((c) => c.id),
            unavailableCommunityIds: p.communities.filter((c) => !c.available).map((c) => c.id),
            customEmailApproved: p.customEmailApproved,
            plan: p.plan,
          })),
        },
      }),
    },
    { method: 'GET', path: '/_control/clock', auth: 'none', handler: () => ({ json: clockView() }) },
    {
      method: 'POST',
      path: '/_control/clock',
      auth: 'none',
      handler: async (ctx) => {
        return { json: changeClock(reference.clock, parseOr400(ControlClockChange, await ctx.json())) };
      },
    },
    ...authSessionControlRoutes,
    ...emailControlRoutes,
    ...contentControlRoutes,
    ...bucketControlRoutes,
    ...snapshotControlRoutes(reference),
    ...analyticsControlRoutes(reference.analytics),
    ...rateLimitControlRoutes(reference.rateLimit),
    ...faultControlRoutes(reference.faults),
    ...journalControlRoutes(reference.journal),
  ];
}
