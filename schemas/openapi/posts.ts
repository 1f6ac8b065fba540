/**
 * Posts: SPEC.md's post endpoints, the post by publication and post slug
 * (SILENT.md, public), the extended delete and tag list, the writes by slug
 * of production's OpenAPI, and the re-hosted
 * cover images the Post's imageUrl points at.
 */
import { SuccessBody } from '../common.js';
import {
  FeedPage,
  FeedQuery,
  OwnPostsQuery,
  Post,
  PostCreate,
  PostCreated,
  PostGetQuery,
  PostPage,
  PostUpdate,
  PublicationPostsQuery,
  TagPostsQuery,
} from '../posts.js';
import { json, type Endpoint } from './endpoint.js';

const tag = 'Posts';

const SCHEDULING =
  'scheduledAt is Unix ms, in the future and at most 30 days ahead; 0 is treated as omitted; it cannot be combined with status draft (or archived on update).';

const UPDATE_REFUSED =
  'a field breaks its rule, a schedule out of range or not allowed from the current status, authors or segment outside the publication';

export const postEndpoints: Endpoint[] = [
  {
    method: 'get', path: '/v1/posts/{postId}', tag, auth: 'optional',
    summary: 'Get a post',
    description:
      "Without a key, or with another publication's key, only a published post is found. With the owning publication's key any status is found, and the answer adds status and views. includeContent adds markdown, json and staticHtml.",
    query: PostGetQuery,
    responses: { 200: json('the post', Post) },
    errors: { 404: 'no such post, or not published and not your own' },
  },
  {
    method: 'get', path: '/v1/posts', tag, auth: 'required',
    summary: "List the key's publication's posts",
    description: 'One status at a time (default published), with status and views on every item. limit 1..100, default 10.',
    query: OwnPostsQuery,
    responses: { 200: json('a page of posts', PostPage) },
  },
  {
    method: 'get', path: '/v1/posts/feed', tag, auth: 'none',
    summary: 'The curated feed',
    description: 'Items are {post, publication, user}; limit 1..60, default 20.',
    query: FeedQuery,
    responses: { 200: json('a page of feed items', FeedPage) },
  },
  {
    method: 'post', path: '/v1/posts', tag, auth: 'required',
    summary: 'Create a post',
    description: [
      'title is required, and exactly one of markdown (converted to TipTap JSON) or bodyJson (a JSON-stringified TipTap document).',
      'The post is created published unless status is draft.',
      `sendNewsletter true emails all subscribers when the post publishes. ${SCHEDULING} With scheduledAt the answer's status is scheduled.`,
      'slug is generated from the title and postPreview from the content when absent; authorIds default to the key\'s own user.',
    ].join(' '),
    body: PostCreate,
    responses: { 200: json('the new post\'s id and status', PostCreated) },
    errors: { 400: 'a field breaks its rule, both or neither of markdown and bodyJson, a schedule out of range, authors or segment outside the publication' },
  },
  {
    method: 'put', path: '/v1/posts/{postId}', tag, auth: 'required',
    summary: 'Update a post',
    description: [
      'All fields optional; omitted fields are unchanged. markdown or bodyJson replaces the whole body (not both).',
      'status draft unpublishes (publishedAt is kept); status published must be sent to keep a live post live when editing it; archived from any status.',
      `Scheduling: only a draft that was never published and is not scheduled can be scheduled. ${SCHEDULING} scheduledAt null cancels a schedule; status published or archived without scheduledAt cancels it; status draft keeps it. To reschedule, cancel first.`,
      'authorIds (1..20) replaces the byline; each must be the owner or an active team member. communityId null is the general audience; an unavailable or foreign segment is refused, not broadened.',
      'clearImage true removes the cover (ignored with imageUrl); imageAlt null or empty clears it.',
    ].join(' '),
    body: PostUpdate,
    responses: { 200: json('updated', SuccessBody) },
    errors: {
      400: UPDATE_REFUSED,
      404: "no such post in the key's publication",
    },
  },
  {
    method: 'delete', path: '/v1/posts/{postId}', tag, auth: 'required', profile: 'extended',
    summary: 'Delete a post permanently',
    responses: { 200: json('deleted', SuccessBody) },
    errors: { 404: "no such post in the key's publication" },
  },
  {
    method: 'put', path: '/v1/posts/slug/{slug}', tag, auth: 'required', profile: 'extended',
    summary: 'Update a post by its slug',
    description: "PUT /v1/posts/{postId} for the post of the key's publication with this slug (any status, compared ignoring case); the same body, rules and answers.",
    body: PostUpdate,
    responses: { 200: json('updated', SuccessBody) },
    errors: {
      400: UPDATE_REFUSED,
      404: "no post with this slug in the key's publication",
    },
  },
  {
    method: 'delete', path: '/v1/posts/slug/{slug}', tag, auth: 'required', profile: 'extended',
    summary: 'Delete a post permanently by its slug',
    responses: { 200: json('deleted', SuccessBody) },
    errors: { 404: "no post with this slug in the key's publication" },
  },
  {
    method: 'get', path: '/v1/posts/tag/{tag}', tag, auth: 'none', profile: 'extended',
    summary: 'Published posts with a category',
    description: 'limit 1..100, default 10.',
    query: TagPostsQuery,
    responses: { 200: json('a page of posts', PostPage) },
  },
  {
    method: 'get', path: '/v1/publications/{publicationId}/posts', tag, auth: 'none',
    summary: "A publication's published posts",
    description: 'Published posts only; limit 1..100, default 10.',
    query: PublicationPostsQuery,
    responses: { 200: json('a page of posts', PostPage) },
    errors: { 404: 'no such publication' },
  },
  {
    method: 'get', path: '/v1/publications/{publicationId}/posts/slug/{postSlug}', tag, auth: 'none',
    summary: "A publication's published post by slug",
    query: PostGetQuery,
    responses: { 200: json('the post', Post) },
    errors: { 404: 'no such publication, or no published post with this slug' },
  },
  {
    method: 'get', path: '/v1/publications/slug/{slug}/posts/slug/{postSlug}', tag, auth: 'none',
    summary: 'A published post by publication slug and post slug',
    description: 'The publication slug may start with @.',
    query: PostGetQuery,
    responses: { 200: json('the post', Post) },
    errors: { 404: 'no such publication, or no published post with this slug' },
  },
  {
    method: 'get', path: '/media/{file}', tag: 'Media', auth: 'none', profile: 'reference',
    summary: 'A re-hosted cover image',
    description:
      "Where a post's imageUrl points once the service has re-hosted its cover: a generated SVG placeholder captioned with the alt text or title. Outside /v1, like a CDN URL.",
    responses: {
      200: {
        description: 'the image',
        contentType: 'image/svg+xml',
        headers: { 'Cache-Control': { description: 'no-cache: the caption follows the post, so caches revalidate' } },
      },
    },
    errors: { 404: 'no such media file' },
  },
];
