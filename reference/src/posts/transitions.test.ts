import { describe, expect, it } from 'vitest';
import {
  findTransition,
  POST_TRANSITIONS,
  type FromState,
  type ScheduleAsked,
  type StatusAsked,
} from './transitions.js';

const STATUSES_ASKED: Record<FromState, StatusAsked[]> = {
  // Create accepts only draft or published (the schema refuses the rest).
  new: ['none', 'draft', 'published'],
  draft: ['none', 'draft', 'published', 'archived'],
  published: ['none', 'draft', 'published', 'archived'],
  scheduled: ['none', 'draft', 'published', 'archived'],
  archived: ['none', 'draft', 'published', 'archived'],
};
const SCHEDULES: Record<FromState, ScheduleAsked[]> = {
  new: ['none', 'at'], // null on create reads as omitted
  draft: ['none', 'cancel', 'at'],
  published: ['none', 'cancel', 'at'],
  scheduled: ['none', 'cancel', 'at'],
  archived: ['none', 'cancel', 'at'],
};

describe('the post transition table', () => {
  it('has a row for every request in every state and condition', () => {
    for (const from of Object.keys(STATUSES_ASKED) as FromState[])
      for (const status of STATUSES_ASKED[from])
        for (const schedule of SCHEDULES[from])
          for (const neverPublished of [true, false])
            for (const changesPost of [true, false])
              expect(() => findTransition(from, status, schedule, { neverPublished, changesPost })).not.toThrow();
  });

  it('has no row that can never match (each is the first match for some request)', () => {
    const used = new Set<number>();
    for (const from of Object.keys(STATUSES_ASKED) as FromState[])
      for (const status of STATUSES_ASKED[from])
        for (const schedule of SCHEDULES[from])
          for (const neverPublished of [true, false])
            for (const changesPost of [true, false])
              used.add(POST_TRANSITIONS.indexOf(findTransition(from, status, schedule, { neverPublished, changesPost })));
    expect([...used].sort((a, b) => a - b)).toEqual(POST_TRANSITIONS.map((_, i) => i));
  });

  it('never schedules anything but a new post or a never-published draft', () => {
    for (const row of POST_TRANSITIONS) {
      if (!('to' in row.then) || row.then.schedule !== 'set') continue;
      expect(row.from.every((f) => f === 'new' || f === 'draft')).toBe(true);
      if (row.from.includes('draft')) expect(row.when).toBe('neverPublished');
    }
  });

  it('explains every row', () => {
    for (const row of POST_TRANSITIONS) expect(row.why.length).toBeGreaterThan(10);
  });

  // The rows of SPEC.md "Post status", one by one.
  const f = { neverPublished: true, changesPost: true };
  it.each([
    ['new', 'none', 'none', f, { to: 'published', publish: 'now' }],
    ['new', 'draft', 'none', f, { to: 'draft' }],
    ['new', 'none', 'at', f, { to: 'scheduled', schedule: 'set' }],
    ['new', 'draft', 'at', f, { refuse: expect.stringMatching(/status draft/) }],
    ['draft', 'published', 'none', { neverPublished: false, changesPost: false }, { to: 'published', publish: 'now' }],
    ['published', 'draft', 'none', f, { to: 'draft' }],
    ['draft', 'archived', 'none', f, { to: 'archived' }],
    ['published', 'archived', 'none', f, { to: 'archived' }],
    ['scheduled', 'archived', 'none', f, { to: 'archived', schedule: 'cancel' }],
    ['archived', 'archived', 'none', f, { to: 'archived' }],
    ['published', 'published', 'none', f, { to: 'published' }],
    ['published', 'none', 'none', f, { to: 'draft' }],
    ['draft', 'none', 'at', f, { to: 'scheduled', schedule: 'set' }],
    ['draft', 'none', 'at', { neverPublished: false, changesPost: true }, { refuse: expect.stringMatching(/never published/) }],
    ['draft', 'draft', 'at', f, { refuse: expect.stringMatching(/status draft/) }],
    ['draft', 'archived', 'at', f, { refuse: expect.stringMatching(/status archived/) }],
    ['scheduled', 'none', 'at', f, { refuse: expect.stringMatching(/already scheduled/) }],
    ['scheduled', 'none', 'cancel', f, { to: 'draft', schedule: 'cancel' }],
    ['scheduled', 'published', 'none', f, { to: 'published', publish: 'now', schedule: 'cancel' }],
    ['scheduled', 'draft', 'none', f, { to: 'scheduled', schedule: 'keep' }],
  ] as const)('%s + status %s + scheduledAt %s -> %j', (from, status, schedule, facts, then) => {
    expect(findTransition(from, status, schedule, facts).then).toEqual(then);
  });
});
