/**
 * The faults part of the test-control API (capability faults): add, list and
 * remove fault rules. POST /_control/reset goes back to the rules given at
 * start (--fault), with their counters at 0.
 */
import { FaultRuleInput } from '../../../schemas/control-faults.js';
import type { RouteDef } from '../http/types.js';
import { parseOr400 } from '../http/validate.js';
import type { Faults } from './act.js';

export const FAULT_CONTROL_CAPABILITIES = ['faults'];

export function faultControlRoutes(faults: Faults): RouteDef[] {
  const { store } = faults;
  return [
    { method: 'GET', path: '/_control/faults', auth: 'none', handler: () => ({ json: { faults: store.list() } }) },
    {
      method: 'POST',
      path: '/_control/faults',
      auth: 'none',
      handler: async (ctx) => ({ status: 201, json: store.add(parseOr400(FaultRuleInput, await ctx.json())) }),
    },
    {
      method: 'DELETE',
      path: '/_control/faults',
      auth: 'none',
      handler: () => {
        const deleted = store.clear();
        faults.releaseStalled();
        return { json: { success: true, deleted } };
      },
    },
    {
      method: 'DELETE',
      path: '/_control/faults/:id',
      auth: 'none',
      handler: (ctx) => ({ json: { success: true, removed: store.remove(ctx.params.id) } }),
    },
  ];
}
