/**
 * The package's entry: the reference in your own process, for tests.
 *
 *   import { startReference } from 'publishing-api-reference';
 *   const reference = await startReference();            // a free port
 *   await fetch(`${reference.url}/v1/posts`, { headers: { Authorization: `Bearer ${reference.keys.demo}` } });
 *   await reference.clock.advance(60_000);
 *   await reference.close();
 *
 * Without a port (`startReference({ port: false })`), `reference.fetch` serves
 * requests handed to it by MSW, undici's MockAgent or a service worker. The
 * suite is at 'publishing-api-reference/conformance', the contract (zod
 * schemas and types) at 'publishing-api-reference/schemas' and
 * 'publishing-api-reference/openapi.json'. README.md, "Use it in your tests".
 */
export { startReference, type DemoKeys, type ReferenceInstance, type StartReferenceOptions } from './in-process/start.js';
export type { FetchHandler } from './in-process/fetch-handler.js';
export {
  ControlError,
  type ClockView,
  type ControlInfo,
  type ControlMethods,
  type ControlPublication,
  type FaultRule,
  type FaultRuleInput,
  type OutboxEmail,
  type OutboxFilter,
  type RestoredSnapshot,
  type SnapshotInfo,
  type SnapshotsView,
} from './in-process/control-methods.js';
export { DEMO_KEYS } from '../../fixtures/keys.js';
