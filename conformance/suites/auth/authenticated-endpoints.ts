/**
 * Every endpoint SPEC.md marks as needing an API key (plus SILENT.md's
 * public paths and the extended ones), with a harmless request for each:
 * placeholder ids, drafts titled with the run id, example.com addresses,
 * dry runs. If a broken target accepted one, nothing visible would change.
 */
import { FormData } from '../../src/authoring/index.js';
import type { RuleContext } from '../../src/authoring/index.js';
import type { Profile } from '../../src/shared/profiles.js';

export interface AuthenticatedEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As written in the spec, for the test name. */
  path: string;
  /** The concrete path to call. */
  url(ctx: RuleContext): string;
  json?(ctx: RuleContext): unknown;
  form?(ctx: RuleContext): FormData;
  /** extended: beyond SPEC.md (SILENT.md's last section). */
  profile?: Profile;
}

/** Ids that exist nowhere: auth is checked whether or not the resource exists. */
const NO_POST = 'cfnoSuchPost00000000';
const NO_CONTENT = '00000000-0000-4000-8000-00000000cf00';
const NO_BUCKET = 'cf-no-such-bucket';
const NO_SLUG = 'cf-no-such-post';

const publicationId = (ctx: RuleContext) => ctx.target.publications.a?.id ?? 'cf-no-such-publication';

export const AUTHENTICATED_ENDPOINTS: readonly AuthenticatedEndpoint[] = [
  { method: 'PATCH', path: '/v1/publications/{publicationId}', url: (ctx) => `/v1/publications/${publicationId(ctx)}`, json: () => ({}) },
  { method: 'GET', path: '/v1/posts', url: () => '/v1/posts' },
  {
    method: 'POST',
    path: '/v1/posts',
    url: () => '/v1/posts',
    json: (ctx) => ({ title: ctx.names.title('auth probe'), markdown: 'auth probe', status: 'draft' }),
  },
  { method: 'PUT', path: '/v1/posts/{postId}', url: () => `/v1/posts/${NO_POST}`, json: () => ({ status: 'draft' }) },
  { method: 'POST', path: '/v1/posts/{postId}/bucket', url: () => `/v1/posts/${NO_POST}/bucket`, json: () => ({}) },
  { method: 'GET', path: '/v1/posts/{postId}/bucket', url: () => `/v1/posts/${NO_POST}/bucket` },
  { method: 'POST', path: '/v1/posts/{postId}/test-email', url: () => `/v1/posts/${NO_POST}/test-email`, json: () => ({}) },
  { method: 'GET', path: '/v1/content', url: () => '/v1/content' },
  {
    method: 'POST',
    path: '/v1/content',
    url: () => '/v1/content',
    json: (ctx) => ({ kind: 'tweet', title: ctx.names.title('auth probe'), body: { text: 'auth probe' } }),
  },
  { method: 'GET', path: '/v1/content/{contentId}', url: () => `/v1/content/${NO_CONTENT}` },
  { method: 'PATCH', path: '/v1/content/{contentId}', url: () => `/v1/content/${NO_CONTENT}`, json: (ctx) => ({ title: ctx.names.title() }) },
  { method: 'POST', path: '/v1/content/{contentId}/archive', url: () => `/v1/content/${NO_CONTENT}/archive`, json: () => ({}) },
  { method: 'POST', path: '/v1/content/{contentId}/restore', url: () => `/v1/content/${NO_CONTENT}/restore`, json: () => ({}) },
  { method: 'GET', path: '/v1/buckets', url: () => '/v1/buckets' },
  { method: 'GET', path: '/v1/buckets/{bucketId}', url: () => `/v1/buckets/${NO_BUCKET}` },
  { method: 'POST', path: '/v1/subscribers', url: () => '/v1/subscribers', json: (ctx) => ({ email: ctx.names.email('auth-probe') }) },
  { method: 'DELETE', path: '/v1/subscribers', url: () => '/v1/subscribers', json: (ctx) => ({ email: ctx.names.email('auth-probe') }) },
  {
    method: 'POST',
    path: '/v1/subscribers/import',
    url: () => '/v1/subscribers/import',
    form: (ctx) => {
      const form = new FormData();
      form.append('file', new Blob([`email\n${ctx.names.email('auth-probe')}\n`], { type: 'text/csv' }), 'subscribers.csv');
      return form;
    },
  },
  {
    method: 'POST',
    path: '/v1/emails/send',
    url: () => '/v1/emails/send',
    json: (ctx) => ({ subject: ctx.names.title('auth probe'), body: 'auth probe', emails: [ctx.names.email('auth-probe')], dryRun: true }),
  },
  { method: 'POST', path: '/v1/analytics/query', url: () => '/v1/analytics/query', json: () => ({ sql: 'SELECT 1' }) },
  { method: 'GET', path: '/v1/analytics/schema', url: () => '/v1/analytics/schema' },
  { method: 'GET', path: '/v1/me', url: () => '/v1/me', profile: 'extended' },
  { method: 'GET', path: '/v1/subscribers', url: () => '/v1/subscribers', profile: 'extended' },
  { method: 'DELETE', path: '/v1/posts/{postId}', url: () => `/v1/posts/${NO_POST}`, profile: 'extended' },
  { method: 'PUT', path: '/v1/posts/slug/{slug}', url: () => `/v1/posts/slug/${NO_SLUG}`, json: () => ({ status: 'draft' }), profile: 'extended' },
  { method: 'DELETE', path: '/v1/posts/slug/{slug}', url: () => `/v1/posts/slug/${NO_SLUG}`, profile: 'extended' },
];

/** Calls the endpoint with the given Authorization header (null: none). */
export function callEndpoint(ctx: RuleContext, endpoint: AuthenticatedEndpoint, authorization: string | null) {
  const client = ctx.api.withAuthorization(authorization);
  return client.request(endpoint.method, endpoint.url(ctx), {
    json: endpoint.json?.(ctx),
    form: endpoint.form?.(ctx),
  });
}
