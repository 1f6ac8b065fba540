import { describe, expect, it } from 'vitest';
import { describeCause, rootCauses } from './root-causes.js';
import { madeOutcome } from './outcome-fixture.js';
import type { TestOutcome, TestStatus } from './types.js';

const test = (ruleIds: string[], status: TestStatus, blockedBy?: string): TestOutcome => madeOutcome(ruleIds, status, { reason: 'broken', blockedBy });

describe('rootCauses', () => {
  it('lists a failed setup step once with the tests it blocked, most-blocking first, then lone failures', () => {
    const lone = test(['x.y.z'], 'fail');
    const drafts = [1, 2, 3].map(() => test(['a.b.c'], 'blocked', 'posts.create.draft'));
    const walks = [1, 2].map(() => test(['d.e.f'], 'blocked', 'pagination.cursor.next-page'));
    const erroring = test(['g.h.i'], 'error');
    const causes = rootCauses([test(['p.q.r'], 'pass'), erroring, lone, ...walks, ...drafts, test(['s.t.u'], 'skip')]);
    expect(causes.map((c) => [c.ruleId, c.blocked.length, c.shown.id])).toEqual([
      ['posts.create.draft', 3, drafts[0]!.id],
      ['pagination.cursor.next-page', 2, walks[0]!.id],
      [undefined, 0, lone.id],
      [undefined, 0, erroring.id],
    ]);
    expect(causes.map(describeCause)).toEqual([
      'blocked by posts.create.draft: 3 tests',
      'blocked by pagination.cursor.next-page: 2 tests',
      lone.fullName,
      erroring.fullName,
    ]);
  });

  it("puts the step rule's own failing test under the cause and shows it first", () => {
    const blocked = test(['a.b.c'], 'blocked', 'posts.create.draft');
    const own = test(['posts.create.draft'], 'fail');
    const causes = rootCauses([blocked, own]);
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({ ruleId: 'posts.create.draft', shown: own, own: [own], blocked: [blocked] });
  });
});
