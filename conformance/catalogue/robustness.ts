/**
 * Robustness: what any implementation owes a hostile or broken client. SPEC.md
 * lists 500 among the statuses, but a malformed request is the client's
 * fault, so it must be refused as one (a 4xx with the error body), quickly,
 * without touching anything. Every rule here is in the robustness profile:
 * the inputs are heavy (megabyte bodies, hundreds of sockets).
 */
import { defineRules } from './types.js';

export const robustnessRules = defineRules([
  {
    section: 'Errors',
    profile: 'robustness',
    rules: [
      [
        'robustness.malformed.never-5xx',
        'A malformed request (wrong types, missing or extra fields, nulls, 1 MB strings, 100k-item arrays, 10k-level nesting, invalid or truncated JSON, a wrong content type, invalid UTF-8, __proto__/constructor/prototype keys, garbage or badly percent-encoded ids, 100 KB URLs, 64 KB headers) never answers 5xx: it is refused with a 4xx, or answered as the valid request it still is.',
      ],
      [
        'robustness.malformed.error-shape',
        'A 4xx answer to a malformed request has the {success: false, msg} error body (the browser pages of the reference answer their HTML error page instead, as documented).',
      ],
      ['robustness.malformed.answers-in-time', 'Every malformed request is answered within a short time limit: none hangs, none drops the connection unanswered.'],
      [
        'robustness.malformed.state-unchanged',
        "Malformed requests change nothing: publication A's posts in every status, its settings, its subscriber count, its content pieces and its groups read back the same afterwards.",
      ],
      [
        'robustness.malformed.raw-bytes',
        'Bytes that are not valid HTTP (control characters and invalid UTF-8 in the request line or a header) are refused with a 4xx or a closed connection, never a 5xx.',
      ],
      ['robustness.clients.slow-headers', 'A client sending its request headers one byte per second does not keep the server from answering others promptly.'],
      ['robustness.clients.stalled-body', 'A client that stops in the middle of its body (Content-Length 1000, 10 bytes sent) does not keep the server from answering others promptly.'],
      ['robustness.clients.idle-connections', 'Hundreds of idle open connections do not keep the server from answering others promptly.'],
    ],
  },
  {
    // The headers (10 s) and request (60 s) timeouts take too long to watch in a suite run: the unit test
    // of reference/src/server.ts runs them with short values.
    section: 'DESIGN.md › The reference server',
    source: 'DESIGN.md',
    profile: 'robustness',
    rules: [
      ['robustness.timeouts.keep-alive', 'The reference closes an idle keep-alive connection 5 s after its last response.'],
    ],
  },
]);
