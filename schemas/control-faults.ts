/**
 * /_control/faults (capability faults): rules that make matching /v1
 * requests slow or fail, so a client's retries, timeouts and idempotency can
 * be tested against the local mock. What GET lists can be posted back as it is
 * (its counters are ignored, and null stands for absent).
 */
import { z } from 'zod';

/** The bounds of a rule, written once. */
export const FAULT_LIMITS = { latencyMsMax: 60_000, timesMax: 1_000_000, retryAfterMax: 86_400, retryAfterDefault: 1, rulesMax: 100 } as const;

/** The statuses a rule can answer with: the ones production's clients meet when the service is unwell. */
export const FAULT_STATUSES = [429, 500, 502, 503] as const;

const RuleId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit');

const LatencyMs = z.union([
  z.number().int().min(0).max(FAULT_LIMITS.latencyMsMax),
  z
    .strictObject({ min: z.number().int().min(0).max(FAULT_LIMITS.latencyMsMax), max: z.number().int().min(0).max(FAULT_LIMITS.latencyMsMax) })
    .refine((v) => v.min <= v.max, { message: 'min must not be above max', path: ['max'] }),
]);

export const FaultAction = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('status'),
    status: z.literal(FAULT_STATUSES, { error: 'must be 429, 500, 502 or 503' }).describe('429, 500, 502 or 503, with the error body {success: false, msg}'),
    retryAfter: z.number().int().min(0).max(FAULT_LIMITS.retryAfterMax).optional().describe('seconds, sent as Retry-After on a 429 (default 1)'),
  }),
  z.strictObject({ type: z.literal('drop') }).describe('the connection is reset before any byte of the answer'),
  z.strictObject({ type: z.literal('stall') }).describe('the headers of the real answer are sent, then nothing'),
  z.strictObject({ type: z.literal('truncate') }).describe('the headers of the real answer (with its full Content-Length) and half its body, then the connection is closed'),
]);

export const FaultMatch = z.strictObject({
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  path: z
    .string()
    .max(500)
    .regex(/^\/[^\s?#]*$/, 'must be a path starting with / (no query); * matches any run of characters, / included')
    .optional(),
  apiKey: z.string().min(1).max(200).optional().describe("the caller's API key, i.e. one publication"),
  header: z
    .strictObject({
      name: z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'must be a header name'),
      value: z.string().max(1000).optional().describe('exact value; absent: the header only has to be present'),
    })
    .optional(),
});

const ruleFields = {
  id: RuleId.optional().describe('default f1, f2, ... in order of creation'),
  match: FaultMatch.optional().describe('absent fields match anything; absent: every /v1 request'),
  latencyMs: LatencyMs.nullish().describe('real time added before the request is handled: fixed, or {min, max} drawn from the seeded random source'),
  action: FaultAction.nullish(),
  mode: z
    .enum(['before', 'after'])
    .nullish()
    .describe("before: the request is not applied (default for status and drop); after: applied, then the answer fails (the only mode of stall and truncate)"),
  times: z.number().int().min(1).max(FAULT_LIMITS.timesMax).nullish().describe('act on the next N matching requests only; absent: always'),
  probability: z.number().gt(0).max(1).nullish().describe('act on each matching request with this probability, drawn from the seeded random source'),
};

/** POST /_control/faults. */
export const FaultRuleInput = z
  .strictObject({ ...ruleFields, matched: z.number().optional(), hits: z.number().optional(), remaining: z.number().nullish() })
  .refine((v) => v.latencyMs != null || v.action != null, { message: 'a rule needs latencyMs, an action, or both' })
  .refine((v) => v.mode == null || v.action != null, { message: 'mode applies to an action; this rule has none', path: ['mode'] })
  .refine((v) => !(v.mode === 'before' && (v.action?.type === 'stall' || v.action?.type === 'truncate')), {
    message: 'stall and truncate act on the real answer, so the request is applied: use mode after (their default)',
    path: ['mode'],
  });

export type FaultRuleInputT = z.output<typeof FaultRuleInput>;
export type FaultActionT = z.output<typeof FaultAction>;
export type FaultMatchT = z.output<typeof FaultMatch>;

/** A rule as GET /_control/faults lists it. */
export const FaultRule = z
  .object({
    id: RuleId,
    match: FaultMatch,
    latencyMs: LatencyMs.nullable(),
    action: FaultAction.nullable(),
    mode: z.enum(['before', 'after']).nullable(),
    times: z.number().int().nullable(),
    probability: z.number().nullable(),
    matched: z.number().int().describe('requests that matched while the rule could still act'),
    hits: z.number().int().describe('requests the rule acted on (each answer carries X-Reference-Fault: <id>)'),
    remaining: z.number().int().nullable().describe('times - hits; null without times'),
  })
  .meta({ id: 'ControlFaultRule' });

export const FaultRules = z.object({ faults: z.array(FaultRule) }).meta({ id: 'ControlFaultRules' });

export type FaultRuleT = z.output<typeof FaultRule>;

/** DELETE /_control/faults/{id}. */
export const FaultRemoved = z.object({ success: z.literal(true), removed: FaultRule });
/** DELETE /_control/faults. */
export const FaultsCleared = z.object({ success: z.literal(true), deleted: z.number().int().min(0) });
