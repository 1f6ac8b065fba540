/**
 * A control API no web page can drive: it grants no other origin (CORS), it
 * answers only its own names (a DNS-rebinding page sends its own as Host),
 * and its writes cannot be sent as a "simple" cross-site request (text/plain,
 * a form, no body), which a browser sends without asking first.
 */
import { expectErrorBody, fail, rule } from '../../src/authoring/index.js';
import { createDraft } from '../posts/support/posts-api.js';

const ATTACKER = 'https://attacker.example';
/** Names no server started for a test calls its own, and a Host that names none. */
const FOREIGN_HOSTS = ['attacker.example', 'attacker.example:4010', 'localhost.attacker.example', 'a@localhost', 'local host'];
/** Names that cannot be rebound: loopback names (any port, a final dot, any letter case) and IP literals. */
const OWN_HOSTS = ['localhost', 'LOCALHOST.:4010', 'app.localhost:3000', '127.0.0.1:1', '[::1]:4010', '192.168.1.20'];

rule(['control.browser.no-cors'], 'the test-control API grants no other origin: no CORS headers on its answers or preflights', async ({ api }) => {
  const read = await api.anonymous.get('/_control/publications', { headers: { origin: ATTACKER } });
  const granted = read.headers['access-control-allow-origin'];
  if (granted === '*' || granted === ATTACKER) fail(`GET /_control/publications from ${ATTACKER} answered Access-Control-Allow-Origin: ${granted}: any web page can read every API key`);
  const preflight = await api.anonymous.request('OPTIONS', '/_control/reset', {
    headers: { origin: ATTACKER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  const allowed = preflight.headers['access-control-allow-origin'];
  if (preflight.status < 300 && (allowed === '*' || allowed === ATTACKER))
    fail(`a preflight for POST /_control/reset from ${ATTACKER} was granted (${preflight.status}, Access-Control-Allow-Origin: ${allowed})`);
}, { needs: ['control'] });

rule(
  ['control.browser.json-writes'],
  'a write to the test-control API that a web page could send without a preflight (text/plain, no body) is refused and changes nothing',
  async (ctx) => {
    const id = await createDraft(ctx, 'survives a cross-site reset');
    for (const [label, options] of [
      ['text/plain', { body: '{}', contentType: 'text/plain', headers: { origin: ATTACKER } }],
      ['no body, no type', { headers: { origin: ATTACKER } }],
    ] as const) {
      const res = await ctx.api.anonymous.request('POST', '/_control/reset', options);
      if (res.status < 400) fail(`POST /_control/reset sent as ${label} from ${ATTACKER} answered ${res.status}: any web page can reset the state`);
      if (res.status >= 500) fail(`POST /_control/reset sent as ${label} answered ${res.status}; a refusal is a 4xx`);
      expectErrorBody(res);
      const still = await ctx.api.get(`/v1/posts/${encodeURIComponent(id)}`);
      if (still.status !== 200) fail(`after a refused POST /_control/reset (${label}) the draft written before answers ${still.status}: the state was reset`);
    }
  },
  { needs: ['control', 'apiKey'] },
);

rule(
  ['control.browser.foreign-host'],
  "a request outside /v1 with a Host that is not the server's own name is refused with 421 and changes nothing; /v1 answers any Host",
  async (ctx) => {
    const id = await createDraft(ctx, 'survives a reset sent under a foreign name');
    for (const host of FOREIGN_HOSTS) {
      const read = await ctx.api.anonymous.get('/_control/publications', { headers: { host } });
      if (read.status !== 421) fail(`GET /_control/publications with Host: ${host} answered ${read.status}; a name that is not the server's is refused with 421 (a DNS-rebinding page sends its own name)`);
      expectErrorBody(read);
    }
    const reset = await ctx.api.anonymous.post('/_control/reset', {}, { headers: { host: FOREIGN_HOSTS[0]! } });
    if (reset.status !== 421) fail(`POST /_control/reset with Host: ${FOREIGN_HOSTS[0]} answered ${reset.status}, not 421`);
    const still = await ctx.api.get(`/v1/posts/${encodeURIComponent(id)}`);
    if (still.status !== 200) fail(`after a refused POST /_control/reset (Host: ${FOREIGN_HOSTS[0]}) the draft written before answers ${still.status}: the state was reset`);
    for (const host of OWN_HOSTS) {
      const own = await ctx.api.anonymous.get('/_control/clock', { headers: { host } });
      if (own.status !== 200) fail(`GET /_control/clock with Host: ${host} answered ${own.status}; loopback names and IP literals are always the server's own`);
    }
    const api = await ctx.api.get(`/v1/posts/${encodeURIComponent(id)}`, { headers: { host: FOREIGN_HOSTS[0]! } });
    if (api.status !== 200) fail(`GET /v1/posts/{id} with Host: ${FOREIGN_HOSTS[0]} answered ${api.status}; /v1 answers any Host (its keys are its guard)`);
  },
  { needs: ['control', 'apiKey'] },
);
