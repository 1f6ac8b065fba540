/**
 * "The server still answers others promptly": a normal GET of a post, made
 * again and again while misbehaving clients hold their connections, must
 * come back 200 within a second each time.
 */
import { fail, type RuleContext } from '../../src/authoring/index.js';
import { sendWithin } from './verdict.js';

export const PROMPT_MS = 1_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A post of A the key can read: its newest published one, else a draft the suite creates. */
export async function readablePostPath({ api, names, created }: RuleContext): Promise<string> {
  const list = await api.get('/v1/posts', { query: { status: 'published', limit: 1 } });
  const first = (list.body as { items?: Array<{ id?: unknown }> } | undefined)?.items?.[0]?.id;
  if (typeof first === 'string') return `/v1/posts/${encodeURIComponent(first)}`;
  const draft = await api.post('/v1/posts', { title: names.title('robustness probe'), markdown: 'Read while clients misbehave.', status: 'draft' });
  const id = (draft.body as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') fail(`creating a draft to read answered ${draft.status}: ${draft.text.slice(0, 200)}`);
  created.post(id);
  return `/v1/posts/${encodeURIComponent(id)}`;
}

/** For `durationMs`, GETs `path` every `pauseMs`; each must answer 200 within PROMPT_MS. Returns how many were made. */
export async function expectPromptAnswers(ctx: RuleContext, path: string, durationMs: number, meanwhile: string, pauseMs = 200): Promise<number> {
  const end = performance.now() + durationMs;
  let count = 0;
  do {
    const started = performance.now();
    // A hung server fails here after 5 s rather than at the test's time limit.
    const res = await sendWithin(ctx.api, { method: 'GET', path, options: {} }, 5 * PROMPT_MS);
    const took = Math.round(performance.now() - started);
    if (res.status !== 200) fail(`while ${meanwhile}, GET ${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
    if (took > PROMPT_MS) fail(`while ${meanwhile}, GET ${path} took ${took} ms (at most ${PROMPT_MS} ms expected)`);
    count++;
    await sleep(pauseMs);
  } while (performance.now() < end);
  return count;
}
