/**
 * DESIGN.md: every error is `{success: false, msg}` with a message a person
 * can act on ("title must be at most 200 characters"): a refused field is
 * named, with the path into the body where it is nested, and so is the rule
 * it broke: the limit, the type or the values it must have. Sent to
 * POST /v1/posts and its list's query (and bodies that are not JSON, or not
 * UTF-8, refused before any field is read); unknown properties to strict bodies
 * (a custom email, a dry run; a publication's email notifications), a
 * post's body being no strict one; an email address that is not one to
 * POST /v1/subscribers and a media URL that is not one to the content
 * control API, each named with the format it must have; a number past its
 * bound to the control API's clock, and a body of none of its shapes to
 * POST /_control/unsubscribe.
 * A draft a broken server creates is archived at the end.
 */
import { expectError, fail, rule, type ApiResponse } from '../../src/authoring/index.js';
import { createPiece, draftOf } from '../content/support/content-api.js';
import { CONTENT_MEDIA } from '../content/support/sends.js';
import { draftBody, postCreate } from '../posts/support/posts-api.js';

/** The error answer, whose msg must match every pattern of `says`. */
function expectErrorSaying(res: ApiResponse, status: number, what: string, says: readonly RegExp[]): void {
  const { msg } = expectError(res, status);
  const missing = says.filter((pattern) => !pattern.test(msg));
  if (missing.length > 0) fail(`${res.label} with ${what} answered msg "${msg}", which does not say ${missing.join(', ')}`);
}

interface Refusal {
  what: string;
  /** The draft's fields changed: a value, or undefined to leave the field out. */
  change: Record<string, unknown>;
  /** What the message must say: the field, then the rule. */
  says: RegExp[];
}

const REFUSALS: readonly Refusal[] = [
  { what: 'a title over its limit', change: { title: 'x'.repeat(201) }, says: [/\btitle\b/, /\b200 characters\b/] },
  { what: 'a subtitle over its limit', change: { subtitle: 'x'.repeat(301) }, says: [/\bsubtitle\b/, /\b300 characters\b/] },
  { what: 'a title of another type', change: { title: 12345 }, says: [/\btitle\b/, /\bstring\b/, /\bnumber\b/] },
  { what: 'a title of null', change: { title: null }, says: [/\btitle\b/, /\bstring\b/, /\bnull\b/] },
  { what: 'a missing title', change: { title: undefined }, says: [/\btitle\b/, /\brequired\b/] },
  { what: 'a status outside its values', change: { status: 'not-a-status' }, says: [/\bstatus\b/, /"draft"/, /"published"/] },
  { what: 'an item of an array of another type', change: { authorIds: [7] }, says: [/\bauthorIds\[0\]/, /\bstring\b/, /\bnumber\b/] },
  { what: 'an empty array', change: { authorIds: [] }, says: [/\bauthorIds\b/, /\bat least 1 item\b/] },
  { what: 'an array over its limit', change: { authorIds: Array.from({ length: 21 }, (_, i) => `cf-author-${i}`) }, says: [/\bauthorIds\b/, /\b20 items\b/] },
  { what: 'an empty slug', change: { slug: '' }, says: [/\bslug\b/, /\bempty\b/] },
  { what: 'a negative time', change: { publishedAt: -1 }, says: [/\bpublishedAt\b/, /\b0\b|\bnegative\b/] },
  { what: 'a time with a fraction', change: { publishedAt: 1.5 }, says: [/\bpublishedAt\b/, /\binteger\b|\bwhole\b/] },
  { what: 'a list of objects where a boolean goes', change: { publishOnline: [{}] }, says: [/\bpublishOnline\b/, /\bboolean\b/, /\barray\b/] },
  { what: 'an object where text goes', change: { markdown: { text: 'x' } }, says: [/\bmarkdown\b/, /\bstring\b/, /\bobject\b/] },
];

