/**
 * Content pieces (short-form drafts): SPEC.md's /v1/content endpoints, and
 * the web app's side of them in the test-control API (sends, media,
 * suggestions).
 */
import {
  ContentCreate,
  ContentListQuery,
  ContentPage,
  ContentPatch,
  ContentPiece,
  ControlAttachMedia,
  ControlContentPiece,
  ControlQueueSend,
  ControlSuggestionCreate,
  ControlSuggestionQuery,
  ControlSuggestions,
  EmptyObject,
  Suggestion,
} from '../content.js';
import { json, type Endpoint } from './endpoint.js';

const tag = 'Content';
const control = { tag: 'Test control', auth: 'none', profile: 'control' } as const;
const NOT_FOUND = "no such piece in the key's publication";

export const contentEndpoints: Endpoint[] = [
  {
    method: 'get', path: '/v1/content', tag, auth: 'required',
    summary: 'List content pieces, newest activity first',
    description: [
      'Pieces without body, by updatedAt descending (ties by id). limit 1..50, default 20.',
      'status all (default) lists drafts plus delivered pieces, excluding archived ones; a delivered piece stays listed even if archived afterwards.',
      'status archived lists pieces archived and never delivered. A cursor is bound to its filters.',
    ].join(' '),
    query: ContentListQuery,
    responses: { 200: json('a page of pieces', ContentPage) },
  },
  {
    method: 'post', path: '/v1/content', tag, auth: 'required',
    summary: 'Save a draft',
    description: [
      "Strict: unknown fields, here or inside body, are 400; media is never accepted (drafts are text-only).",
      'body is validated as the web app does for its kind (a thread entry over 280 characters, an article without a headline, a field of another kind are refused with an explanation).',
      'Creating does not post, email or schedule anything. bucketId puts the piece in a content group.',
    ].join(' '),
    body: ContentCreate,
    responses: { 200: json('the new draft, with its body', ContentPiece) },
    errors: { 404: "bucketId is not a content group of the key's publication" },
  },
  {
    method: 'get', path: '/v1/content/{contentId}', tag, auth: 'required',
    summary: 'Get a content piece',
    responses: { 200: json('the piece, with its body', ContentPiece) },
    errors: { 404: NOT_FOUND },
  },
  {
    method: 'patch', path: '/v1/content/{contentId}', tag, auth: 'required',
    summary: 'Rename a piece, replace its body, or group it',
    description: [
      'Strict; at least one of title, body, bucketId; kind cannot change.',
      'body replaces the artifact entirely (send the whole thing); media already attached is carried over.',
      'A body edit of a piece with a queued or running send is refused (400); renaming is always allowed.',
    ].join(' '),
    body: ContentPatch,
    responses: { 200: json('the piece, with its body', ContentPiece) },
    errors: {
      400: 'a field breaks its rule, the body does not fit the kind, or the piece is locked by a send',
      404: `${NOT_FOUND}, or bucketId is not a content group of the key's publication`,
      409: 'the piece is already in another content group; it is not moved',
    },
  },
  {
    method: 'post', path: '/v1/content/{contentId}/archive', tag, auth: 'required',
    summary: 'Archive a piece',
    description:
      'Takes an empty object. The piece leaves the default list; suggestions proposing it are dismissed. Refused while a send is queued or running (cancel the schedule first). Archiving an archived piece changes nothing.',
    body: EmptyObject,
    responses: { 200: json('the piece, with its body', ContentPiece) },
    errors: { 400: 'a send is queued or running, or the body is not an empty object', 404: NOT_FOUND },
  },
  {
    method: 'post', path: '/v1/content/{contentId}/restore', tag, auth: 'required',
    summary: 'Restore an archived piece',
    description: 'Takes an empty object. The piece returns to draft if it was never delivered, to published if it was. Restoring a piece that is not archived changes nothing.',
    body: EmptyObject,
    responses: { 200: json('the piece, with its body', ContentPiece) },
    errors: { 404: NOT_FOUND },
  },
];

const SEND_STEPS = {
  start: 'Start the queued send (the piece stays locked)',
  deliver: 'Deliver the queued or running send (the piece becomes published)',
  fail: 'Fail the queued or running send (the lock is lifted)',
  cancel: 'Cancel the queued send (the lock is lifted)',
} as const;

/** The web app's side: what only a send, an upload or the suggestion engine would do. */
export const contentControlEndpoints: Endpoint[] = [
  {
    ...control, method: 'get', path: '/_control/content/{contentId}',
    summary: 'A piece of any publication, with its publication, send and media',
    responses: { 200: json('the piece', ControlContentPiece) },
    errors: { 404: 'no such piece' },
  },
  {
    ...control, method: 'post', path: '/_control/content/{contentId}/send',
    summary: 'Queue a send (locks the words)',
    description: 'With at (Unix ms, in the future) the send starts and delivers when the clock reaches it; without, it stays queued until started.',
    body: ControlQueueSend,
    responses: { 200: json('the piece', ControlContentPiece) },
    errors: { 400: 'at is not in the future, or a send is already queued or running', 404: 'no such piece' },
  },
  ...(['start', 'deliver', 'fail', 'cancel'] as const).map(
    (step): Endpoint => ({
      ...control, method: 'post', path: `/_control/content/{contentId}/send/${step}`,
      summary: SEND_STEPS[step],
      body: EmptyObject,
      responses: { 200: json('the piece', ControlContentPiece) },
      errors: { 400: 'the step does not apply to the piece\'s send state', 404: 'no such piece' },
    }),
  ),
  {
    ...control, method: 'post', path: '/_control/content/{contentId}/media',
    summary: 'Attach media, as the web app would (carried over by body edits)',
    body: ControlAttachMedia,
    responses: { 200: json('the piece', ControlContentPiece) },
    errors: [404],
  },
  {
    ...control, method: 'get', path: '/_control/suggestions',
    summary: 'Suggestions, filtered',
    query: ControlSuggestionQuery,
    responses: { 200: json('the suggestions', ControlSuggestions) },
  },
  {
    ...control, method: 'post', path: '/_control/suggestions',
    summary: 'Make a suggestion that proposes a piece',
    body: ControlSuggestionCreate,
    responses: { 200: json('the suggestion', Suggestion) },
    errors: { 404: 'no such piece' },
  },
];
