import { FAULT_LIMITS, FaultRemoved, FaultRule, FaultRuleInput, FaultRules, FaultsCleared } from '../control-faults.js';
import { json, type Endpoint } from './endpoint.js';

const control = { tag: 'Test control', auth: 'none', profile: 'control' } as const;

export const faultControlEndpoints: Endpoint[] = [
  {
    ...control, method: 'get', path: '/_control/faults',
    summary: 'The fault rules, in the order they are tried, with their counters (capability faults)',
    responses: { 200: json('the fault rules', FaultRules) },
  },
  {
    ...control, method: 'post', path: '/_control/faults',
    summary: 'Add a fault rule: latency and/or an action (status, drop, stall, truncate) on matching /v1 requests',
    description: [
      'A rule matches by method, path pattern (* matches any run of characters), API key and header; absent fields match anything.',
      `latencyMs (0..${FAULT_LIMITS.latencyMsMax}, or {min, max}) is real time, never the clock's. Mode before: the request is not applied (status, drop);`,
      'mode after: it is applied, then the answer fails (status, drop, stall, truncate). times: the next N matching requests; probability: drawn from the seeded random source.',
      `Answers a rule touched carry X-Reference-Fault: <id>. /_control is never faulted; POST /_control/reset goes back to the rules given at start (--fault). At most ${FAULT_LIMITS.rulesMax} rules.`,
    ].join(' '),
    body: FaultRuleInput,
    responses: { 201: json('the rule as listed', FaultRule) },
    errors: { 409: 'a rule of that id exists already, or there are too many rules' },
  },
  {
    ...control, method: 'delete', path: '/_control/faults',
    summary: 'Remove every fault rule (those given at start too, until the next reset)',
    responses: { 200: json('how many were removed', FaultsCleared) },
  },
  {
    ...control, method: 'delete', path: '/_control/faults/{id}',
    summary: 'Remove one fault rule',
    responses: { 200: json('the removed rule', FaultRemoved) },
    errors: { 404: 'no fault rule of that id' },
  },
];
