/**
 * The clock's range (docs/spec-gaps.md › clock range): the reference's clock
 * reads no later than the end of year 9999, so every time it answers is an
 * ISO 8601 date with a four-digit year. A later `to`, or an advance that
 * would pass it, is refused with 400 and moves nothing.
 */
import { expectError, fail, rule } from '../../src/authoring/index.js';

/** 9999-12-31T23:59:59.999Z in Unix ms. */
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

rule(
  ['control.clock.range'],
  'POST /_control/clock refuses with 400 a time past the end of year 9999, or an advance that would pass it, and the clock does not move',
  async ({ api, control, vitest }) => {
    const before = await control.clock();
    vitest.onTestFinished(async () => {
      await control.freezeClock(before.frozen);
    });
    const { now } = await control.freezeClock(true);
    for (const body of [{ to: LATEST + 1 }, { advanceMs: LATEST - now + 1 }]) {
      expectError(await api.anonymous.post('/_control/clock', body), 400);
      const after = await control.clock();
      if (after.now !== now) fail(`after the refused ${JSON.stringify(body)} the clock reads ${after.now}, not ${now}`);
    }
  },
  { needs: ['control:clock'] },
);
