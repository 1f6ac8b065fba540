/** The command arbitraries of the life-cycle model: targets by index, times around the edges of the 30-day window. */
import type { AsyncCommand } from 'fast-check';
import { fc } from '../../../../src/authoring/index.js';
import { DAY_MS, WINDOW_MS, type PostModel } from '../model.js';
import type { RealSystem } from '../real.js';
import { AdvanceClock } from './advance-clock.js';
import { Archive } from './archive.js';
import { CancelSchedule } from './cancel-schedule.js';
import { CreatePost } from './create-post.js';
import { ListByStatus } from './list-by-status.js';
import { ReadById } from './read-by-id.js';
import { ReadBySlug } from './read-by-slug.js';
import { Reschedule } from './reschedule.js';
import { Schedule } from './schedule.js';
import { SetStatus } from './set-status.js';

const HOUR_MS = 3_600_000;

/** scheduledAt - now: in the past, now itself, inside the window, its last millisecond, just past it, far past it. */
const scheduleOffset = fc.constantFrom(-HOUR_MS, 0, HOUR_MS, DAY_MS, 29 * DAY_MS, WINDOW_MS, WINDOW_MS + 1, 40 * DAY_MS);
const clockStep = fc.constantFrom(60_000, HOUR_MS, DAY_MS, 10 * DAY_MS, 31 * DAY_MS);
const index = fc.nat({ max: 20 });

type Command = AsyncCommand<PostModel, RealSystem>;

export const LIFE_CYCLE_COMMANDS: fc.Arbitrary<Command>[] = [
  fc.tuple(fc.constantFrom('draft', 'published', 'scheduled', 'scheduled-draft') as fc.Arbitrary<'draft'>, scheduleOffset).map(
    ([kind, offset]) => new CreatePost(kind, offset),
  ),
  fc.tuple(index, fc.constantFrom('published', 'draft') as fc.Arbitrary<'published' | 'draft'>).map(([i, status]) => new SetStatus(i, status)),
  fc.tuple(index, scheduleOffset).map(([i, offset]) => new Schedule(i, offset)),
  index.map((i) => new CancelSchedule(i)),
  fc.tuple(index, scheduleOffset).map(([i, offset]) => new Reschedule(i, offset)),
  index.map((i) => new Archive(i)),
  clockStep.map((ms) => new AdvanceClock(ms)),
  fc.constantFrom('published', 'draft', 'scheduled', 'archived').map((status) => new ListByStatus(status as 'draft')),
  index.map((i) => new ReadById(i)),
  index.map((i) => new ReadBySlug(i)),
];
