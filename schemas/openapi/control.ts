import { z } from 'zod';
import {
  ControlClock,
  ControlClockChange,
  ControlInfo,
  ControlPublications,
  ControlRateLimit,
  ControlRateLimitChange,
  ControlReset,
  ControlRestored,
  ControlSnapshotInfo,
  ControlSnapshotName,
  ControlSnapshots,
  RATE_LIMIT_LIMITS,
} from '../control.js';
import { json, type Endpoint } from './endpoint.js';

const ResetResult = z.object({ success: z.literal(true), seed: z.number().int(), now: z.number().int() });

export const controlEndpoints: Endpoint[] = [
  { method: 'get', path: '/_control', tag: 'Test control', auth: 'none', profile: 'control', summary: 'What this implementation is and which control capabilities it has', responses: { 200: json('implementation info', ControlInfo) } },
  { method: 'post', path: '/_control/reset', tag: 'Test control', auth: 'none', profile: 'control', summary: 'Back to the seeded fixtures (or empty)', body: ControlReset, responses: { 200: json('reset done', ResetResult) } },
  { method: 'get', path: '/_control/publications', tag: 'Test control', auth: 'none', profile: 'control', summary: 'Fixture publications with their keys, owners, team and segments', responses: { 200: json('publications', ControlPublications) } },
  { method: 'get', path: '/_control/clock', tag: 'Test control', auth: 'none', profile: 'control', summary: 'The clock', responses: { 200: json('the clock', ControlClock) } },
  { method: 'post', path: '/_control/clock', tag: 'Test control', auth: 'none', profile: 'control', summary: 'Advance, set or freeze the clock; due work runs before the answer', body: ControlClockChange, responses: { 200: json('the clock', ControlClock) } },
  { method: 'get', path: '/_control/snapshots', tag: 'Test control', auth: 'none', profile: 'control', summary: 'Named snapshots, the count of answered writes, and the state file (docs/state-file.md)', responses: { 200: json('snapshots and the state file', ControlSnapshots) } },
  {
    method: 'post', path: '/_control/snapshot', tag: 'Test control', auth: 'none', profile: 'control',
    summary: 'Save the whole state (clock and scheduled work included) under a name; an existing name is replaced',
    description: 'In memory; with a state file also written to `<state file>.snapshots/<name>.json` before the answer.',
    body: ControlSnapshotName, responses: { 200: json('the snapshot', ControlSnapshotInfo) },
  },
  {
    method: 'post', path: '/_control/restore', tag: 'Test control', auth: 'none', profile: 'control',
    summary: 'Jump to a named snapshot: every store, the clock and the scheduled work as they were when it was saved',
    body: ControlSnapshotName, responses: { 200: json('restored', ControlRestored) },
    errors: { 404: 'no snapshot of that name', 409: 'the snapshot file is damaged or of another format version (the state is unchanged)' },
  },
  { method: 'get', path: '/_control/rate-limit', tag: 'Test control', auth: 'none', profile: 'control', summary: 'Rate limiting of /v1 requests: the limit and window, or nulls when off (the default)', responses: { 200: json('the rate limit', ControlRateLimit) } },
  {
    method: 'post', path: '/_control/rate-limit', tag: 'Test control', auth: 'none', profile: 'control',
    summary: 'Turn rate limiting of /v1 requests on ({limit, windowMs}) or off ({limit: null}) (capability rate-limit)',
    description: [
      `limit 1..${RATE_LIMIT_LIMITS.limitMax} requests per windowMs 1..${RATE_LIMIT_LIMITS.windowMsMax} (default ${RATE_LIMIT_LIMITS.windowMsDefault}) of the clock, counted per API key; requests without a key share one window.`,
      'A window opens at its first request; past the limit a request answers 429 with the error body and Retry-After (seconds left, rounded up), and changes nothing.',
      'Only /v1 requests that pass authentication count; /_control is never limited. Every POST starts the windows afresh; POST /_control/reset turns limiting off.',
    ].join(' '),
    body: ControlRateLimitChange, responses: { 200: json('the rate limit', ControlRateLimit) },
  },
];
