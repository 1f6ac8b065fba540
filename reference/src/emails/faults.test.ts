/**
 * The custom-email fault switches as a server starts them, lifts them and
 * restores them: what no request of the suite sees, whose target had its
 * switches set and lifted by earlier tests.
 */
import { describe, expect, it } from 'vitest';
import { EmailFaults } from './faults.js';

const OFF = { emailSend: null, schedulingFailedRate: 1, schedulingFailedAddresses: [], remaining: null };

describe('email fault switches', () => {
  it('start off: no fault, rate 1, no addresses, nothing remaining', () => {
    const faults = new EmailFaults(1);
    expect(faults.view()).toEqual(OFF);
    expect(faults.take()).toBeNull();
  });

  it('lifted, keep no remaining count even when one is given', () => {
    const faults = new EmailFaults(1);
    faults.set({ emailSend: 'unavailable', remaining: 3 });
    faults.set({ emailSend: null, remaining: 2 });
    expect(faults.view()).toEqual(OFF);
  });

  it('restored, fail the listed addresses and list them again', () => {
    const saved = new EmailFaults(1);
    saved.set({ emailSend: 'scheduling_failed', schedulingFailedAddresses: ['Listed@example.com'] });
    const restored = new EmailFaults(1);
    restored.restoreSnapshot(saved.snapshot());
    expect(restored.view().schedulingFailedAddresses).toEqual(['Listed@example.com']);
    const fault = restored.take();
    expect(fault?.failsFor('listed@example.com')).toBe(true);
    expect(fault?.failsFor('other@example.com')).toBe(false);
  });
});
