/**
 * The content life cycle as request steps: the operations of the suite's
 * content model (suites/content/model): create, rename, replace the body,
 * archive, restore, the list views, and the web app's sends through
 * /_control where the target has them.
 */
import fc from 'fast-check';
import { CONTENT_KINDS, type ContentKind } from '../../../../schemas/content.js';
import { get, send, type Step } from '../steps.js';
import type { SequenceScope } from './scope.js';

// Small indices: steps often land on the same piece, where locks meet archives and edits.
const index = fc.nat(5);
const piece = (i: number) => ['/v1/content/', { ref: 'content' as const, index: i }];

const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'launch', 'notes');

/** A valid body of each kind, from a few words. */
function bodyOf(kind: ContentKind, n: number, text: string): Record<string, unknown> {
  switch (kind) {
    case 'tweet':
      return n % 2 === 0 ? { text } : { tweets: [text, `${text} (2)`] };
    case 'linkedin':
      return { text };
    case 'newsletter':
      return { subject: `About ${text}`, body: `# ${text}\n\nA newsletter.` };
    case 'x_article':
      return { title: `On ${text}`, body: `${text} in a few paragraphs.` };
  }
}

const kindAndBody = fc.tuple(fc.constantFrom(...CONTENT_KINDS), fc.nat(9), word).map(([kind, n, w]) => ({ kind, body: bodyOf(kind, n, `${w} ${n}`) }));

export function contentLifeCycleStep(scope: SequenceScope, title: string): fc.Arbitrary<Step> {
  const listed = (status: string) =>
    get(['/v1/content'], {
      query: { status, limit: '50' },
      rules: ['content.list.page', 'content.list.status-all', 'content.list.status-archived', 'content.list.status-draft-published', 'content.list.order'],
    });
  const steps: Array<{ weight: number; arbitrary: fc.Arbitrary<Step> }> = [
    { weight: 3, arbitrary: kindAndBody.map(({ kind, body }) => send('POST', ['/v1/content'], { kind, title, body }, { creates: 'content', rules: ['content.create.draft', 'content.create.response'] })) },
    { weight: 1, arbitrary: fc.tuple(index, fc.constantFrom('a', 'b', 'c')).map(([i, label]) => send('PATCH', piece(i), { title: `${title} ${label}` }, { rules: ['content.patch.rename-and-body', 'content.edit.locked-rename-allowed'] })) },
    {
      weight: 2,
      // The body is that of a tweet or a LinkedIn post: a piece of another kind refuses it (the kind is fixed).
      arbitrary: fc.tuple(index, word, fc.nat(9)).map(([i, w, n]) => send('PATCH', piece(i), { body: { text: `${w} edited ${n}` } }, { rules: ['content.patch.body-replaces', 'content.edit.locked-body-refused', 'content.patch.kind-fixed'] })),
    },
    { weight: 3, arbitrary: index.map((i) => send('POST', [...piece(i), '/archive'], {}, { rules: ['content.archive.draft', 'content.archive.delivered', 'content.archive.queued-refused', 'content.archive.repeat-noop'] })) },
    { weight: 2, arbitrary: index.map((i) => send('POST', [...piece(i), '/restore'], {}, { rules: ['content.restore.endpoint', 'content.restore.status', 'content.archive.repeat-noop'] })) },
    { weight: 1, arbitrary: index.map((i) => get(piece(i), { rules: ['content.get.with-body', 'content.shape.locked-null-when-editable', 'content.shape.url-null-undelivered'] })) },
  ];
  // The fixtures' pieces are in every list: only comparable when both sides have the same ones.
  if (scope.sameFixtures) steps.push({ weight: 1, arbitrary: fc.constantFrom('all', 'draft', 'published', 'archived').map(listed) });
  if (scope.contentSends) {
    const control = (i: number, action: string) => ['/_control/content/', { ref: 'content' as const, index: i }, action];
    steps.push(
      { weight: 3, arbitrary: index.map((i) => send('POST', control(i, '/send'), {}, { as: 'none', control: true, rules: ['content.shape.locked-null-when-editable'] })) },
      { weight: 2, arbitrary: index.map((i) => send('POST', control(i, '/send/deliver'), {}, { as: 'none', control: true, rules: ['content.archive.delivered'] })) },
      {
        weight: 2,
        arbitrary: fc.tuple(index, fc.constantFrom('/send/start', '/send/fail', '/send/cancel')).map(([i, action]) => send('POST', control(i, action), {}, { as: 'none', control: true, rules: [] })),
      },
    );
  }
  return fc.oneof(...steps);
}
