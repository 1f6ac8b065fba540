/**
 * The test-control protocol of DESIGN.md. Not part of the product API: an
 * implementation that offers /_control is tested on it in the control profile.
 */
import { defineRules } from './types.js';

export const controlRules = defineRules([
  {
    section: 'DESIGN.md › The test-control API',
    source: 'DESIGN.md',
    profile: 'control',
    rules: [
      ['control.info.shape', 'GET /_control answers {implementation, version, seed, now, capabilities: [...]}.'],
      ['control.reset.fixtures', 'POST /_control/reset returns to the seeded fixtures; with {empty: true} to the fixture publications and keys with nothing in them.'],
      ['control.publications.shape', 'GET /_control/publications lists the fixture publications with their active API keys, owners and team.'],
      ['control.clock.get', 'GET /_control/clock answers {now (Unix ms), frozen}.'],
      ['control.clock.advance', 'POST /_control/clock {advanceMs} moves now forward by that many milliseconds.'],
      ['control.clock.set', 'POST /_control/clock {to} sets now.'],
      ['control.clock.freeze', 'POST /_control/clock {frozen: true} stops the clock; {frozen: false} lets it run.'],
      ['control.clock.runs-due-work', 'Moving the clock runs everything that falls due, in time order, before answering.'],
      ['control.outbox.list', 'GET /_control/outbox lists every email the service would have sent, newest first.'],
      ['control.outbox.clear', 'DELETE /_control/outbox empties the outbox.'],
      ['control.path.not-under-v1', 'The test-control API is never under /v1.'],
    ],
  },
  {
    section: 'DESIGN.md › The test-control API',
    source: 'SILENT.md ours',
    rules: [
      ['control.browser.no-cors', 'The test-control API grants no other origin: no Access-Control-Allow-Origin on its answers, and its preflights are not granted.'],
      ['control.browser.foreign-host', "A request outside /v1 whose Host is not one of the server's own names (localhost, *.localhost, an IP literal, its public URL's host, an allowed host) is refused with 421 and the error body and changes nothing; /v1 answers any Host (docs/spec-gaps.md, Host of a request outside /v1)."],
      ['control.browser.json-writes', 'A test-control write a web page could send without a preflight (text/plain, a form, no body) is refused with a 4xx and changes nothing.'],
      ['control.outbox.pages', 'GET /_control/outbox pages 100 emails by default; limit is 1..10000, or all (every email, no cursor); any other limit, or a cursor of other filters, is 400.'],
      ['control.outbox.one', 'GET /_control/outbox/{emailId} answers that email; an unknown id answers 404.'],
      ['control.clock.range', 'POST /_control/clock refuses with 400 a `to` past the end of year 9999, or an advanceMs that would take the clock past it, and changes nothing.'],
    ],
  },
  {
    section: 'DESIGN.md › The test-control API',
    source: 'SILENT.md ours',
    rules: [
      ['control.faults.before', 'A fault rule (capability faults) answers a matching request with its status and the error body, names itself in X-Reference-Fault, and changes nothing.'],
      ['control.faults.after', 'A fault rule in mode after applies the request, then answers its error.'],
    ],
  },
]);
