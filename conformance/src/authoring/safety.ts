/**
 * Guards that keep a run safe against a live service: requests that would
 * email real people are refused unless the side-effects profile is selected.
 * A refused request is a suite error (the test was written wrong), never a
 * failure of the target.
 */
const TRUTHY_NEWSLETTER = new Set<unknown>([true, 'true', '1', 1]);

export function sideEffectOf(method: string, path: string, json: unknown): string | undefined {
  const body = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
  if (body && TRUTHY_NEWSLETTER.has(body.sendNewsletter)) {
    return `${method} ${path} with sendNewsletter=${JSON.stringify(body.sendNewsletter)} would email subscribers`;
  }
  if (method === 'POST' && /^\/v1\/emails\/send\/?$/.test(path) && body?.dryRun !== true) {
    return `${method} ${path} without dryRun: true would email its recipients`;
  }
  return undefined;
}
