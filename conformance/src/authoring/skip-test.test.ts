import { describe, expect, it, vi } from 'vitest';
import type { SuiteConfig } from '../shared/suite-config.js';
import { skipTest } from './context.js';
import { isAssertionFailure } from './failures.js';

const config = (noSkips: boolean) => ({ noSkips }) as SuiteConfig;

describe('a test that cannot run here', () => {
  it('is skipped with its reason', () => {
    const skip = vi.fn(() => {
      throw Object.assign(new Error('skipped'), { code: 'VITEST_PENDING' });
    });
    expect(() => skipTest(config(false), { skip } as never, 'capability missing: control:outbox')).toThrow('skipped');
    expect(skip).toHaveBeenCalledWith('capability missing: control:outbox');
  });

  it('fails instead under --no-skips, saying what it would have been skipped for', () => {
    const skip = vi.fn();
    let thrown: unknown;
    try {
      skipTest(config(true), { skip } as never, 'capability missing: control:outbox');
    } catch (error) {
      thrown = error;
    }
    expect(skip).not.toHaveBeenCalled();
    expect(isAssertionFailure(thrown)).toBe(true);
    expect((thrown as Error).message).toBe('the test would be skipped (--no-skips): capability missing: control:outbox');
  });
});
