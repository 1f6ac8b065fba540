/**
 * The register (docs/spec-gaps.md, Everywhere) on reading a JSON body:
 * `__proto__`, `constructor` and `prototype` as a key anywhere are 400, and
 * so are nesting deeper than 64 levels and invalid UTF-8; a body may be
 * 5 MiB. Sent to POST /v1/posts, the keys and the nesting inside a property
 * the endpoint does not know: each test first checks that a harmless value
 * there is taken, so that the 400 is the key's or the depth's. A refused
 * draft must not be created; accepted ones are archived.
 */
import { expectError, expectOk, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { PostCreated } from '../../../schemas/posts.js';
import { draftBody } from '../posts/support/posts-api.js';
import { addressOf, rawExchange } from '../robustness/raw-http.js';

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];
/** The levels below the top-level value a body may nest. */
const MAX_LEVELS = 64;

/** A draft's JSON text with `extraJson` as the value of a property the endpoint does not know (text: `__proto__` stays an own key). */
function draftWith(ctx: RuleContext, label: string, extraJson: string): string {
  const draft = JSON.stringify(draftBody(ctx, label));
  return `${draft.slice(0, -1)},"cfExtra":${extraJson}}`;
}

async function send(ctx: RuleContext, text: string | Buffer) {
  const res = await ctx.api.post('/v1/posts', undefined, { body: text, contentType: 'application/json' });
  const id = (res.body as { id?: unknown } | undefined)?.id;
  if (typeof id === 'string') ctx.created.post(id);
  return res;
}

/** Arrays nested `levels` deep below the top-level value: the extra property is level 1. */
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

