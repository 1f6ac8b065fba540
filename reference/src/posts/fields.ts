/**
 * From a validated create/update body to the field changes it makes: every
 * check that needs the post or its publication runs here, before anything is
 * changed, so a refused request changes nothing. Status and scheduling are
 * not fields: transitions.ts decides those.
 */
import { badRequest } from '../errors.js';
import { convertMarkdown, markdownToDoc, parseBodyJson, previewOf, type TiptapDoc } from '../documents/index.js';
import type { PostUpdateT } from '../../../schemas/posts.js';
import type { PostRecord } from './record.js';
import { checkAuthorIds, checkCommunityId, checkPublishedAt, type PublicationFacts } from './rules.js';

/** The fields a request can set directly. A key present with `undefined` clears that field. */
export type FieldPatch = Partial<
  Pick<
    PostRecord,
    | 'title' | 'slug' | 'subtitle' | 'postPreview' | 'postPreviewGiven' | 'doc' | 'imageUrl' | 'imageAlt'
    | 'categories' | 'canonicalUrl' | 'publishOnline' | 'communityId' | 'authorIds' | 'publishedAt'
  >
>;

/** The body fields that are not about status or scheduling (create bodies fit too). */
export type FieldInput = Omit<PostUpdateT, 'status' | 'scheduledAt' | 'sendNewsletter'>;

export interface FieldContext {
  publicationId: string;
  publications: PublicationFacts;
  now: number;
  /** Whether another post of the publication already has this slug. */
  slugTakenByOther(slug: string): boolean;
}

/**
 * The changes `input` makes to `current`, keeping only those that differ
 * from what the post already has (so "does this PUT change the post?" is
 * "is the patch non-empty?").
 */
/** `body`: the body's document when the caller converted it already (requests do, in a worker); converted here when not given. */
export function resolveFieldPatch(current: PostRecord, input: FieldInput, ctx: FieldContext, body: BodyDocument = documentFrom(input)): FieldPatch {
  const next: FieldPatch = {};
  if (input.title !== undefined) next.title = input.title;
  if (input.slug !== undefined) {
    if (ctx.slugTakenByOther(input.slug))
      throw badRequest(`slug "${input.slug}" is already used by another post of this publication`);
    next.slug = input.slug;
  }
  // Ours: an empty subtitle clears it (the field is optional in the Post).
  if (input.subtitle !== undefined) next.subtitle = input.subtitle === '' ? undefined : input.subtitle;

  if (body) next.doc = body.doc;
  if (input.postPreview !== undefined && input.postPreview !== '') {
    next.postPreview = input.postPreview;
    next.postPreviewGiven = true;
  } else if (input.postPreview === '' || (body && !current.postPreviewGiven)) {
    // Ours: a generated preview follows the content; "" asks for a generated one again.
    next.postPreview = body ? body.preview : previewOf(current.doc);
    next.postPreviewGiven = false;
  }

  if (input.imageUrl !== undefined) next.imageUrl = input.imageUrl;
  else if (input.clearImage === true) {
    next.imageUrl = undefined;
    next.imageAlt = undefined; // the alt text describes the cover that is gone
  }
  const hasCover = ('imageUrl' in next ? next.imageUrl : current.imageUrl) !== undefined;
  if (input.imageAlt !== undefined && hasCover) next.imageAlt = input.imageAlt || undefined;

  if (input.categories !== undefined) next.categories = input.categories;
  if (input.authorIds !== undefined) next.authorIds = checkAuthorIds(ctx.publications, ctx.publicationId, input.authorIds);
  if (input.canonicalUrl !== undefined) next.canonicalUrl = input.canonicalUrl ?? undefined;
  if (input.publishOnline !== undefined) next.publishOnline = input.publishOnline;
  if (input.communityId !== undefined)
    next.communityId = input.communityId === null ? undefined : checkCommunityId(ctx.publications, ctx.publicationId, input.communityId);
  if (input.publishedAt !== undefined) next.publishedAt = checkPublishedAt(input.publishedAt, ctx.now);

  return onlyDifferences(current, next);
}

/** The document a body sets, with the preview generated from it, if it sets one. */
export type BodyDocument = { doc: TiptapDoc; preview: string } | undefined;

const withPreview = (doc: TiptapDoc): BodyDocument => ({ doc, preview: previewOf(doc) });

/**
 * The document of a body: markdown converted, or bodyJson checked against the
 * schema, on this thread. Requests convert markdown in a worker instead
 * (requestDocument) and pass the result in.
 */
export function documentFrom(input: { markdown?: string; bodyJson?: string }): BodyDocument {
  if (input.markdown !== undefined) return withPreview(markdownToDoc(input.markdown));
  if (input.bodyJson !== undefined) return withPreview(parseBodyJson(input.bodyJson));
  return undefined;
}

/** Apply a patch: keys with `undefined` are removed, the rest set. */
export function applyPatch(record: PostRecord, patch: FieldPatch): void {
  const target = record as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete target[key];
    else target[key] = value;
  }
}

function onlyDifferences(current: PostRecord, next: FieldPatch): FieldPatch {
  const out: Record<string, unknown> = {};
  const now = current as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(next)) {
    if (!sameValue(now[key], value)) out[key] = value;
  }
  return out as FieldPatch;
}

/**
 * Equal as JSON values (documents, category lists, scalars), compared
 * structurally: serialising both sides cost a write more than the rest of it
 * for a body of any size. Key order does not matter; undefined members are
 * absent ones.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return a == b;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let defined = 0;
  for (const key in x) {
    if (x[key] === undefined) continue;
    defined++;
    if (!sameValue(x[key], y[key])) return false;
  }
  for (const key in y) if (y[key] !== undefined) defined--;
  return defined === 0;
}

/** The document of a request's body: markdown is converted in a worker, under the time limit. */
export async function requestDocument(input: { markdown?: string; bodyJson?: string }): Promise<BodyDocument> {
  if (input.markdown !== undefined) return convertMarkdown(input.markdown);
  return documentFrom(input);
}
