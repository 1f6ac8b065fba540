/**
 * The profiles a run can select. A rule belongs to one profile; a test runs
 * only when every profile it touches is selected (see authoring/selection.ts).
 */
export const PROFILES = ['core', 'extended', 'reference-choices', 'control', 'side-effects', 'robustness'] as const;
export type Profile = (typeof PROFILES)[number];

export const PROFILE_DESCRIPTIONS: Record<Profile, string> = {
  core: 'rules stated by SPEC.md and the public facts of SILENT.md; safe against a live service',
  extended: "the production endpoints beyond SPEC.md (SILENT.md's last section: /v1/me, subscriber list, ...)",
  'reference-choices':
    'the choices SILENT.md marks "ours": another implementation may legitimately differ, so never on by default unless the target is the reference',
  control:
    'tests that drive the target through its test-control API (/_control: reset, clock, outbox); on by default when the target offers /_control',
  'side-effects':
    'tests that could email a real person (sendNewsletter, real custom email sends); on by default only when the target\'s /_control declares an outbox (mail is captured, not delivered)',
  robustness: 'heavy or hostile input (oversized bodies, fuzzing); never on by default',
};

export function isProfile(value: string): value is Profile {
  return (PROFILES as readonly string[]).includes(value);
}

/**
 * The profiles used when none are requested: core and extended always,
 * control when the target has it, reference-choices only for the reference
 * itself (its choices are not requirements for anyone else), side-effects
 * when the target is a sandbox whose control API captures mail in an
 * outbox (nothing it sends reaches a person, and a server that never sends
 * newsletters must not pass by default).
 */
export function defaultProfiles(target: { hasControl: boolean; isReference: boolean; capturesMail?: boolean }): Profile[] {
  const profiles: Profile[] = ['core', 'extended'];
  if (target.hasControl) profiles.push('control');
  if (target.isReference) profiles.push('reference-choices');
  if (target.hasControl && target.capturesMail) profiles.push('side-effects');
  return profiles;
}

/** The target's control API declares an outbox: mail is captured there, not delivered. */
export function capturesMail(control: { available: boolean; capabilities: readonly string[] }): boolean {
  return control.available && control.capabilities.includes('outbox');
}
