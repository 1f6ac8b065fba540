/**
 * Random valid and near-valid requests over every /v1 endpoint of the
 * contract (schemas/openapi.json): each endpoint has a valid request and a
 * few that are one mistake away from it (a field too long, of the wrong
 * type, missing or unknown; a bad query value; an unknown id). A request
 * that could reach a person (an email, a change of a live publication) is
 * only generated where the target is a reset test instance, and custom
 * emails are always dry runs.
 */
import fc from 'fast-check';
import { get, send, type HttpStep, type PathPart, type Step } from '../steps.js';
import type { SequenceScope } from './scope.js';

const index = fc.nat(5);
const post = (i: number): PathPart[] => ['/v1/posts/', { ref: 'post', index: i }];
const piece = (i: number): PathPart[] => ['/v1/content/', { ref: 'content', index: i }];
const pubA: PathPart = { ref: 'publication', which: 'a' };
const UNKNOWN_ID = 'unknown0000000000000';
const limit = fc.constantFrom('1', '5', '0', '101', 'abc', '-1');

interface Endpoint {
  /** Requests that change a live service in a way a person could see: only on a reset test instance. */
  needsPublishes?: boolean;
  requests: fc.Arbitrary<HttpStep>;
}

function title(runTitle: string) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(runTitle) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(201), 'x'.repeat(200)) },
    { weight: 1, arbitrary: fc.constantFrom(42, null, ['a']) },
  );
}

