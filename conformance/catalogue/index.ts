/**
 * The whole rule catalogue, one file per spec area. Ids are stable: reports,
 * CI filters and other implementations' issue trackers key on them, so a
 * rule is reworded freely but renamed never.
 */
import { analyticsRules } from './analytics.js';
import { authSessionRules } from './auth-sessions.js';
import { authRules } from './auth.js';
import { bucketRules } from './buckets.js';
import { coinRules } from './coins.js';
import { discoverRules } from './discover.js';
import { contentRules } from './content.js';
import { controlRules } from './control.js';
import { csvImportRules } from './csv-import.js';
import { emailRules } from './emails.js';
import { errorRules } from './errors.js';
import { eventRules } from './events.js';
import { feedRules } from './feed.js';
import { paginationRules } from './pagination.js';
import { postStatusRules } from './post-status.js';
import { postRules } from './posts.js';
import { publicationRules } from './publications.js';
import { robustnessRules } from './robustness.js';
import { subscriberRules } from './subscribers.js';
import { testNewsletterRules } from './test-newsletter.js';
import type { Rule } from './types.js';
import { versioningRules } from './versioning.js';

export type { Rule, RuleSource } from './types.js';
export { RULE_ID_PATTERN } from './types.js';

export const RULES: readonly Rule[] = [
  ...publicationRules,
  ...postRules,
  ...postStatusRules,
  ...feedRules,
  ...paginationRules,
  ...contentRules,
  ...bucketRules,
  ...testNewsletterRules,
  ...subscriberRules,
  ...csvImportRules,
  ...emailRules,
  ...analyticsRules,
  ...authSessionRules,
  ...coinRules,
  ...discoverRules,
  ...authRules,
  ...eventRules,
  ...errorRules,
  ...versioningRules,
  ...controlRules,
  ...robustnessRules,
];

const byId = new Map(RULES.map((rule) => [rule.id, rule]));

export function findRule(id: string): Rule | undefined {
  return byId.get(id);
}

/** Section order of the reports: SPEC.md's own order, then SILENT.md's, then DESIGN.md's. */
export const SECTION_ORDER: readonly string[] = [
  'What the service does',
  'Resources › Publication',
  'Resources › Post',
  'Resources › Content piece',
  'Resources › Content group',
  'Resources › Pagination envelope',
  'States and transitions › Post status',
  'States and transitions › Content piece status',
  'Endpoints',
  'Endpoints › Publications',
  'Endpoints › Posts',
  'Endpoints › Content',
  'Endpoints › Content groups',
  'Endpoints › Test newsletter',
  'Endpoints › Subscribers',
  'Endpoints › Custom email',
  'Endpoints › Analytics',
  'Endpoints › CLI auth session',
  'Authentication',
  'Events',
  'Errors',
  'Limits',
  'Versioning',
  'SILENT.md › Endpoints beyond SPEC.md',
  'SILENT.md › Status codes not shown',
  'SILENT.md › Identifiers and cursors',
  'SILENT.md › Content groups (buckets)',
  'SILENT.md › Auth sessions',
  'Production OpenAPI › Posts',
  'Production OpenAPI › Users',
  'Production OpenAPI › Subscribers',
  'Production OpenAPI › Auth sessions',
  'Production OpenAPI › Coins',
  'Production OpenAPI › Discover',
  'DESIGN.md › The reference server',
  'DESIGN.md › The test-control API',
];

/** Rules grouped by section, sections in SECTION_ORDER (unknown sections last, alphabetically). */
export function rulesBySection(rules: readonly Rule[] = RULES): Array<{ section: string; rules: Rule[] }> {
  const groups = new Map<string, Rule[]>();
  for (const rule of rules) {
    const group = groups.get(rule.section) ?? [];
    group.push(rule);
    groups.set(rule.section, group);
  }
  const rank = (section: string) => {
    const index = SECTION_ORDER.indexOf(section);
    return index === -1 ? SECTION_ORDER.length : index;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([section, sectionRules]) => ({ section, rules: sectionRules }));
}

/**
 * SPEC.md's Limits table, row by row, with the rules that carry each limit
 * (each limit is a rule of its area; this keeps the table visible as a whole).
 */
export const LIMITS_TABLE: ReadonlyArray<{ limit: string; ruleIds: string[] }> = [
  { limit: 'publication name 1..100', ruleIds: ['publications.patch.name-length'] },
  { limit: 'publication summary <= 500', ruleIds: ['publications.shape.summary-max-500', 'publications.patch.summary-max-500'] },
  { limit: 'slug 1..256', ruleIds: ['publications.shape.slug-length', 'posts.create.slug-length', 'posts.update.slug-length'] },
  { limit: 'pinnedPostIds <= 50, each 1..64', ruleIds: ['publications.patch.pinned-max-50', 'publications.patch.pinned-id-length'] },
  { limit: 'post title <= 200', ruleIds: ['posts.create.title-max-200', 'posts.update.title-max-200'] },
  { limit: 'post subtitle <= 300', ruleIds: ['posts.create.subtitle-max-300', 'posts.update.subtitle-max-300'] },
  { limit: 'postPreview <= 500', ruleIds: ['posts.update.post-preview-max-500', 'posts.create.post-preview-max-500'] },
  { limit: 'canonicalUrl <= 2048', ruleIds: ['posts.update.canonical-url-format'] },
  { limit: 'communityId 1..128', ruleIds: ['posts.update.community-id-length'] },
  { limit: 'authorIds 1..20', ruleIds: ['posts.update.author-ids-count', 'posts.create.author-ids'] },
  { limit: 'imageAlt <= 1000', ruleIds: ['posts.update.image-alt-max-1000'] },
  { limit: 'scheduledAt future, <= 30 days', ruleIds: ['posts.schedule.future-only', 'posts.schedule.max-30-days'] },
  { limit: 'page size posts 1..100, default 10', ruleIds: ['pagination.limit.posts', 'pagination.limit.publication-posts'] },
  { limit: 'page size feed 1..60, default 20', ruleIds: ['pagination.limit.feed'] },
  { limit: 'page size content, buckets 1..50, default 20', ruleIds: ['pagination.limit.content', 'pagination.limit.buckets'] },
  {
    limit: 'custom email subject 1..998, body 1..100000, 1..10000 addresses',
    ruleIds: ['emails.send.subject-length', 'emails.send.body-length', 'emails.send.emails-count'],
  },
  { limit: 'CSV import 10MB, text/csv', ruleIds: ['subscribers.import.max-10mb', 'subscribers.import.text-csv'] },
  { limit: 'analytics 10,000 rows, 30-second timeout', ruleIds: ['analytics.query.max-rows', 'analytics.query.timeout'] },
  {
    limit: 'auth session deviceName <= 100, callbackUrl <= 2048',
    ruleIds: ['auth-sessions.create.device-name-max-100', 'auth-sessions.create.callback-max-2048'],
  },
];
