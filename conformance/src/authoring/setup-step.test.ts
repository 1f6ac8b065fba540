import { describe, expect, it } from 'vitest';
import { ConformanceFailure, SuiteError } from './failures.js';
import { blockedByOf, setupStep } from './setup-step.js';

const rejection = async (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('setupStep', () => {
  it('answers what the step answers', async () => {
    expect(await setupStep('posts.create.draft', async () => 'id-1')).toBe('id-1');
  });

  it('tags a failure of the target with the step rule, the innermost step winning', async () => {
    const error = await rejection(
      setupStep('posts.create.draft', () =>
        setupStep('pagination.cursor.next-page', async () => {
          throw new ConformanceFailure('the walk would never end');
        }),
      ),
    );
    expect(blockedByOf(error)).toBe('pagination.cursor.next-page');
  });

  it('finds the tag through a wrapping failure (a property keeps the step failure as its cause)', async () => {
    const inner = await rejection(setupStep('posts.create.draft', async () => { throw new ConformanceFailure('500'); }));
    expect(blockedByOf(new ConformanceFailure('property failed', { cause: inner }))).toBe('posts.create.draft');
  });

  it('leaves errors of the suite alone: they are not a broken rule', async () => {
    const error = await rejection(setupStep('posts.create.draft', async () => { throw new SuiteError('no response'); }));
    expect(blockedByOf(error)).toBeUndefined();
  });
});
