/**
 * What the CLI hands to the test files (through vitest's provide/inject).
 * Everything here must survive structured cloning into the worker.
 */
import type { Profile } from './profiles.js';

export interface PublicationInfo {
  id: string;
  slug: string;
  name?: string;
  ownerUserId?: string;
  teamMemberIds?: string[];
  communityIds?: string[];
  customEmailApproved?: boolean;
  /** Extra fields the reference's /_control/publications gives (other targets may not). */
  ownerEmail?: string | null;
  removedMemberIds?: string[];
  unavailableCommunityIds?: string[];
  plan?: string;
}

export interface ControlInfo {
  available: boolean;
  /** Why it is not available (e.g. "GET /_control answered 404"); shown in skip reasons. */
  missingReason?: string;
  implementation?: string;
  version?: string;
  seed?: number;
  capabilities: string[];
}

export interface TargetInfo {
  url: string;
  /** True when the suite started the reference itself or the target says it is the reference. */
  isReference: boolean;
  inProcess: boolean;
  control: ControlInfo;
  /** Publication A (the key's) and B (the second key's), when they could be discovered. */
  publications: { a?: PublicationInfo; b?: PublicationInfo };
}

export interface SuiteConfig {
  target: TargetInfo;
  apiKey?: string;
  secondApiKey?: string;
  /** Sent as the bearer token of every /_control request. */
  controlToken?: string;
  profiles: Profile[];
  seed: number;
  runs: number;
  filter: string[];
  rateLimit?: number;
  timeoutMs: number;
  replayPath?: string;
  runId: string;
  /** Other test files run at the same time (--workers): control calls that change shared state are refused. */
  parallel?: boolean;
  /** A test that would be skipped fails instead (--no-skips). */
  noSkips?: boolean;
}

/** The key under which the CLI provides the config; test files inject it. */
export const SUITE_CONFIG_KEY = 'conformance';

/** The config with every secret replaced, for reports. */
export function redactedConfig(config: SuiteConfig): Omit<SuiteConfig, 'apiKey' | 'secondApiKey' | 'controlToken'> & {
  apiKey?: string;
  secondApiKey?: string;
  controlToken?: string;
} {
  return {
    ...config,
    apiKey: config.apiKey === undefined ? undefined : '$API_KEY',
    secondApiKey: config.secondApiKey === undefined ? undefined : '$SECOND_API_KEY',
    controlToken: config.controlToken === undefined ? undefined : '$CONTROL_TOKEN',
  };
}
