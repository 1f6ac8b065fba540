/**
 * Content groups (buckets): a post and everything made from it. The
 * member kinds, channels and statuses are the reference's choices (SILENT.md).
 */
import { Bucket, BucketListQuery, BucketPage, ControlDraftRow, PostBucketAnswer, PostBucketCreate, PostBucketCreated } from '../buckets.js';
import { json, type Endpoint } from './endpoint.js';

const tag = 'Content groups';
const POST_NOT_FOUND = "no such post in the key's publication";

export const bucketEndpoints: Endpoint[] = [
  {
    method: 'get', path: '/v1/buckets', tag, auth: 'required',
    summary: 'List content groups with members, most recently active first',
    description: "A group's activity is the latest change of the group or any member. limit 1..50, default 20.",
    query: BucketListQuery,
    responses: { 200: json('a page of groups', BucketPage) },
  },
  {
    method: 'get', path: '/v1/buckets/{bucketId}', tag, auth: 'required',
    summary: 'Get a content group with its members',
    responses: { 200: json('the group', Bucket) },
    errors: { 404: "no such group in the key's publication" },
  },
  {
    method: 'post', path: '/v1/posts/{postId}/bucket', tag, auth: 'required',
    summary: "The post's content group, created on first use",
    description: 'Takes an empty object. Repeated calls return the same id and write nothing; a draft id and its published id give the same group.',
    body: PostBucketCreate,
    responses: { 200: json("the group's id", PostBucketCreated) },
    errors: { 404: POST_NOT_FOUND },
  },
  {
    method: 'get', path: '/v1/posts/{postId}/bucket', tag, auth: 'required',
    summary: "The post's content group, if any",
    description: 'bucketId is null when nothing was made from the post; a draft id and its published id give the same answer.',
    responses: { 200: json("the group's id or null", PostBucketAnswer) },
    errors: { 404: POST_NOT_FOUND },
  },
];

export const bucketControlEndpoints: Endpoint[] = [
  {
    method: 'get', path: '/_control/posts/{postId}/draft-row', tag: 'Test control', auth: 'none', profile: 'control',
    summary: 'The draft row id a published post is edited in',
    responses: { 200: json('the post and its draft row id', ControlDraftRow) },
    errors: { 404: 'no such post' },
  },
];
