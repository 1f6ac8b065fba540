import { describe, expect, it } from 'vitest';
import type { SuiteConfig, TargetInfo } from '../shared/suite-config.js';
import { missingNeed, profilesOf, selectTest } from './selection.js';

const target = (overrides: Partial<TargetInfo> = {}): TargetInfo => ({
  url: 'http://x',
  isReference: false,
  inProcess: false,
  control: { available: true, capabilities: ['reset', 'clock'] },
  publications: { a: { id: 'pa', slug: 'demo' } },
  ...overrides,
});

describe('profilesOf', () => {
  it('joins the profiles of the rules, the test, and control for control needs', () => {
    expect(profilesOf({ name: 't', ruleIds: ['auth.missing-key.401'] })).toEqual(['core']);
    expect(profilesOf({ name: 't', ruleIds: ['errors.404.unknown-route', 'errors.shape.body'] })).toEqual(['core', 'reference-choices']);
    expect(profilesOf({ name: 't', ruleIds: ['auth.missing-key.401'], profile: 'robustness', needs: ['control:clock'] })).toEqual([
      'core',
      'control',
      'robustness',
    ]);
  });
});

describe('selectTest', () => {
  const config = { profiles: ['core', 'control'] as SuiteConfig['profiles'], filter: [] as string[] };

  it('runs a test whose profiles are all selected', () => {
    expect(selectTest({ name: 't', ruleIds: ['auth.missing-key.401'], needs: ['control'] }, config).kind).toBe('run');
  });

  it('excludes, with the profile to add, a test touching an unselected profile', () => {
    const selection = selectTest({ name: 't', ruleIds: ['errors.404.unknown-route'] }, config);
    expect(selection).toMatchObject({ kind: 'excluded', reason: 'profile reference-choices not selected (add --profile reference-choices)' });
  });

  it('says the capability is missing, not the profile, when the target has no /_control', () => {
    const noControl = { profiles: ['core'] as SuiteConfig['profiles'], filter: [], target: { control: { available: false, capabilities: [] } } };
    expect(selectTest({ name: 't', ruleIds: ['auth.missing-key.401'], needs: ['control'] }, noControl).kind).toBe('run');
    expect(selectTest({ name: 't', ruleIds: ['errors.404.unknown-route'], needs: ['control'] }, noControl)).toMatchObject({
      kind: 'excluded',
      reason: 'profile reference-choices not selected (add --profile reference-choices)',
    });
  });

  it('flags unknown rule ids, and a test naming none, whatever the filter', () => {
    expect(selectTest({ name: 't', ruleIds: ['auth.missing-key.401', 'auth.typo.x'] }, { ...config, filter: ['zzz'] })).toMatchObject({
      kind: 'unknown-rules',
      unknownRuleIds: ['auth.typo.x'],
    });
    expect(selectTest({ name: 't', ruleIds: [] }, config).kind).toBe('unknown-rules');
  });

  it('filters by rule id prefix, glob, or test name substring', () => {
    const test = { name: 'GET /v1/posts without an API key answers 401', ruleIds: ['auth.missing-key.401'] };
    expect(selectTest(test, { ...config, filter: ['auth.missing'] }).kind).toBe('run');
    expect(selectTest(test, { ...config, filter: ['auth.*.401'] }).kind).toBe('run');
    expect(selectTest(test, { ...config, filter: ['WITHOUT an api key'] }).kind).toBe('run');
    expect(selectTest(test, { ...config, filter: ['posts.', 'auth.*.403'] }).kind).toBe('filtered-out');
  });

  it('reads a pattern that names catalogue rules as rules only, not also as a piece of test names', () => {
    const test = { name: 'GET /v1/posts without an API key answers 401', ruleIds: ['auth.missing-key.401'] };
    expect(selectTest(test, { ...config, filter: ['posts'] }).kind).toBe('filtered-out');
    expect(selectTest(test, { ...config, filter: ['/V1/POSTS without'] }).kind).toBe('run');
  });
});

describe('missingNeed', () => {
  const base = { apiKey: 'a', secondApiKey: 'b', target: target({ publications: { a: { id: 'pa', slug: 'demo' }, b: { id: 'pb', slug: 'other' } } }) };

  it('is undefined when the target offers everything', () => {
    expect(missingNeed(['apiKey', 'secondKey', 'publicationIds', 'control', 'control:clock'], base)).toBeUndefined();
  });

  it('names the missing capability', () => {
    expect(missingNeed(['apiKey'], { ...base, apiKey: undefined })).toMatch(/^capability missing: apiKey/);
    expect(missingNeed(['secondKey'], { ...base, secondApiKey: undefined })).toMatch(/^capability missing: secondKey/);
    expect(missingNeed(['publicationIds'], { ...base, target: target({ publications: {} }) })).toMatch(/^capability missing: publicationIds/);
    expect(missingNeed(['control:outbox'], base)).toBe('capability missing: control:outbox (GET /_control lists reset, clock)');
    expect(
      missingNeed(['control'], { ...base, target: target({ control: { available: false, missingReason: 'GET /_control answered 404', capabilities: [] } }) }),
    ).toBe('capability missing: control (GET /_control answered 404)');
  });
});
