/** The test newsletter: a draft post emailed to its publication's owner. */
import { defineRules } from './types.js';

export const testNewsletterRules = defineRules([
  {
    section: 'Endpoints › Test newsletter',
    rules: [
      ['test-newsletter.send.draft-only', 'A test newsletter works only for draft posts.'],
      ['test-newsletter.send.response', 'POST /v1/posts/{postId}/test-email with {} answers 200 {success: true}.', { source: 'SILENT.md public', profile: 'side-effects' }],
      ['test-newsletter.send.to-owner', "The test newsletter is emailed to the publication owner's address.", { profile: 'side-effects' }],
      ['test-newsletter.send.no-owner-email-400', 'A test newsletter when the owner has no email address answers 400.', { source: 'SILENT.md public' }],
      ['test-newsletter.send.non-draft-400', 'A test newsletter for a post that is not a draft answers 400.', { source: 'SILENT.md ours' }],
      ['test-newsletter.send.unknown-post-404', "A test newsletter for an unknown post or another publication's post answers 404.", { source: 'SILENT.md ours' }],
      ['test-newsletter.send.body-object', 'The body of a test newsletter must be a JSON object (its properties are ignored): anything else answers 400 and sends nothing.', { source: 'SILENT.md ours' }],
      ['test-newsletter.send.subject', 'A test newsletter is the post\'s newsletter with the subject "[Test] <post title>".', { source: 'SILENT.md ours' }],
    ],
  },
]);
