/**
 * The authoring API of the conformance suites: everything a suite file
 * imports. See conformance/AUTHORING.md.
 */
export { rule, type RuleOptions, type RuleTest } from './rule.js';
export type { RuleContext } from './context.js';
export type { Need } from './selection.js';
export { ApiClient, FormData, type ApiResponse, type Identity, type RequestOptions } from './api-client.js';
export type { ControlClient, ClockState, ControlPublication } from './control-client.js';
export {
  expectError,
  expectErrorBody,
  expectOk,
  expectSchema,
  expectStatus,
  expectValue,
  fail,
  statusMatches,
  type StatusExpectation,
} from './assertions.js';
export { ConformanceFailure, SuiteError } from './failures.js';
export { suiteConfig } from './injected-config.js';
export { default as fc } from 'fast-check';
export { describe, expect } from 'vitest';
export { ListWalk, MAX_WALK_PAGES, type WalkedPage } from './list-walk.js';
export { setupStep } from './setup-step.js';
