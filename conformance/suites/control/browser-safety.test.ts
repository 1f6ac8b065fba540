/**
 * A control API no web page can drive: it grants no other origin (CORS), and
 * its writes cannot be sent as a "simple" cross-site request (text/plain, a
 * form, no body), which a browser sends without asking first.
 */
import { expectErrorBody, fail, rule } from '../../src/authoring/index.js';
import { createDraft } from '../posts/support/posts-api.js';

const ATTACKER = 'https://attacker.example';

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
