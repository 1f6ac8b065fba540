/** The normalisations one by one, and the generators' rule ids against the catalogue. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../catalogue/index.js';
import { firstDifference } from './compare.js';
import { NORMALISATIONS, normalise, type NormaliseContext } from './normalise.js';
import { DIFFERENTIAL_PROPERTIES } from './sequences/index.js';
import { FULL_SCOPE, LIVE_SCOPE } from './sequences/scope.js';

const base = (over: Partial<NormaliseContext> = {}): NormaliseContext => ({ names: new Map(), baseUrl: 'http://127.0.0.1:1', now: 1_000_000, ownOnly: false, unordered: false, ...over });

describe('normalise', () => {
  it('names created ids, masks other ids, cursors, messages and base URLs', () => {
    const target = normalise(
      { status: 200, body: { id: 'AAA111bbb222', ownerId: 'x1', url: 'http://127.0.0.1:1/p/AAA111bbb222', pagination: { cursor: 'c1' } } },
      base({ names: new Map([['AAA111bbb222', 'post#0']]) }),
    );
    const reference = normalise(
      { status: 200, body: { id: 'ZZZ999yyy888', ownerId: 'y2', url: 'http://127.0.0.1:2/p/ZZZ999yyy888', pagination: { cursor: 'c2' } } },
      base({ names: new Map([['ZZZ999yyy888', 'post#0']]), baseUrl: 'http://127.0.0.1:2' }),
    );
    expect(target.body).toEqual({ id: 'post#0', ownerId: '<id>', url: '<base>/p/post#0', pagination: { cursor: '<cursor>' } });
    expect(firstDifference(target, reference)).toBeUndefined();
    const error = normalise({ status: 400, body: { success: false, msg: 'title is too long' } }, base());
    expect(error).toEqual({ status: 400, error: true, body: { success: false, msg: '<msg>' } });
  });

  it('measures times from the side\'s clock, equal within the tolerance, and tells a real difference', () => {
    const at = (now: number, value: unknown) => normalise({ status: 200, body: { updatedAt: value } }, base({ now }));
    const t = 1_795_000_000_000;
    expect(firstDifference(at(t, String(t + 500)), at(t + 4_000, new Date(t + 4_400).toISOString()))).toBeUndefined();
    expect(firstDifference(at(t, t + 500), at(t + 4_000, t + 14_500))?.path).toBe('body.updatedAt');
  });

  it('drops slug suffixes with a digit, keeps words', () => {
    const slug = (value: string) => (normalise({ status: 200, body: { slug: value } }, base()).body as { slug: string }).slug;
    expect(slug('hello-world-2')).toBe('hello-world');
    expect(slug('hello-world-x7k2')).toBe('hello-world');
    expect(slug('hello-world')).toBe('hello-world');
  });

  it('compares open-order lists as sets, ordered lists in order except for ties', () => {
    const page = (items: unknown[], unordered: boolean) => normalise({ status: 200, body: { items } }, base({ unordered }));
    const a = { title: 'a', updatedAt: 1_000 };
    const b = { title: 'b', updatedAt: 2_000 };
    expect(firstDifference(page([a, b], true), page([b, a], true))).toBeUndefined();
    expect(firstDifference(page([a, b], false), page([b, a], false))).toBeDefined();
    const tie = { title: 'c', updatedAt: 1_000 };
    expect(firstDifference(page([a, tie], false), page([tie, a], false))).toBeUndefined();
  });

  it('keeps only the run\'s own list items without shared fixtures', () => {
    const names = new Map([['mine', 'post#0']]);
    const body = { items: [{ id: 'theirs' }, { id: 'mine' }], pagination: { total: 40 } };
    expect(normalise({ status: 200, body }, base({ names, ownOnly: true })).body).toEqual({ items: [{ id: 'post#0' }], pagination: { total: '<count>' } });
  });

  it('is documented: each normalisation is in conformance/README.md', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const { id } of NORMALISATIONS) expect(readme).toContain(`| \`${id}\` |`);
  });
});

describe('the sequences', () => {
  it('name only catalogue rules, and a live target gets no publish, clock, fixture read or send', () => {
    const known = new Set(RULES.map((r) => r.id));
    for (const property of DIFFERENTIAL_PROPERTIES) {
      for (const scope of [FULL_SCOPE, LIVE_SCOPE]) {
        for (const steps of fc.sample(property.sequences(scope, 'cf-test'), 40)) {
          for (const step of steps) {
            if (scope === LIVE_SCOPE) expect(step.kind).toBe('http');
            if (step.kind !== 'http') continue;
            for (const id of step.rules) expect(known, `${property.name}: ${id}`).toContain(id);
            if (scope !== LIVE_SCOPE) continue;
            expect(step.fixtures ?? false).toBe(false);
            expect(step.control ?? false).toBe(false);
            const body = JSON.stringify(step.body ?? {});
            expect(body).not.toMatch(/"status":"published"|scheduledAt":\{/);
            if (step.path.join('').includes('/emails/send')) expect(body).toContain('"dryRun":true');
          }
        }
      }
    }
  });
});