rule(
  ['errors.400.forbidden-keys', 'errors.shape.everywhere'],
  'a JSON body with __proto__, constructor or prototype as a key, at the top, nested or inside an array, answers 400 and creates nothing',
  async (ctx) => {
    expectOk(await send(ctx, draftWith(ctx, 'harmless extra', '{"a":[{"b":1},null],"c":null}')), PostCreated);
    for (const key of FORBIDDEN) {
      const places = [
        ['at the top', (() => { const draft = JSON.stringify(draftBody(ctx, `${key} at the top`)); return `${draft.slice(0, -1)},${JSON.stringify(key)}:{"x":1}}`; })()],
        ['nested', draftWith(ctx, `${key} nested`, `{"a":{${JSON.stringify(key)}:{"x":1}}}`)],
        ['inside an array', draftWith(ctx, `${key} inside an array`, `{"a":[1,{${JSON.stringify(key)}:1}]}`)],
      ] as const;
      for (const [where, text] of places) {
        const res = await send(ctx, text);
        if (res.status !== 400) fail(`${res.label} with "${key}" as a key ${where} answered ${res.status}, not 400`);
        expectError(res, 400);
      }
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.400.nesting-depth', 'errors.shape.everywhere'],
  'a JSON body nested 64 levels below its top-level value is read; one level more answers 400 and creates nothing',
  async (ctx) => {
    expectOk(await send(ctx, draftWith(ctx, 'nested 1 level', nested(1))), PostCreated);
    expectOk(await send(ctx, draftWith(ctx, `nested ${MAX_LEVELS} levels`, nested(MAX_LEVELS))), PostCreated);
    expectOk(await send(ctx, draftWith(ctx, `objects nested ${MAX_LEVELS} levels`, nestedObjects(MAX_LEVELS))), PostCreated);
    for (const [what, levels, text] of [
      ['arrays', MAX_LEVELS + 1, nested(MAX_LEVELS + 1)],
      ['arrays', MAX_LEVELS + 10, nested(MAX_LEVELS + 10)],
      ['objects', MAX_LEVELS + 1, nestedObjects(MAX_LEVELS + 1)],
    ] as const) {
      const res = await send(ctx, draftWith(ctx, `${what} nested ${levels} levels`, text));
      if (res.status !== 400) fail(`${res.label} with ${what} nested ${levels} levels answered ${res.status}, not 400`);
      expectError(res, 400);
    }
  },
  { needs: ['apiKey'] },
);

/** The register's limit of a JSON body (docs/spec-gaps.md: 5 MiB). */
const JSON_LIMIT = 5 * 1024 * 1024;

rule(
  ['errors.413.json-limit', 'errors.shape.everywhere'],
  'a JSON body of exactly 5 MiB is read (here: a draft padded with spaces); one byte more answers 413',
  async (ctx) => {
    const draft = JSON.stringify(draftBody(ctx, 'a body of the limit'));
    const atLimit = Buffer.from(draft + ' '.repeat(JSON_LIMIT - Buffer.byteLength(draft)));
    expectOk(await send(ctx, atLimit), PostCreated);
    const over = Buffer.from(draft + ' '.repeat(JSON_LIMIT + 1 - Buffer.byteLength(draft)));
    const res = await send(ctx, over);
    if (res.status !== 413) fail(`${res.label} with a body of ${JSON_LIMIT + 1} bytes answered ${res.status}, not 413`);
    expectError(res, 413);
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.413.json-limit', 'errors.shape.everywhere'],
  'a JSON body of more than 5 MiB sent in chunks, with no Content-Length to refuse it by, answers 413',
  async (ctx) => {
    const draft = JSON.stringify(draftBody(ctx, 'a chunked body over the limit'));
    const body = Buffer.from(draft + ' '.repeat(JSON_LIMIT + 1 - Buffer.byteLength(draft)));
    const address = addressOf(ctx.target.url);
    const head =
      `POST ${new URL('/v1/posts', ctx.target.url).pathname} HTTP/1.1\r\nHost: ${address.authority}\r\nAuthorization: Bearer ${ctx.keys.a}\r\n` +
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n';
    const chunks: Buffer[] = [Buffer.from(head)];
    const CHUNK = 64 * 1024;
    for (let at = 0; at < body.length; at += CHUNK) {
      const piece = body.subarray(at, at + CHUNK);
      chunks.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from('0\r\n\r\n'));
    const answer = await rawExchange(address, Buffer.concat(chunks), 20_000);
    const id = /"id":"([^"]+)"/.exec(answer.text)?.[1];
    if (id) ctx.created.post(id);
    if (answer.status !== 413) fail(`POST /v1/posts with a chunked body of ${body.length} bytes answered ${answer.status ?? 'nothing'}, not 413: ${answer.text.slice(0, 300)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.400.invalid-utf8', 'errors.shape.everywhere'],
  'a JSON body with bytes no UTF-8 text has, inside a string, answers 400 and creates nothing',
  async (ctx) => {
    // The bytes go where the label's ~ is in the title (the label is in the markdown too: only the first is replaced).
    const draft = JSON.stringify(draftBody(ctx, 'invalid UTF-8 ~'));
    const at = draft.indexOf('~');
    for (const bytes of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80]]) {
      const res = await send(ctx, Buffer.concat([Buffer.from(draft.slice(0, at)), Buffer.from(bytes), Buffer.from(draft.slice(at + 1))]));
      if (res.status !== 400) fail(`${res.label} with the bytes ${bytes.map((b) => b.toString(16)).join(' ')} in its title answered ${res.status}, not 400`);
      expectError(res, 400);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.413.declared-length', 'errors.shape.everywhere'],
  'a JSON body whose Content-Length declares one byte more than 5 MiB answers 413 with the error body before any of it is sent',
  async (ctx) => {
    const address = addressOf(ctx.target.url);
    // The headers alone, then a half-close: a server that waits for the body learns it will not come, and does not answer 413.
    const head =
      `POST ${new URL('/v1/posts', ctx.target.url).pathname} HTTP/1.1\r\nHost: ${address.authority}\r\nAuthorization: Bearer ${ctx.keys.a}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${JSON_LIMIT + 1}\r\nConnection: close\r\n\r\n`;
    const answer = await rawExchange(address, Buffer.from(head), 10_000);
    if (answer.status !== 413) fail(`POST /v1/posts declaring a body of ${JSON_LIMIT + 1} bytes, none of it sent, answered ${answer.status ?? 'nothing'}, not 413: ${answer.text.slice(0, 300)}`);
    const body = answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4);
    if (!/"success"\s*:\s*false/.test(body) || !/"msg"\s*:\s*"/.test(body)) fail(`the 413 of a declared length over the limit has no error body: ${body.slice(0, 300)}`);
  },
  { needs: ['apiKey'] },
);
