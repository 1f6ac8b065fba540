/**
 * Text the server parses (post markdown, content bodies, custom email
 * bodies), given 100 KB of one markup fragment repeated: the shapes that make
 * markdown parsers superlinear (unclosed tags, deep quotes, packed links,
 * emphasis runs, blank lines). Each answer comes in time, a 2xx or a 4xx,
 * never a 5xx. Everything sent is a draft titled with the run id or a dry run.
 */
import { fc, rule, type RuleContext } from '../../src/authoring/index.js';
import type { BuiltRequest } from './request.js';
import { readablePostPath } from './prompt.js';
import { judge, sendWithin } from './verdict.js';
import { OPERATIONS, type Operation } from './operations.js';

const SIZE = 100_000;

const FRAGMENTS = [
  '<a>', '> ', '\n\n', 'a@b.c ', '\n> ', '[', '*a ', '**a', '_a_', '`a` ', '![a](http://x.png)', '[a](x)',
  '- [ ', '[^1]', '---\n', 'a\n=\n', '> - ', '<div>\n', '<!--', '&amp;', 'www.a.b ', '\\*', '~~~\n', '|a|\n',
];

interface Target {
  op: string;
  /** The request with `text` where the parsed field goes. */
  build(text: string, ctx: RuleContext, draftPath: string): Omit<BuiltRequest, 'options'> & { json: unknown };
}

// Content and email bodies are at most 100,000 characters; a hair under keeps the test about parsing, not the limit.
const fit = (text: string) => text.slice(0, 99_000);

const TARGETS: Target[] = [
  { op: 'POST /v1/posts', build: (text, { names }) => ({ method: 'POST', path: '/v1/posts', json: { title: names.title('robustness'), markdown: text, status: 'draft' } }) },
  { op: 'PUT /v1/posts/{postId}', build: (text, _ctx, draftPath) => ({ method: 'PUT', path: draftPath, json: { markdown: text } }) },
  {
    op: 'POST /v1/content',
    build: (text, { names }) => ({ method: 'POST', path: '/v1/content', json: { kind: 'x_article', title: names.title('robustness'), body: { title: 'Robustness', body: fit(text) } } }),
  },
  {
    op: 'POST /v1/content',
    build: (text, { names }) => ({ method: 'POST', path: '/v1/content', json: { kind: 'newsletter', title: names.title('robustness'), body: { subject: 'Robustness', body: fit(text) } } }),
  },
  {
    op: 'POST /v1/emails/send',
    build: (text, { names }) => ({ method: 'POST', path: '/v1/emails/send', json: { subject: names.title('robustness'), body: fit(text), emails: [names.email('robustness')], dryRun: true } }),
  },
];

function operation(key: string): Operation {
  const found = OPERATIONS.find((op) => op.key === key);
  if (!found) throw new Error(`${key} is not in the contract`);
  return found;
}

rule(
  ['robustness.malformed.never-5xx', 'robustness.malformed.answers-in-time'],
  '100 KB of repeated markup in every parsed text field is answered in time, never with a 5xx',
  async (ctx) => {
    // A draft of the run's own to PUT markdown into (a readable published post is never edited).
    const draft = await ctx.api.post('/v1/posts', { title: ctx.names.title('robustness target'), markdown: 'A draft to edit.', status: 'draft' });
    const draftId = (draft.body as { id?: unknown } | undefined)?.id;
    const draftPath = typeof draftId === 'string' ? `/v1/posts/${encodeURIComponent(draftId)}` : await readablePostPath(ctx);
    if (typeof draftId === 'string') ctx.created.post(draftId);

    // Each run is one conversion of 100 KB (up to a few seconds where parsers are slow): a few runs, not --runs.
    await ctx.check(
      fc.record({ target: fc.constantFrom(...TARGETS.keys()), fragment: fc.constantFrom(...FRAGMENTS) }),
      async ({ target, fragment }) => {
        const { op, build } = TARGETS[target]!;
        const text = fragment.repeat(Math.ceil(SIZE / fragment.length)).slice(0, SIZE);
        const { method, path, json } = build(text, ctx, draftPath);
        const res = await sendWithin(ctx.api, { method, path, options: { json } });
        judge(operation(op), res);
        const id = (res.body as { id?: unknown } | undefined)?.id;
        if (res.status < 300 && typeof id === 'string' && method === 'POST') {
          if (path === '/v1/posts') ctx.created.post(id);
          else ctx.created.content(id);
        }
      },
      { runs: Math.min(ctx.runs, 8) },
    );
  },
  { needs: ['apiKey'] },
);
