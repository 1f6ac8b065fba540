/**
 * Every operation of the contract (schemas/openapi.json), fuzzed with
 * malformed requests: each answer is a 4xx in the error shape or a correct
 * 2xx, in time, and A's state reads back the same afterwards. The test-control
 * API (/_control) is left out: it is a test harness, not the API.
 */
import { fail, fc, rule, type RuleContext, type RuleOptions } from '../../src/authoring/index.js';
import { malformationArbitrary, type BodyShape } from './malformations.js';
import { OPERATIONS, type Operation } from './operations.js';
import { NEVER_TOUCHED, planFor, type OperationPlan } from './plans.js';
import { buildRequest } from './request.js';
import { fieldSlots, propertyNames } from './schema-fields.js';
import { diffSnapshots, takeSnapshot } from './snapshot.js';
import { GARBAGE_IDS, candidatesFor, createOwnIds, readRealIds, type OwnIds } from './targets.js';
import { judge, sendWithin } from './verdict.js';

function shapeOf(op: Operation, plan: OperationPlan, base: unknown): BodyShape {
  const contentType = op.body?.contentType ?? '';
  const type = !op.body ? 'none' : contentType.includes('json') ? 'json' : contentType.startsWith('multipart/') ? 'multipart' : 'form';
  const untouchable = new Set([...NEVER_TOUCHED, ...(plan.pinned ?? [])]);
  const baseObject = type === 'json' && base !== null && typeof base === 'object' ? (base as Record<string, unknown>) : {};
  const baseFields = Object.keys(baseObject).filter((key) => !untouchable.has(key));
  return {
    type,
    slots: type === 'json' && op.body ? fieldSlots(op.body.schema).filter((slot) => !untouchable.has(slot.path[0]!)) : [],
    baseFields,
    knownProperties: op.body ? propertyNames(op.body.schema) : new Set(),
    objectFields: baseFields.filter((key) => baseObject[key] !== null && typeof baseObject[key] === 'object' && !Array.isArray(baseObject[key])),
    queryParams: op.queryParams.map((param) => param.name),
  };
}

/** Real (or own) ids three times in four, so most requests reach the body's validation; garbage otherwise. */
function pathValue(candidates: string[]): fc.Arbitrary<string> {
  const garbage = fc.constantFrom(...GARBAGE_IDS);
  if (candidates.length === 0) return garbage;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...candidates.map(encodeURIComponent)) }, { weight: 1, arbitrary: garbage });
}

function profileOf(op: Operation): RuleOptions['profile'] {
  if (op.profile === 'extended') return ['extended'];
  if (op.profile === 'reference') return ['reference-choices'];
  return [];
}

async function fuzz(op: Operation, ctx: RuleContext): Promise<void> {
  const plan = planFor(op);
  const real = await readRealIds(ctx);
  const own: OwnIds = plan.pathIds === 'garbage' ? {} : await createOwnIds(ctx, op);
  const base = plan.base ? await plan.base(ctx, real, op) : op.body?.contentType.includes('json') ? {} : undefined;
  const shape = shapeOf(op, plan, base);
  const client = op.auth === 'none' ? ctx.api.anonymous : ctx.api;
  const paths = fc.tuple(...op.pathParams.map((param) => pathValue(candidatesFor(param, plan.pathIds, real, own))));

  const before = await takeSnapshot(ctx.api, real.publicationId, ctx.runId);
  await ctx.check(fc.record({ pathValues: paths, malformation: malformationArbitrary(shape) }), async ({ pathValues, malformation }) => {
    const res = await sendWithin(client, buildRequest(op, shape, base, pathValues, malformation));
    judge(op, res);
    if (res.status >= 200 && res.status < 300) plan.onSuccess?.(res, ctx);
  });
  await plan.settle?.(ctx, base);
  const after = await takeSnapshot(ctx.api, real.publicationId, ctx.runId);
  const changes = diffSnapshots(before, after);
  if (changes.length > 0) fail(`malformed requests to ${op.key} changed publication A's state:\n${changes.join('\n')}`);
}

for (const op of OPERATIONS) {
  if (op.profile === 'control') continue;
  rule(
    ['robustness.malformed.never-5xx', 'robustness.malformed.error-shape', 'robustness.malformed.answers-in-time', 'robustness.malformed.state-unchanged'],
    `${op.key} answers malformed requests with a 4xx or a valid answer, in time, and changes nothing`,
    (ctx) => fuzz(op, ctx),
    { needs: ['apiKey', 'publicationIds'], profile: profileOf(op) },
  );
}
