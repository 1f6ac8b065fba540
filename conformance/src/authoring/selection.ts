/**
 * Whether a test runs, decided from its rules, its options and the run's
 * configuration. Pure, so the unit tests pin the rules down.
 */
import { findRule } from '../../catalogue/index.js';
import { testMatchesFilter } from '../shared/filter.js';
import { PROFILES, type Profile } from '../shared/profiles.js';
import type { SuiteConfig } from '../shared/suite-config.js';

/**
 * What a test needs from the target. Missing needs skip the test, saying which.
 * - apiKey: publication A's key; secondKey: publication B's key
 * - publicationIds: the ids of A (and B, with secondKey) are known
 * - control: the target offers /_control; control:<capability>: and lists that capability
 */
export type Need = 'apiKey' | 'secondKey' | 'publicationIds' | 'control' | `control:${string}`;

export interface TestDeclaration {
  name: string;
  ruleIds: readonly string[];
  profile?: Profile | readonly Profile[];
  needs?: readonly Need[];
}

export type Selection =
  | { kind: 'unknown-rules'; unknownRuleIds: string[]; profiles: Profile[] }
  | { kind: 'filtered-out'; profiles: Profile[] }
  | { kind: 'excluded'; reason: string; profiles: Profile[] }
  | { kind: 'run'; profiles: Profile[] };

/** The profiles a test touches: its rules', its own, and control when it needs the control API. */
export function profilesOf(test: TestDeclaration): Profile[] {
  const ordered = (set: Set<Profile>) => PROFILES.filter((p) => set.has(p));
  const profiles = new Set<Profile>();
  for (const id of test.ruleIds) {
    const rule = findRule(id);
    if (rule) profiles.add(rule.profile);
  }
  const own = test.profile === undefined ? [] : typeof test.profile === 'string' ? [test.profile] : test.profile;
  for (const profile of own) profiles.add(profile);
  if ((test.needs ?? []).some((need) => need === 'control' || need.startsWith('control:'))) profiles.add('control');
  return ordered(profiles);
}

export function selectTest(
  test: TestDeclaration,
  config: Pick<SuiteConfig, 'profiles' | 'filter'> & { target?: Pick<SuiteConfig['target'], 'control'> },
): Selection {
  const profiles = profilesOf(test);
  const unknownRuleIds = test.ruleIds.filter((id) => !findRule(id));
  if (unknownRuleIds.length > 0 || test.ruleIds.length === 0) return { kind: 'unknown-rules', unknownRuleIds, profiles };
  if (!testMatchesFilter(config.filter, test)) return { kind: 'filtered-out', profiles };
  // Without /_control the control profile is off by default; "capability missing: control" (from
  // missingNeed) is then the true reason, not "profile control not selected".
  const controlMissing = config.target !== undefined && !config.target.control.available;
  const missing = profiles.filter((p) => !config.profiles.includes(p) && !(p === 'control' && controlMissing));
  if (missing.length > 0) {
    const list = missing.join(',');
    return { kind: 'excluded', profiles, reason: `profile ${list} not selected (add --profile ${list})` };
  }
  return { kind: 'run', profiles };
}

/** Why the target cannot support a test, or undefined when it can. */
export function missingNeed(needs: readonly Need[], config: Pick<SuiteConfig, 'apiKey' | 'secondApiKey' | 'target'>): string | undefined {
  for (const need of needs) {
    if (need === 'apiKey' && !config.apiKey) {
      return 'capability missing: apiKey (no API key for publication A: pass --api-key, or use a target with /_control/publications)';
    }
    if (need === 'secondKey' && !config.secondApiKey) {
      return 'capability missing: secondKey (no API key for a second publication B: pass --second-api-key)';
    }
    if (need === 'publicationIds') {
      if (!config.target.publications.a) {
        return 'capability missing: publicationIds (the id of publication A is unknown: the target has neither /_control/publications nor GET /v1/me)';
      }
      if (config.secondApiKey && !config.target.publications.b) {
        return 'capability missing: publicationIds (the id of publication B is unknown)';
      }
    }
    if (need === 'control' || need.startsWith('control:')) {
      const control = config.target.control;
      if (!control.available) return `capability missing: control (${control.missingReason ?? 'the target has no /_control'})`;
      const capability = need.slice('control:'.length);
      if (need !== 'control' && !control.capabilities.includes(capability)) {
        return `capability missing: control:${capability} (GET /_control lists ${control.capabilities.join(', ') || 'no capabilities'})`;
      }
    }
  }
  return undefined;
}
