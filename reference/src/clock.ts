/**
 * The only source of "now" and the scheduler of due work.
 *
 * By default the clock follows real time; advancing adds an offset and
 * freezing stops it. Scheduled work runs when the clock reaches it either way:
 * on advance, before each request (runDue), and from a timer in real time.
 */
export interface ClockState {
  offsetMs: number;
  frozenAt: number | null;
}

interface Task {
  at: number;
  seq: number;
  key: string;
  run: () => void;
}

export type RealTime = () => number;

// The single place that reads the machine's time.
const machineTime: RealTime = () => Date.now();

export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;
  private tasks: Task[] = [];
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private timersEnabled = false;
  /** How many scheduled tasks have run: a reader can tell whether scheduled work may have changed the state. */
  private ran = 0;

  constructor(private readonly realTime: RealTime = machineTime) {}

  now(): number {
    return this.frozenAt ?? this.realTime() + this.offsetMs;
  }

  get tasksRun(): number {
    return this.ran;
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  /** Move time forward (never backward) and run everything that fell due, in time order. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('advanceMs must be >= 0');
    this.setTo(this.now() + ms);
  }

  /** Jump to an absolute time (may be in the past: nothing already run is undone). */
  setTo(at: number): void {
    if (this.frozenAt !== null) this.frozenAt = at;
    else this.offsetMs = at - this.realTime();
    this.runDue();
  }

  freeze(frozen: boolean): void {
    if (frozen && this.frozenAt === null) this.frozenAt = this.now();
    else if (!frozen && this.frozenAt !== null) {
      this.offsetMs = this.frozenAt - this.realTime();
      this.frozenAt = null;
    }
    this.armTimer();
  }

  /**
   * Run `run` when the clock reaches `at`. A task with the same key replaces
   * the earlier one (rescheduling a post, for instance).
   */
  schedule(at: number, key: string, run: () => void): void {
    this.cancel(key);
    this.tasks.push({ at, seq: this.seq++, key, run });
    this.tasks.sort((x, y) => x.at - y.at || x.seq - y.seq);
    if (at <= this.now()) this.runDue();
    else this.armTimer();
  }

  cancel(key: string): void {
    const i = this.tasks.findIndex((t) => t.key === key);
    if (i >= 0) this.tasks.splice(i, 1);
  }

  /** Whether any task has fallen due (cheap: lets a request skip runDue, which re-arms the timer). */
  hasDue(): boolean {
    return this.tasks.length > 0 && this.tasks[0].at <= this.now();
  }

  isScheduled(key: string): boolean {
    return this.tasks.some((t) => t.key === key);
  }

  /** Pending work, soonest first (for the control API). */
  pending(): { at: number; key: string }[] {
    return this.tasks.map(({ at, key }) => ({ at, key }));
  }

  /**
   * Run every task whose time has come, in time order. A task runs with the
   * clock reading its own due time, so what it records carries the scheduled
   * time, then the clock returns to the target time.
   */
  runDue(): void {
    if (this.running) return;
    this.running = true;
    try {
      const target = this.now();
      while (this.tasks.length > 0 && this.tasks[0].at <= target) {
        const task = this.tasks.shift()!;
        this.withTimeAt(task.at, target, task.run);
      }
    } finally {
      this.running = false;
      this.armTimer();
    }
  }

  /**
   * Run `fn` with no scheduled work running, then run what fell due. A
   * restore re-arms tasks store by store: none may run before every store is
   * back (a publish would send its newsletter to subscribers not restored yet).
   */
  holdDue<T>(fn: () => T): T {
    const wasRunning = this.running;
    this.running = true;
    try {
      return fn();
    } finally {
      this.running = wasRunning;
      this.runDue();
    }
  }

  /** Real-time timers are only wanted in a listening server, not in unit tests. */
  enableTimers(enabled: boolean): void {
    this.timersEnabled = enabled;
    this.armTimer();
  }

  state(): ClockState {
    return { offsetMs: this.offsetMs, frozenAt: this.frozenAt };
  }

  restore(state: ClockState): void {
    this.offsetMs = state.offsetMs;
    this.frozenAt = state.frozenAt;
    this.armTimer();
  }

  /** Drop all scheduled work (reset). */
  clearTasks(): void {
    this.tasks = [];
    this.armTimer();
  }

  dispose(): void {
    this.timersEnabled = false;
    this.armTimer();
  }

  private withTimeAt(at: number, target: number, run: () => void): void {
    const saved = { offsetMs: this.offsetMs, frozenAt: this.frozenAt };
    const wasFrozen = this.frozenAt !== null;
    this.frozenAt = Math.min(at, target);
    this.ran++;
    try {
      run();
    } catch (err) {
      // A failing task must not stop the others or the request that ran it.
      process.emitWarning(`scheduled task failed: ${(err as Error).message}`);
    } finally {
      if (wasFrozen) this.frozenAt = saved.frozenAt;
      else {
        this.frozenAt = null;
        this.offsetMs = saved.offsetMs;
      }
    }
  }

  private armTimer(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.timersEnabled || this.frozenAt !== null || this.tasks.length === 0) return;
    const delay = Math.max(0, Math.min(this.tasks[0].at - this.now(), 2 ** 31 - 1));
    this.timer = setTimeout(() => this.runDue(), delay);
    this.timer.unref();
  }
}
