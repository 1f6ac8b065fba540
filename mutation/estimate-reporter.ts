/**
 * A Stryker reporter that prints, once the initial test run has been timed
 * and before any mutant runs, how long the run may take: the mutants to test
 * times the time of one judged run, divided by the concurrency. Killed
 * mutants stop at their first failing test, so the real run is usually
 * shorter.
 */
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import type { StrykerOptions } from '@stryker-mutator/api/core';
import type { DryRunCompletedEvent, MutationTestingPlanReadyEvent, Reporter } from '@stryker-mutator/api/report';

export interface Estimate {
  toTest: number;
  reused: number;
  oneRunMs: number;
  concurrency: number;
}

export function estimateMs({ toTest, oneRunMs, concurrency }: Estimate): number {
  return (toTest * oneRunMs) / Math.max(1, concurrency);
}

export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return `${Math.round(ms / 1000)} s`;
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function estimateLine(estimate: Estimate): string {
  const { toTest, reused, oneRunMs, concurrency } = estimate;
  return (
    `mutation: ${toTest} mutant${toTest === 1 ? '' : 's'} to test (${reused} earlier result${reused === 1 ? '' : 's'} reused, other areas' included); ` +
    `one judged run took ${(oneRunMs / 1000).toFixed(1)} s; estimate at most ${formatDuration(estimateMs(estimate))} ` +
    `(${toTest} × ${(oneRunMs / 1000).toFixed(1)} s / concurrency ${concurrency})`
  );
}

export class EstimateReporter implements Reporter {
  static inject: [typeof commonTokens.options] = [commonTokens.options];
  private oneRunMs = 0;

  constructor(private readonly options: StrykerOptions) {}

  onDryRunCompleted(event: DryRunCompletedEvent): void {
    this.oneRunMs = event.timing.net + event.timing.overhead;
  }

  onMutationTestingPlanReady({ mutantPlans }: MutationTestingPlanReadyEvent): void {
    const toTest = mutantPlans.filter((plan) => plan.plan === 'Run').length;
    const line = estimateLine({ toTest, reused: mutantPlans.length - toTest, oneRunMs: this.oneRunMs, concurrency: concurrencyOf(this.options) });
    process.stdout.write(`${line}\n`);
  }
}

/** Stryker's concurrency may be a count or a share of the cores ("50%"); mutation/ always sets a count. */
function concurrencyOf(options: StrykerOptions): number {
  return typeof options.concurrency === 'number' ? options.concurrency : 1;
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'estimate', EstimateReporter)];
