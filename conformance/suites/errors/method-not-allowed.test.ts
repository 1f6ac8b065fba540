/**
 * The register (docs/spec-gaps.md, Everywhere): a known path sent a method
 * it does not take answers 405 in the error shape, with `Allow`. The paths
 * and their methods are SPEC.md's (and the register's for the slug path, of
 * which production documents no GET). HEAD and OPTIONS may be allowed too:
 * what HTTP itself offers is no method of the API's.
 */
import { expectError, fail, rule } from '../../src/authoring/index.js';

const CASES: ReadonlyArray<{ method: 'GET' | 'PATCH' | 'DELETE'; path: string; allow: readonly string[]; why: string }> = [
  { method: 'DELETE', path: '/v1/posts', allow: ['GET', 'POST'], why: 'the list and the create' },
  { method: 'PATCH', path: '/v1/posts/feed', allow: ['GET'], why: "the feed's own path, not a post's /v1/posts/{id}" },
  { method: 'GET', path: '/v1/posts/slug/cf-any-slug', allow: ['PUT', 'DELETE'], why: 'the writes by slug' },
];

const NOT_THE_API = new Set(['HEAD', 'OPTIONS']);

for (const { method, path, allow, why } of CASES) {
  rule(
    ['errors.405.allow', 'errors.shape.everywhere'],
    `${method} ${path} (${why}) answers 405 with the error body and Allow: ${allow.join(', ')}`,
    async ({ api }) => {
      const res = await api.request(method, path);
      expectError(res, 405);
      const header = res.headers['allow'];
      if (header === undefined) fail(`${res.label} answered 405 without an Allow header`);
      const named = header.split(',').map((m) => m.trim().toUpperCase()).filter((m) => m !== '' && !NOT_THE_API.has(m));
      const sorted = (list: readonly string[]) => [...new Set(list)].sort().join(', ');
      if (sorted(named) !== sorted(allow) || named.length !== new Set(named).size) {
        fail(`${res.label} answered 405 with Allow: ${header}; expected the methods ${allow.join(', ')}, each once`);
      }
    },
    { needs: ['apiKey'] },
  );
}
