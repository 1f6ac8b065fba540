/**
 * Named snapshots through the test-control API: save the whole state under a
 * name, list the names, jump back to one. A test can build an expensive state
 * once and return to it before each case (docs/state-file.md).
 */
import type { Reference } from '../reference.js';
import { conflict, notFound } from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import type { RouteDef } from '../http/types.js';
import { ControlSnapshotName } from '../../../schemas/control.js';
import { StateFileError } from './format.js';

export const SNAPSHOT_CONTROL_CAPABILITIES = ['snapshots'];

export function snapshotControlRoutes(reference: Reference): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/_control/snapshots',
      auth: 'none',
      handler: () => ({ json: reference.persistence.status() }),
    },
    {
      method: 'POST',
      path: '/_control/snapshot',
      auth: 'none',
      handler: async (ctx) => {
        const { name } = parseOr400(ControlSnapshotName, await ctx.json());
        return { json: await reference.persistence.saveNamed(name) };
      },
    },
    {
      method: 'POST',
      path: '/_control/restore',
      auth: 'none',
      handler: async (ctx) => {
        const { name } = parseOr400(ControlSnapshotName, await ctx.json());
        let found: boolean;
        try {
          found = reference.persistence.restoreNamed(name);
        } catch (err) {
          // A file in the snapshots directory that is damaged or of another format version: the state is left as it was.
          if (err instanceof StateFileError) throw conflict(err.message);
          throw err;
        }
        if (!found) throw notFound(`no snapshot named "${name}"`);
        return { json: { name, seed: reference.options.seed, now: reference.clock.now() } };
      },
    },
  ];
}
