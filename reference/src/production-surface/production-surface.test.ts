/**
 * The reference serves production's whole public surface: every operation of
 * production's OpenAPI (fixtures/production-openapi.json, a reduced copy; its
 * source is named in the file) is requested (cases.support.test.ts), each answer's status
 * is one production documents for the operation (or a listed exception), and
 * each JSON body validates against production's schema for that status.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient } from '../testing.support.test.js';
import { CASES, UNDOCUMENTED, type Fixture } from './cases.support.test.js';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

const doc = JSON.parse(readFileSync(new URL('../../../fixtures/production-openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
);
const byId = new Map(operations.map((op) => [op.operationId, op]));

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();
function validatorFor(op: Operation, status: number): ValidateFunction | undefined {
  const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema) return undefined;
  const key = `${op.operationId} ${status}`;
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile(schema)));
  return validate;
}

let t: TestClient;
let fixture: Fixture;

beforeAll(async () => {
  t = await startTestServer();
  const state = t.server.reference.state();
  const demo = state.publications.all().find((p) => p.slug === 'demo')!;
  const other = state.publications.all().find((p) => p.slug === 'other')!;
  const coin = state.coins.all().find((c) => c.kind === 'post' && c.publicationId === demo.id)!;
  const post = state.posts.get(coin.postId!)!;
  const owner = state.users.get(demo.ownerUserId)!;
  fixture = {
    t,
    state,
    demo: { id: demo.id, slug: demo.slug, ownerUserId: demo.ownerUserId },
    other: { id: other.id },
    post: { id: post.id, slug: post.slug, category: post.categories[0] },
    coin: { id: coin.id, contractAddress: coin.contractAddress },
    owner: { id: owner.id, walletAddress: owner.walletAddress },
  };
}, 60_000);
afterAll(() => t.close());

describe("production's OpenAPI", () => {
  it('has the operations the cases name, and every operation has a case that succeeds', () => {
    expect(CASES.filter((c) => !byId.has(c.operationId)).map((c) => c.operationId)).toEqual([]);
    const succeeding = new Set(CASES.filter((c) => c.status < 300).map((c) => c.operationId));
    expect(operations.filter((op) => !succeeding.has(op.operationId)).map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('lists only exceptions that a case shows', () => {
    const shown = new Set(CASES.map((c) => `${c.operationId} ${c.status}`));
    expect(Object.keys(UNDOCUMENTED).filter((k) => !shown.has(k))).toEqual([]);
  });
});

describe.each(CASES.map((c) => [`${c.operationId} ${c.status}: ${c.what}`, c] as const))('%s', (_name, c) => {
  it("answers that status with a body production's schema accepts", async () => {
    const op = byId.get(c.operationId)!;
    const res = await c.send(fixture);
    expect(res.status, res.text.slice(0, 300)).toBe(c.status);
    const documented = String(c.status) in op.responses;
    expect(documented || `${c.operationId} ${c.status}` in UNDOCUMENTED, `${c.status} is not documented for ${c.operationId}`).toBe(true);
    const validate = validatorFor(op, c.status);
    if (validate && !validate(res.body)) expect.fail(`${c.operationId} ${c.status}: ${ajv.errorsText(validate.errors)}\n${res.text.slice(0, 500)}`);
  }, 120_000); // the first analytics query waits for the embedded database to start
});
