/** The first difference between the two sides' normalised responses, or none. */
import { isRecord, TIME_TOLERANCE_MS, timeOffset, type Normalised } from './normalise.js';

export interface Difference {
  /** Where: `status`, `error`, or a JSON path into the body (`body.items[2].status`). */
  path: string;
  target: unknown;
  reference: unknown;
}

export function firstDifference(target: Normalised, reference: Normalised): Difference | undefined {
  if (target.status !== reference.status) return { path: 'status', target: target.status, reference: reference.status };
  if (target.error !== reference.error) return { path: 'error', target: target.error, reference: reference.error };
  return differ(target.body, reference.body, 'body');
}

function differ(a: unknown, b: unknown, path: string): Difference | undefined {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const found = differ(a[i], b[i], `${path}[${i}]`);
      if (found) return found;
    }
    return a.length === b.length ? undefined : { path: `${path}.length`, target: a.length, reference: b.length };
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      if (!(key in a) || !(key in b)) return { path: `${path}.${key}`, target: key in a ? a[key] : '(absent)', reference: key in b ? b[key] : '(absent)' };
      const found = differ(a[key], b[key], `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    const [ta, tb] = [timeOffset(a), timeOffset(b)];
    if (ta !== undefined && tb !== undefined) return Math.abs(ta - tb) <= TIME_TOLERANCE_MS ? undefined : { path, target: a, reference: b };
  }
  return Object.is(a, b) ? undefined : { path, target: a, reference: b };
}
