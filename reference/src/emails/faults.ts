/**
 * Fault switches for custom email, set through the control API, so clients
 * can test their retry path: `unavailable` answers 503 on real sends;
 * `scheduling_failed` reports addresses that passed filtering as
 * scheduling_failed (all, the listed ones, or a seeded fraction).
 * `remaining` makes a fault apply to that many send requests only.
 */
import { Random } from '../random.js';
import { emailKey } from '../subscribers/address.js';
import type { ControlEmailFaultsT, EmailFaultsViewT } from '../../../schemas/outbox.js';
import type { z } from 'zod';
import type { EmailsSnapshot } from './snapshot-schema.js';

export interface ActiveFault {
  mode: 'unavailable' | 'scheduling_failed';
  /** For scheduling_failed: does queuing fail for this address? */
  failsFor(email: string): boolean;
}

export type EmailFaultsSnapshot = z.output<typeof EmailsSnapshot>['faults'];

export class EmailFaults {
  private mode: 'unavailable' | 'scheduling_failed' | null = null;
  private rate = 1;
  private addresses = new Set<string>();
  private listed: string[] = [];
  private remaining: number | null = null;
  private readonly random: Random;

  constructor(seed: number) {
    // Its own stream, so a fault never shifts the ids the rest of the server draws.
    this.random = new Random(seed ^ 0x0fa17ed);
  }

  set(change: ControlEmailFaultsT): void {
    this.mode = change.emailSend;
    this.listed = change.schedulingFailedAddresses ?? [];
    this.addresses = new Set(this.listed.map(emailKey));
    this.rate = change.schedulingFailedRate ?? 1;
    this.remaining = change.emailSend === null ? null : (change.remaining ?? null);
  }

  view(): EmailFaultsViewT {
    return { emailSend: this.mode, schedulingFailedRate: this.rate, schedulingFailedAddresses: [...this.listed], remaining: this.remaining };
  }

  /** persistence/: the switches and the position of the fault's own random stream. */
  snapshot(): EmailFaultsSnapshot {
    return { ...this.view(), random: this.random.snapshot() };
  }

  restoreSnapshot(data: EmailFaultsSnapshot): void {
    this.mode = data.emailSend;
    this.listed = [...data.schedulingFailedAddresses];
    this.addresses = new Set(this.listed.map(emailKey));
    this.rate = data.schedulingFailedRate;
    this.remaining = data.remaining;
    this.random.restoreSnapshot(data.random);
  }

  /** The fault for one real (not dry-run) send request, counting it against `remaining`. */
  take(): ActiveFault | null {
    if (this.mode === null) return null;
    const mode = this.mode;
    if (this.remaining !== null && --this.remaining <= 0) this.set({ emailSend: null });
    const addresses = this.addresses;
    const rate = this.rate;
    return {
      mode,
      failsFor: (email) => (addresses.size > 0 ? addresses.has(emailKey(email)) : rate >= 1 || this.random.float() < rate),
    };
  }
}
