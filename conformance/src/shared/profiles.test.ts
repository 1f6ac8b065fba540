import { describe, expect, it } from 'vitest';
import { capturesMail, defaultProfiles } from './profiles.js';

describe('defaultProfiles', () => {
  it('runs side effects by default against a sandbox whose control API captures mail in an outbox', () => {
    const control = { available: true, capabilities: ['clock', 'outbox'] };
    expect(capturesMail(control)).toBe(true);
    expect(defaultProfiles({ hasControl: true, isReference: false, capturesMail: capturesMail(control) })).toEqual(['core', 'extended', 'control', 'side-effects']);
  });

  it('keeps side effects off without an outbox, and without a control API', () => {
    expect(capturesMail({ available: true, capabilities: ['clock'] })).toBe(false);
    expect(capturesMail({ available: false, capabilities: ['outbox'] })).toBe(false);
    expect(defaultProfiles({ hasControl: true, isReference: false, capturesMail: false })).toEqual(['core', 'extended', 'control']);
    expect(defaultProfiles({ hasControl: false, isReference: false, capturesMail: true })).toEqual(['core', 'extended']);
    expect(defaultProfiles({ hasControl: true, isReference: true })).toEqual(['core', 'extended', 'control', 'reference-choices']);
  });
});