function endpoints(runTitle: string): Endpoint[] {
  const postCreate = fc
    .record(
      {
        title: title(runTitle),
        markdown: fc.constantFrom('Some *text*.', '', 'A [link](https://example.com).'),
        subtitle: fc.constantFrom('A subtitle', 'y'.repeat(301)),
        slug: fc.constantFrom('a-slug', '', 's'.repeat(257)),
        postPreview: fc.constantFrom('A preview', 'p'.repeat(501)),
        categories: fc.constantFrom(['news'], [], 'news'),
        unknownField: fc.constant(true),
      },
      { requiredKeys: [] },
    )
    .map((body) => ({ ...body, status: 'draft' }));
  return [
    { requests: postCreate.map((body) => send('POST', ['/v1/posts'], body, { creates: 'post', rules: ['posts.create.title-required', 'posts.create.title-max-200', 'posts.create.subtitle-max-300', 'posts.create.body-required', 'posts.create.slug-length', 'posts.create.post-preview-max-500'] })) },
    {
      requests: fc
        .tuple(index, fc.constantFrom<Record<string, unknown>>({ title: `${runTitle} edited` }, { title: 'x'.repeat(201) }, { subtitle: 'z' }, { markdown: 'New body.' }, { markdown: 'a', bodyJson: { type: 'doc', content: [] } }, { status: 'scheduled' }, { slug: 'edited-slug' }, {}))
        .map(([i, body]) => send('PUT', post(i), body, { rules: ['posts.update.response', 'posts.update.omitted-unchanged', 'posts.update.title-max-200'] })),
    },
    { requests: fc.tuple(index, fc.constantFrom('true', 'false', 'maybe')).map(([i, includeContent]) => get(post(i), { query: { includeContent }, rules: ['posts.get.by-id', 'posts.get.include-content'] })) },
    { requests: fc.constantFrom('none', 'b').map((as) => get(post(0), { as: as as 'none' | 'b', rules: ['posts.get.own-fields-need-key', 'auth.isolation.hidden-404'] })) },
    { requests: fc.constant(get(['/v1/posts/', UNKNOWN_ID], { rules: ['posts.get.unknown-404'] })) },
    { requests: index.map((i) => send('DELETE', post(i), undefined, { rules: [] })) },
    {
      requests: fc
        .tuple(index, fc.constantFrom<Record<string, unknown>>({ subtitle: 'Edited by slug' }, { title: 'x'.repeat(201) }, {}))
        .map(([i, body]) => send('PUT', ['/v1/posts/slug/', { ref: 'post-slug', index: i }], body, { rules: [] })),
    },
    { requests: index.map((i) => send('DELETE', ['/v1/posts/slug/', { ref: 'post-slug', index: i }], undefined, { rules: [] })) },
    { requests: fc.tuple(limit, fc.constantFrom('published', 'draft', 'bogus')).map(([l, status]) => get(['/v1/posts'], { query: { limit: l, status }, rules: ['posts.list.page', 'posts.list.status-filter', 'pagination.limit.posts', 'pagination.limit.out-of-range-400'], unordered: true })) },
    { requests: limit.map((l) => get(['/v1/posts/feed'], { query: { limit: l }, as: 'none', fixtures: true, unordered: true, rules: ['feed.get.page', 'pagination.limit.feed'] })) },
    { requests: fc.constantFrom('news', 'nonexistent-tag').map((tag) => get(['/v1/posts/tag/', tag], { query: { limit: '5' }, as: 'none', fixtures: true, unordered: true, rules: [] })) },
    { requests: limit.map((l) => get(['/v1/publications/', pubA, '/posts'], { query: { limit: l }, as: 'none', fixtures: true, unordered: true, rules: ['publications.posts.published-only'] })) },
    { requests: fc.constantFrom<PathPart>(pubA, UNKNOWN_ID).map((id) => get(['/v1/publications/', id], { as: 'none', fixtures: true, rules: ['publications.get.by-id', 'publications.get.unknown-404'] })) },
    { requests: fc.constantFrom<PathPart>({ ref: 'publication-slug', which: 'a' }, 'no-such-slug').map((slug) => get(['/v1/publications/slug/', slug], { as: 'none', fixtures: true, rules: ['publications.slug.get', 'publications.slug.unknown-404'] })) },
    { requests: fc.constantFrom('demo-dispatch.example.com', 'unknown.example.com').map((domain) => get(['/v1/publications/domain/', domain], { as: 'none', fixtures: true, rules: [] })) },
    {
      needsPublishes: true,
      requests: fc
        .constantFrom<Record<string, unknown>>({ summary: 'A summary from the differential run' }, { name: '' }, { themeColor: 42 }, { unknownSetting: true }, { disableHighlights: true }, {})
        .map((body) => send('PATCH', ['/v1/publications/', pubA], body, { fixtures: true, rules: ['publications.patch.response'] })),
    },
    { requests: fc.constantFrom('a', 'none').map((as) => get(['/v1/me'], { as: as as 'a', fixtures: true, rules: [] })) },
    { requests: fc.constant(get(['/v1/users/', UNKNOWN_ID], { fixtures: true, rules: [] })) },
    { requests: fc.constantFrom('0x0000000000000000000000000000000000000000', 'not-a-wallet').map((wallet) => get(['/v1/users/wallet/', wallet], { as: 'none', fixtures: true, rules: [] })) },
    {
      requests: fc
        .constantFrom<Record<string, unknown>>({ kind: 'tweet', title: runTitle, body: { text: 'hi' } }, { kind: 'tweet', title: runTitle, body: { text: 'hi', tweets: ['a', 'b'] } }, { kind: 'podcast', title: runTitle, body: {} }, { kind: 'linkedin', title: runTitle, body: { text: 'x' }, media: [] }, { kind: 'newsletter', title: '', body: { subject: 's', body: 'b' } })
        .map((body) => send('POST', ['/v1/content'], body, { creates: 'content', rules: ['content.create.draft', 'content.create.unknown-fields-400', 'content.create.validates-body', 'content.create.text-only'] })),
    },
    { requests: fc.tuple(index, fc.constantFrom<Record<string, unknown>>({ title: 'renamed' }, {}, { kind: 'linkedin' }, { body: { text: 'new' } }, { bucketId: UNKNOWN_ID })).map(([i, body]) => send('PATCH', piece(i), body, { rules: ['content.patch.fields', 'content.patch.kind-fixed', 'content.patch.unknown-fields-400'] })) },
    { requests: fc.tuple(index, fc.constantFrom('/archive', '/restore')).map(([i, action]) => send('POST', [...piece(i), action], {}, { rules: ['content.archive.response', 'content.restore.endpoint'] })) },
    { requests: index.map((i) => get(piece(i), { rules: ['content.get.with-body'] })) },
    { requests: fc.constant(get(['/v1/content/', UNKNOWN_ID], { rules: ['content.get.unknown-404'] })) },
    { requests: fc.tuple(limit, fc.constantFrom('tweet', 'newsletter', 'bogus')).map(([l, kind]) => get(['/v1/content'], { query: { limit: l, kind }, rules: ['content.list.page', 'content.list.kind-filter'] })) },
    { requests: limit.map((l) => get(['/v1/buckets'], { query: { limit: l }, unordered: true, rules: [] })) },
    { requests: fc.constantFrom<PathPart>({ ref: 'bucket', index: 0 }, UNKNOWN_ID).map((id) => get(['/v1/buckets/', id], { rules: [] })) },
    { requests: index.map((i) => send('POST', [...post(i), '/bucket'], {}, { creates: 'bucket', rules: [] })) },
    { requests: index.map((i) => get([...post(i), '/bucket'], { rules: [] })) },
    {
      needsPublishes: true,
      requests: fc
        .constantFrom<Record<string, unknown>>({ email: 'differential@example.com' }, { email: 'not-an-address' }, { wallet: '0x1234' }, {}, { email: 'differential@example.com', createdAt: -1 })
        .map((body) => send('POST', ['/v1/subscribers'], body, { rules: ['subscribers.add.email-or-wallet'] })),
    },
    {
      needsPublishes: true,
      requests: fc.constantFrom<Record<string, unknown>>({ email: 'differential@example.com' }, {}, { email: 'nobody@example.com' }).map((body) => send('DELETE', ['/v1/subscribers'], body, { rules: [] })),
    },
    { requests: limit.map((l) => get(['/v1/subscribers'], { query: { limit: l }, fixtures: true, rules: [] })) },
    { needsPublishes: true, requests: fc.constantFrom('email\nimported@example.com\n', '').map((csv) => send('POST', ['/v1/subscribers/import'], csv, { rules: [] })) },
    { requests: fc.constantFrom<PathPart>(pubA, UNKNOWN_ID).map((id) => get(['/v1/publications/', id, '/subscribers/count'], { fixtures: true, rules: [] })) },
    {
      requests: fc
        .constantFrom<Record<string, unknown>>({ subject: 'Hello', body: 'Hi.', emails: ['a@example.com'] }, { subject: '', body: 'Hi.', emails: ['a@example.com'] }, { subject: 'Hello', body: 'Hi.', emails: [] }, { subject: 'Hello', body: 'Hi.', emails: ['not-an-address'] })
        // Always a dry run: nothing is sent, whatever the target.
        .map((body) => send('POST', ['/v1/emails/send'], { ...body, dryRun: true }, { fixtures: true, rules: [] })),
    },
    { needsPublishes: true, requests: index.map((i) => send('POST', [...post(i), '/test-email'], {}, { rules: [] })) },
    {
      needsPublishes: true,
      requests: fc
        .constantFrom<Record<string, unknown>>({}, { deviceName: 'differential' }, { callbackUrl: 'not a url' }, { deviceName: 'd'.repeat(500) })
        .map((body) => send('POST', ['/v1/api/auth/sessions'], body, { as: 'none', creates: 'session', rules: [] })),
    },
    { requests: fc.constantFrom<PathPart>({ ref: 'session', index: 0 }, UNKNOWN_ID).map((id) => get(['/v1/api/auth/sessions/', id], { as: 'none', rules: [] })) },
    { requests: fc.constantFrom<PathPart>({ ref: 'session', index: 0 }, UNKNOWN_ID).map((id) => send('DELETE', ['/v1/api/auth/sessions/', id], undefined, { as: 'none', rules: [] })) },
    { requests: fc.constantFrom('select 1 as one', '', 'drop table posts', 'select 1; select 2').map((sql) => send('POST', ['/v1/analytics/query'], { sql }, { fixtures: true, rules: [] })) },
    { requests: fc.constant(get(['/v1/analytics/schema'], { fixtures: true, rules: [] })) },
  ];
}

/** One random request over the endpoints this scope allows. */
export function requestStep(scope: SequenceScope, runTitle: string): fc.Arbitrary<Step> {
  const allowed = endpoints(runTitle)
    .filter((endpoint) => scope.publishes || !endpoint.needsPublishes)
    .map((endpoint) => endpoint.requests);
  return fc.oneof(...allowed);
}
