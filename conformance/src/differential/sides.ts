/**
 * Setting the two sides up for each sequence: a target with /_control is
 * reset to the run's seed (so it has the reference's fixtures) and its clock
 * frozen; one without is left as it is, and what a sequence created there is
 * archived after it. The oracle is always reset and, where the target's
 * clock is frozen, frozen too.
 */
import type { ControlInfo } from '../shared/suite-config.js';
import type { SequenceScope } from './sequences/scope.js';
import { Side } from './side.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

export class SuiteSetupError extends Error {
  override name = 'SuiteError';
}

export interface Pair {
  target: Side;
  reference: Side;
  scope: SequenceScope;
}

/** Resets what can be reset and reads both sides' publications; decides the scope of the sequences. */
export async function preparePair(target: Side, reference: Side, control: ControlInfo, seed: number): Promise<Pair> {
  const canReset = control.available && control.capabilities.includes('reset');
  await reset(reference, seed);
  await adoptPublications(reference);
  if (canReset) {
    await reset(target, seed);
    if (control.capabilities.includes('publications')) await adoptPublications(target);
  }
  const [t, r] = [target.info.publications, reference.info.publications];
  const sameFixtures = canReset && t.a?.id === r.a?.id && t.b?.id === r.b?.id && t.a !== undefined;
  const scope: SequenceScope = {
    sameFixtures,
    clock: canReset && control.capabilities.includes('clock'),
    publishes: canReset,
    contentSends: canReset && control.capabilities.includes('content-sends'),
  };
  return { target, reference, scope };
}

/** Before each sequence: both sides back to the seed's fixtures (where they can be), clocks frozen (where they can be). */
export async function startSequence(pair: Pair, seed: number): Promise<void> {
  const { target, reference, scope } = pair;
  await reset(reference, seed);
  if (scope.publishes) await reset(target, seed);
  target.startSequence(scope.clock ? await freeze(target) : undefined);
  reference.startSequence(scope.clock ? await freeze(reference) : undefined);
}

/** After each sequence on a target that cannot be reset: archive what it made there (drafts, so nobody saw them). */
export async function cleanUp(pair: Pair): Promise<void> {
  if (pair.scope.publishes) return;
  const { target } = pair;
  const auth: Record<string, string> = target.info.keys.a ? { authorization: `Bearer ${target.info.keys.a}` } : {};
  for (const id of target.createdOf('post')) {
    await target.send('PUT', `/v1/posts/${encodeURIComponent(id)}`, { ...JSON_HEADERS, ...auth }, JSON.stringify({ status: 'archived' }));
  }
  for (const id of target.createdOf('content')) {
    await target.send('POST', `/v1/content/${encodeURIComponent(id)}/archive`, { ...JSON_HEADERS, ...auth }, '{}');
  }
}

/** Moves a side's frozen clock; the new reading is what its times are measured from. */
export async function advanceClock(side: Side, advanceMs: number): Promise<void> {
  const answer = await control(side, '/_control/clock', { advanceMs });
  side.now = numberOf(answer, 'now');
}

async function reset(side: Side, seed: number): Promise<void> {
  await control(side, '/_control/reset', { seed });
}

async function freeze(side: Side): Promise<number> {
  return numberOf(await control(side, '/_control/clock', { frozen: true }), 'now');
}

/** Publications A and B (the first two) and their keys, from /_control/publications. */
async function adoptPublications(side: Side): Promise<void> {
  const answer = await side.send('GET', '/_control/publications', {});
  const list = (answer.body as { publications?: Array<{ id: string; slug: string; apiKeys?: string[] }> }).publications;
  if (answer.status !== 200 || !Array.isArray(list)) throw new SuiteSetupError(`GET /_control/publications on the ${side.info.label} answered ${answer.status}`);
  const [a, b] = list;
  side.info.publications = { a: a && { id: a.id, slug: a.slug }, b: b && { id: b.id, slug: b.slug } };
  side.info.keys = { a: side.info.keys.a ?? a?.apiKeys?.[0], b: side.info.keys.b ?? b?.apiKeys?.[0] };
}

async function control(side: Side, path: string, body: unknown): Promise<unknown> {
  const answer = await side.send('POST', path, JSON_HEADERS, JSON.stringify(body));
  if (answer.status < 200 || answer.status >= 300) {
    throw new SuiteSetupError(`POST ${path} on the ${side.info.label} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
  }
  return answer.body;
}

function numberOf(body: unknown, key: string): number {
  const value = (body as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'number') throw new SuiteSetupError(`the control API answered without a numeric ${key}`);
  return value;
}
