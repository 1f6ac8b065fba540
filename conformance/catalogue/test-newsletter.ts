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
    ],
  },
]);
