/** One request and its response as recorded for a test's transcript (secrets already redacted). */
export interface Exchange {
  method: string;
  /** Full URL, secrets redacted. */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  /** For multipart bodies: the parts, with file contents truncated. */
  requestParts?: Array<{ name: string; value?: string; filename?: string; contentType?: string; content?: string }>;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** A network error instead of a response. */
  error?: string;
  durationMs: number;
  /** Set when the body was cut to keep reports small. */
  truncated?: boolean;
}

/** What a test leaves in its vitest task meta for the reporter. */
export interface ConformanceTestMeta {
  ruleIds: string[];
  /** Rule ids the catalogue does not know: the test errors, and the report says so. */
  unknownRuleIds?: string[];
  /** Profiles the test touches (its rules', its own, control when it needs it). */
  profiles: string[];
  /** Not selected by --filter: the reporter leaves the test out entirely. */
  filteredOut?: boolean;
  /** Skipped before running because a profile is not selected; the reason. */
  excludedReason?: string;
  /** Set by the wrapper when the test threw: an assertion about the target (fail) or a broken suite (error). */
  outcome?: 'fail' | 'error';
  /** The rule of a failed setup step that kept the test from judging its own rules (see authoring/setup-step.ts). */
  blockedBy?: string;
  transcript?: Exchange[];
  /** Exchanges left out of the transcript (only the last ones are kept). */
  droppedExchanges?: number;
  property?: { seed: number; path?: string; counterexample?: string; numRuns?: number };
}
