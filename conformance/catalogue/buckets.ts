/** Content groups (buckets): a post and everything made from it. */
import { defineRules } from './types.js';

export const bucketRules = defineRules([
  {
    section: 'Resources › Content group',
    rules: [
      ['buckets.shape.required-fields', 'A content group has id, title, createdAt, updatedAt (ISO 8601) and members.'],
      ['buckets.shape.title-from-post', "A group's title is taken from the post that seeded it."],
      ['buckets.shape.seeding-post-first', 'members are in display order, the seeding post first.'],
      [
        'buckets.shape.member-fields',
        'A member has kind (post for a post), id, channel, title, status, scheduled, url, publishedAt, archivedAt, position and updatedAt; no body.',
      ],
    ],
  },
  {
    section: 'Endpoints › Content groups',
    rules: [
      ['buckets.list.page', 'GET /v1/buckets answers a page of groups with members, most recently active first.'],
      ['buckets.get.by-id', 'GET /v1/buckets/{bucketId} answers 200 with the group and its members.'],
      ['buckets.get.unknown-404', 'An unknown bucket id answers 404.'],
      ['buckets.post-bucket.create', 'POST /v1/posts/{postId}/bucket with {} answers 200 {bucketId}, creating the group on first use.'],
      ['buckets.post-bucket.idempotent', 'Repeated POST /v1/posts/{postId}/bucket calls return the same id and write nothing.'],
      ['buckets.post-bucket.get', 'GET /v1/posts/{postId}/bucket answers {bucketId}, null when nothing was made from the post.'],
      ['buckets.post-bucket.draft-and-published', 'A draft id and its published id give the same bucket answer.'],
    ],
  },
  {
    section: 'SILENT.md › Content groups (buckets)',
    source: 'SILENT.md ours',
    rules: [
      ['buckets.member.kind', 'A member kind is post or the content kind (tweet, linkedin, newsletter, x_article).'],
      ['buckets.member.channel', 'channel is paragraph for a post, x for tweet and x_article, linkedin, and email for newsletter.'],
      ['buckets.member.status', "A member status is the member's own status."],
      ['buckets.member.position', 'position is 0 for the seeding post, then in order of joining.'],
      ['buckets.shape.updated-at', "A group's updatedAt is the latest change of the group or any member."],
      ['buckets.post-bucket.foreign-post-404', "POST and GET /v1/posts/{postId}/bucket answer 404 for another publication's post or an unknown id."],
      ['buckets.post-bucket.empty-body', 'POST /v1/posts/{postId}/bucket refuses a body with any property (400).'],
      ['buckets.get.foreign-404', "Another publication's group answers 404."],
      ['buckets.list.order-ties', '"Most recently active first" means the group updatedAt descending, ties broken by id.'],
      [
        'buckets.member.post-fields',
        "A post member's url is the post's page while published, else null; publishedAt is the post's (kept after unpublishing); scheduled is true for a scheduled post; archivedAt is the post's last change while archived, else null.",
      ],
      ['buckets.shape.post-deleted', 'A group whose seeding post is deleted stays, without its post member, with the title it had; the pieces keep their positions.'],
    ],
  },
]);
