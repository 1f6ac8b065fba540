/**
 * The list views as a property over random histories of create, deliver,
 * archive and restore: each view holds exactly the pieces SPEC.md rule 1
 * says, newest activity first (updatedAt descending, ties by id).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_KINDS, CONTENT_STATUS_FILTERS, type ContentKind } from '../../../schemas/content.js';
import { contentWorld, MINUTE } from './content-world.support.test.js';

type Step =
  | { op: 'create'; kind: ContentKind }
  | { op: 'deliver' | 'archive' | 'restore'; index: number }
  | { op: 'tick'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('create' as const), kind: fc.constantFrom(...CONTENT_KINDS) }),
  fc.record({ op: fc.constantFrom('deliver' as const, 'archive' as const, 'restore' as const), index: fc.nat() }),
  fc.record({ op: fc.constant('tick' as const), ms: fc.constantFrom(0, 1, MINUTE) }),
);

const BODIES = {
  tweet: { text: 't' },
  linkedin: { text: 'l' },
  newsletter: { subject: 's', body: 'b' },
  x_article: { title: 'h', body: 'b' },
} as const;

/** What the spec says a piece is, independent of the store: delivered ever? archived now? */
interface Fact {
  id: string;
  kind: ContentKind;
  delivered: boolean;
  archived: boolean;
}

function expected(facts: Fact[], filter: (typeof CONTENT_STATUS_FILTERS)[number]): string[] {
  return facts
    .filter((f) => {
      switch (filter) {
        case 'all':
          return !f.archived || f.delivered;
        case 'archived':
          return f.archived && !f.delivered;
        case 'draft':
          return !f.archived && !f.delivered;
        case 'published':
          return !f.archived && f.delivered;
      }
    })
    .map((f) => f.id)
    .sort();
}

describe('list views over random histories', () => {
  it('hold exactly the pieces of rule 1, newest activity first', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const w = contentWorld();
        const facts: Fact[] = [];
        for (const s of steps) {
          if (s.op === 'tick') w.tick(s.ms);
          else if (s.op === 'create') {
            const piece = w.create({ kind: s.kind, title: 'T', body: BODIES[s.kind] });
            facts.push({ id: piece.id, kind: s.kind, delivered: false, archived: false });
          } else if (facts.length > 0) {
            const fact = facts[s.index % facts.length];
            if (s.op === 'deliver' && !fact.archived) {
              w.state.content.queueSend(fact.id, null);
              w.state.content.deliver(fact.id);
              fact.delivered = true;
            } else if (s.op === 'archive') {
              w.state.content.archive(w.demoId, fact.id);
              fact.archived = true;
            } else if (s.op === 'restore') {
              w.state.content.restore(w.demoId, fact.id);
              fact.archived = false;
            }
          }
        }
        for (const filter of CONTENT_STATUS_FILTERS) {
          const listed = w.state.content.list(w.demoId, { status: filter });
          expect([...listed.map((p) => p.id)].sort()).toEqual(expected(facts, filter));
          for (let i = 1; i < listed.length; i++) {
            const [a, b] = [listed[i - 1], listed[i]];
            expect(a.updatedAt > b.updatedAt || (a.updatedAt === b.updatedAt && a.id < b.id)).toBe(true);
          }
          for (const kind of CONTENT_KINDS) {
            const ofKind = w.state.content.list(w.demoId, { status: filter, kind });
            expect(ofKind.map((p) => p.id)).toEqual(listed.filter((p) => p.kind === kind).map((p) => p.id));
          }
        }
        // The other publication sees none of it.
        expect(w.state.content.list(w.otherId, { status: 'all' })).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
