/**
 * Publishing (or scheduling) a post on a live service puts it in front of
 * readers. Such tests run only where that is harmless or asked for:
 *
 * - the target has the test-control API (the reference, or a test instance
 *   of another implementation: nobody reads it), or
 * - the run selected the side-effects profile (the user accepts that the
 *   suite's posts appear, briefly, on the public site).
 *
 * The engine's `needs: ['control']` alone would skip these tests against a
 * live service even with --profile side-effects, and `profile:
 * 'side-effects'` alone would skip them against the reference by default;
 * hence this check, done at the start of the test body. Posts the suite
 * publishes carry the run id in their title, never send a newsletter, and are
 * archived by the clean-up registry at the end of the file.
 */
import type { RuleContext } from '../../../src/authoring/index.js';

export function publishingAllowed(ctx: RuleContext): boolean {
  return ctx.target.control.available || ctx.profiles.includes('side-effects');
}

/** Skips the test (saying why) unless it may publish posts. */
export function requirePublishing(ctx: RuleContext): void {
  if (publishingAllowed(ctx)) return;
  ctx.skip(
    'publishes or schedules a post, which readers of a live service would see: runs only against a target with /_control ' +
      '(the reference or a test instance) or with --profile side-effects',
  );
}