rule(
  ['errors.msg.actionable', 'errors.400.invalid-request'],
  'a refused field is named in msg, with the rule it broke: its limit, its type and what was sent, or its values',
  async (ctx) => {
    for (const { what, change, says } of REFUSALS) {
      const body: Record<string, unknown> = { ...draftBody(ctx, what), ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
      expectErrorSaying(await postCreate(ctx, body), 400, what, says);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.msg.actionable', 'errors.400.invalid-request'],
  'a body that is not an object, not JSON or not UTF-8, a refused query parameter and a key under another scheme are named in msg with the rule they broke',
  async ({ api }) => {
    const cases: ReadonlyArray<[string, () => ReturnType<typeof api.get>, RegExp[], number?]> = [
      ['a body that is an array', () => api.post('/v1/posts', []), [/\bbody\b/, /\bobject\b/, /\barray\b/]],
      ['a body that is a number', () => api.post('/v1/posts', 5), [/\bbody\b/, /\bobject\b/, /\bnumber\b/]],
      // Refused before any field is read: what is wrong is the body itself.
      ['a body that is not JSON', () => api.post('/v1/posts', undefined, { body: '{"title": ', contentType: 'application/json' }), [/\bbody\b/, /\bJSON\b/]],
      ['a body with bytes no UTF-8 text has', () => api.post('/v1/posts', undefined, { body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), contentType: 'application/json' }), [/\bbody\b/, /\bUTF-8\b/]],
      ['a limit of 0 in the query', () => api.get('/v1/posts', { query: { limit: '0' } }), [/\blimit\b/]],
      // The field, then what it must be: "email" a second time, or "address".
      ['an email address that is not one', () => api.post('/v1/subscribers', { email: 'cf-not-an-address' }), [/\bemail\b/, /\bvalid\b|\binvalid\b|\baddress\b/, /\bemail\b[\s\S]*\b(?:email|address)\b/i]],
      ['a key under the Basic scheme', () => api.withAuthorization('Basic Y2Y6Y2Y=').get('/v1/posts'), [/\bBearer\b/], 401],
    ];
    for (const [what, send, says, status = 400] of cases) {
      const res = await send();
      expectErrorSaying(res, status, what, says);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.msg.actionable', 'errors.400.invalid-request'],
  'unknown properties of a strict body are named in msg, with the path to them when nested',
  async ({ api }) => {
    const me = await api.get('/v1/me');
    const id = (me.body as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string') fail(`GET /v1/me answered ${me.status} without the publication's id: ${me.text.slice(0, 200)}`);
    // A dry run: a server that took the request would send nothing.
    const send = { subject: 'A conformance subject', body: 'Hello', emails: ['cf-reader@example.com'], dryRun: true };
    const cases: ReadonlyArray<[string, () => ReturnType<typeof api.get>, RegExp[]]> = [
      ['an unknown property', () => api.post('/v1/emails/send', { ...send, dryrun: true }), [/\bdryrun\b/, /\bunknown property\b/]],
      ['two unknown properties', () => api.post('/v1/emails/send', { ...send, dryrun: true, dry_run: true }), [/\bdryrun\b/, /\bdry_run\b/, /\bunknown properties\b/]],
      ['an item of another type', () => api.post('/v1/emails/send', { ...send, emails: ['cf-reader@example.com', 7] }), [/\bemails\[1\]/, /\bstring\b/]],
      ['an unknown property of a nested object', () => api.patch(`/v1/publications/${id}`, { emailNotifications: { cfToggle: true } }), [/\bemailNotifications\.cfToggle\b/, /\bunknown property\b/]],
      ['a nested value of another type', () => api.patch(`/v1/publications/${id}`, { emailNotifications: { newSubscriber: 'yes' } }), [/\bemailNotifications\.newSubscriber\b/, /\bboolean\b/, /\bstring\b/]],
    ];
    for (const [what, send, says] of cases) {
      const res = await send();
      expectErrorSaying(res, 400, what, says);
    }
  },
  { needs: ['apiKey'] },
);

/** 9999-12-31T23:59:59.999Z in Unix ms: the latest time the control API's clock takes (docs/spec-gaps.md › clock range). */
const LATEST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

rule(
  ['errors.msg.actionable'],
  "a number of a control body past its bound is named in msg with the bound (the clock's latest time)",
  async ({ api }) => {
    const res = await api.anonymous.post('/_control/clock', { to: LATEST_CLOCK_MS + 1 });
    expectErrorSaying(res, 400, 'a time past the latest the clock takes', [/\bto\b/, new RegExp(`\\b${LATEST_CLOCK_MS}\\b|\\b9999\\b`)]);
  },
  { needs: ['control:clock'] },
);

rule(
  ['errors.msg.actionable'],
  'a control body that has none of the shapes its endpoint takes answers a msg that says what is wrong, not a bare name',
  async ({ api }) => {
    // POST /_control/unsubscribe takes {publicationId, email} or {token}: an empty object is neither, and unsubscribes no one.
    const res = await api.anonymous.post('/_control/unsubscribe', {});
    expectErrorSaying(res, 400, 'an empty object', [/\binvalid\b|\bmust\b|\btoken\b|\bpublicationId\b|\bemail\b/]);
  },
  { needs: ['control:unsubscribe'] },
);

rule(
  ['errors.msg.actionable'],
  'a media URL that is not one is named in msg with the format it must have (a URL), not only as invalid',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'linkedin'));
    const res = await ctx.api.anonymous.post(`/_control/content/${encodeURIComponent(piece.id)}/media`, { url: 'cf-not-a-url' });
    // The field's name is url: the rule it broke names a URL (or a link, an address) besides it.
    expectErrorSaying(res, 400, 'a media URL that is not one', [/\burl\b[\s\S]*\b(?:url|link|address)\b/i]);
  },
  { needs: ['apiKey', CONTENT_MEDIA] },
);
