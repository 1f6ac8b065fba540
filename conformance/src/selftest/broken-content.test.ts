/**
 * The content and buckets suites fail a server that breaks one content
 * rule, and only that rule (describe-breakages.ts says how).
 */
import { archivedDraftsListedUnderAll, lockedBodyEditAccepted, piecesMovedBetweenGroups, threadEntriesOver280Accepted } from './breakages/content.js';
import { describeBreakages } from './describe-breakages.js';

describeBreakages('the content suites fail a server that breaks one content rule, and only that rule', [
  {
    what: 'accepts a thread entry of 281 characters',
    breakage: threadEntriesOver280Accepted,
    reason: /POST \/v1\/content answered 200, expected the error 400/,
    filter: ['a tweet or thread entry of 280 characters is accepted, 281 is not'],
    include: ['conformance/suites/content/bodies.test.ts'],
    expectedFailures: ['content.body.tweet-max-280', 'content.create.validates-body'],
  },
  {
    what: 'lists an archived, never delivered piece under all',
    breakage: archivedDraftsListedUnderAll,
    reason: /status=all lists \S+ \(never delivered, archived\)/,
    filter: ['each status view lists exactly the pieces rule 1 says'],
    include: ['conformance/suites/content/list.test.ts'],
    // One property checks the four views of rule 1 together; every rule it names fails.
    expectedFailures: [
      'content.archive.draft',
      'content.archive.leaves-default-list',
      'content.list.status-all',
      'content.list.status-archived',
      'content.list.status-draft-published',
      'content.restore.back-in-list',
    ],
  },
  {
    what: 'accepts a body edit of a locked piece',
    breakage: lockedBodyEditAccepted,
    reason: /PATCH \S+ answered 200, expected the error 400/,
    filter: ['a running send locks the words too'],
    include: ['conformance/suites/content/lifecycle.test.ts'],
    expectedFailures: ['content.edit.locked-400', 'content.edit.locked-body-refused', 'content.edit.locked-rename-allowed'],
  },
  {
    what: 'moves a piece from one group to another',
    breakage: piecesMovedBetweenGroups,
    reason: /answered 200, expected the error 409/,
    filter: ['PATCH bucketId of a piece grouped elsewhere answers 409'],
    include: ['conformance/suites/buckets/groups.test.ts'],
    expectedFailures: ['content.patch.bucket-conflict-409', 'errors.409.already-grouped'],
  },
]);
