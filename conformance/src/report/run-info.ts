/** What the reports say about the run itself (never a key). */
import type { Profile } from '../shared/profiles.js';

export interface RunInfo {
  suite: { name: string; version: string };
  node: string;
  startedAt: string;
  durationMs: number;
  target: {
    url: string;
    inProcess: boolean;
    isReference: boolean;
    implementation?: string;
    version?: string;
    control: { available: boolean; missingReason?: string; capabilities: string[] };
    publications: { a?: { id: string; slug: string }; b?: { id: string; slug: string } };
  };
  config: {
    profiles: Profile[];
    seed: number;
    runs: number;
    filter: string[];
    rateLimit?: number;
    timeoutMs: number;
    maxFailures?: number;
    noSkips?: boolean;
    workers?: number;
    replayPath?: string;
    runId: string;
    reportDir: string;
    apiKey?: string;
    secondApiKey?: string;
  };
  notes: string[];
  unhandledErrors: string[];
  /** --max-failures ended the run: why, and how many tests of the files already started were left unrun. */
  stoppedEarly?: { reason: string; testsNotRun: number };
}
