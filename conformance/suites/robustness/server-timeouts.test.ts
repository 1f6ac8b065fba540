/**
 * The reference's own keep-alive timeout (SERVER_TIMEOUTS in
 * reference/src/server.ts): an idle connection is closed 5 s after its last
 * answer, so idle clients cannot pile up. The headers (10 s) and request
 * (60 s) timeouts would cost a suite run too long to watch; the unit test of
 * server.ts runs all three with short values.
 */
import { fail, rule } from '../../src/authoring/index.js';
import { addressOf, openSocket, watch } from './raw-http.js';

const KEEP_ALIVE_TIMEOUT_MS = 5_000;
// node:http keeps an idle socket up to about a second past its keep-alive timeout.
const SLACK_MS = 2_500;

rule(
  'robustness.timeouts.keep-alive',
  'the reference closes an idle keep-alive connection 5 s after its last answer',
  async ({ target, skip }) => {
    if (!target.isReference) return skip("this timeout is the reference's own choice (SERVER_TIMEOUTS in reference/src/server.ts)");
    const address = addressOf(target.url);
    const idle = watch(await openSocket(address));
    idle.socket.write(`GET /v1/posts/feed HTTP/1.1\r\nHost: ${address.authority}\r\n\r\n`);
    try {
      const closed = await idle.closed(KEEP_ALIVE_TIMEOUT_MS + SLACK_MS);
      const answered = idle.firstDataAfterMs();
      if (answered === undefined) fail('GET /v1/posts/feed on a fresh connection got no answer');
      if (closed === undefined) fail(`an idle keep-alive connection was still open ${KEEP_ALIVE_TIMEOUT_MS + SLACK_MS} ms after it was opened`);
      if (closed - answered < KEEP_ALIVE_TIMEOUT_MS - 500) {
        fail(`an idle keep-alive connection was closed ${Math.round(closed - answered)} ms after its answer, before the ${KEEP_ALIVE_TIMEOUT_MS} ms keep-alive timeout`);
      }
    } finally {
      idle.socket.destroy();
    }
  },
  { profile: 'reference-choices', timeout: 20_000 },
);
