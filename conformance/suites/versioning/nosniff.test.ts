/**
 * The register (docs/spec-gaps.md, Everywhere): every answer of a route
 * carries `X-Content-Type-Options: nosniff`, so that no browser reads a JSON
 * answer (or a page) as another type. Checked on a list, an error, a 405
 * (whose Allow header takes another way to the answer) and a page.
 */
import { fail, rule, type ApiResponse } from '../../src/authoring/index.js';

function expectNosniff(res: ApiResponse): void {
  const value = res.headers['x-content-type-options'];
  if (value?.trim().toLowerCase() !== 'nosniff') fail(`${res.label} answered ${res.status} with X-Content-Type-Options: ${value ?? '(none)'}, not nosniff`);
}

rule(['versioning.headers.nosniff'], 'a JSON answer, an error and a 405 carry X-Content-Type-Options: nosniff', async ({ api }) => {
  expectNosniff(await api.get('/v1/posts', { query: { limit: '1' } }));
  expectNosniff(await api.anonymous.get('/v1/cf-no-such-resource'));
  expectNosniff(await api.request('DELETE', '/v1/posts'));
}, { needs: ['apiKey'] });

rule(['versioning.headers.nosniff'], 'a page (an unsubscribe link that does not exist) carries X-Content-Type-Options: nosniff', async ({ api }) => {
  expectNosniff(await api.anonymous.get('/unsubscribe/cf-no-such-token'));
});
