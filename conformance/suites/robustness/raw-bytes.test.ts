/**
 * Bytes no HTTP client would send, written straight to a socket: control
 * characters and invalid UTF-8 in the method, the path, the version, a
 * header name or value; broken framing (lone CR or LF, two Content-Lengths,
 * a negative one, bad chunks). The server may answer 4xx or just close the
 * connection, never 5xx and never leave it hanging.
 */
import { expectErrorBody, fail, fc, rule, suiteConfig, type ApiResponse } from '../../src/authoring/index.js';
import { sleep } from './prompt.js';
import { addressOf, rawExchange } from './raw-http.js';

const ANSWER_WITHIN_MS = 5_000;

const PLACES = ['method', 'path', 'version', 'header-name', 'header-value', 'line-end'] as const;
type Place = (typeof PLACES)[number];

const BYTES: number[][] = [[0x00], [0x01], [0x7f], [0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0x0b], [0x0d], [0x0a], [0x20], [0xe2, 0x80, 0xa8], [0x22], [0x3c]];

/** Whole requests whose framing is wrong, each ending the connection with a half-close. */
const FRAMING = [
  'GARBAGE\r\n\r\n',
  'GET /v1/posts/feed HTTP/9.9\r\n\r\n',
  'GET /v1/posts/feed\r\n\r\n',
  '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03',
  'POST /v1/posts HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n',
  'POST /v1/posts HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}',
  'POST /v1/posts HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999\r\n\r\n{}',
  'POST /v1/posts HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n0\r\n\r\n',
  'POST /v1/posts HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  'POST /v1/posts HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n{}',
  'GET /v1/posts/feed HTTP/1.1\r\nHost: h\r\nNo-Colon-Here\r\n\r\n',
  'GET /v1/posts/feed HTTP/1.1\r\nHost: h\r\nX-Folded: a\r\n b\r\n\r\n',
  'GET /v1/posts/feed HTTP/1.1\r\n: empty-name\r\n\r\n',
  'GET  /v1/posts/feed  HTTP/1.1\r\n\r\n',
  'GET http://[::1/v1/posts/feed HTTP/1.1\r\nHost: h\r\n\r\n',
  'GET * HTTP/1.1\r\nHost: h\r\n\r\n',
  'GET /v1/posts/feed HTTP/1.1\r\nConnection: close\r\n\r\n',
  'POST /v1/posts HTTP/1.1\r\nHost: h\r\nExpect: nonsense\r\nContent-Length: 2\r\n\r\n{}',
  'BREW /v1/posts/feed HTTP/1.1\r\nHost: h\r\n\r\n',
  'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
];

function withBytes(authority: string, place: Place, bytes: number[]): Buffer {
  const parts: Record<Place | 'rest', string> = {
    method: 'GET',
    path: '/v1/posts/feed',
    version: 'HTTP/1.1',
    'header-name': 'X-Robustness',
    'header-value': 'value',
    'line-end': '',
    rest: `\r\nHost: ${authority}\r\nConnection: close\r\n`,
  };
  const chunk = (name: Place | 'rest') => {
    const text = Buffer.from(parts[name], 'latin1');
    if (name !== place) return text;
    const middle = Math.floor(text.length / 2);
    return Buffer.concat([text.subarray(0, middle), Buffer.from(bytes), text.subarray(middle)]);
  };
  return Buffer.concat([
    chunk('method'), Buffer.from(' '), chunk('path'), Buffer.from(' '), chunk('version'), chunk('rest'),
    chunk('header-name'), Buffer.from(': '), chunk('header-value'), chunk('line-end'), Buffer.from('\r\n\r\n'),
  ]);
}

/** Judges what came back on the socket: a non-5xx status with, for 4xx, the error body; or a plain close. */
function judgeRaw(what: string, result: Awaited<ReturnType<typeof rawExchange>>): void {
  if (result.status === undefined) {
    if (!result.closed) fail(`${what}: no answer and the connection still open after ${ANSWER_WITHIN_MS} ms`);
    return;
  }
  if (result.status >= 500) fail(`${what}: answered ${result.status}: ${result.text.slice(0, 300)}`);
  if (result.status >= 400) {
    const split = result.text.indexOf('\r\n\r\n');
    const head = split === -1 ? result.text : result.text.slice(0, split);
    const contentType = /\r\ncontent-type:\s*([^\r\n]*)/i.exec(head)?.[1] ?? '';
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
    // Only this answer's body: a server may answer a second, pipelined "request" on the same connection.
    const rest = split === -1 ? '' : result.text.slice(split + 4);
    const body = Number.isFinite(length) ? rest.slice(0, length) : rest;
    const parsed = (() => {
      try {
        return { ok: true, value: JSON.parse(body) as unknown };
      } catch {
        return { ok: false, value: undefined };
      }
    })();
    const res: ApiResponse = { status: result.status, headers: { 'content-type': contentType }, text: body, body: parsed.value, isJson: parsed.ok, label: what };
    expectErrorBody(res);
  }
}

/** --rate-limit holds for raw sockets too. */
async function pace(): Promise<void> {
  const rate = suiteConfig().rateLimit;
  if (rate !== undefined && rate > 0) await sleep(1_000 / rate);
}

rule(
  'robustness.malformed.raw-bytes',
  'control characters and invalid UTF-8 in the request line or a header are refused with a 4xx or a closed connection',
  async ({ target, check }) => {
    const address = addressOf(target.url);
    await check(fc.record({ place: fc.constantFrom(...PLACES), bytes: fc.constantFrom(...BYTES) }), async ({ place, bytes }) => {
      await pace();
      const result = await rawExchange(address, withBytes(address.authority, place, bytes), ANSWER_WITHIN_MS);
      judgeRaw(`bytes ${bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ')} in the ${place}`, result);
    });
  },
);

rule(
  'robustness.malformed.raw-bytes',
  'requests with broken framing (bad request lines, conflicting lengths, bad chunks) are refused with a 4xx or a closed connection',
  async ({ target }) => {
    const address = addressOf(target.url);
    for (const request of FRAMING) {
      await pace();
      const result = await rawExchange(address, Buffer.from(request.replace('Host: h', `Host: ${address.authority}`), 'latin1'), ANSWER_WITHIN_MS);
      judgeRaw(`${JSON.stringify(request.slice(0, 60))}`, result);
    }
  },
);
