// Type-checked with the consumer's own tsc --strict, without skipLibCheck: every public entry's types.
import { ControlError, DEMO_KEYS, startReference, type FetchHandler, type OutboxEmail, type ReferenceInstance, type StartReferenceOptions } from 'publishing-api-reference';
import { runConformance, type ConformanceOptions, type ConformanceRuleResult, type ConformanceRun } from 'publishing-api-reference/conformance';
import { Post, PostCreate, type PostCreateT, type PostT } from 'publishing-api-reference/schemas';
import openapi from 'publishing-api-reference/openapi.json' with { type: 'json' };

export async function useEverything(): Promise<string[]> {
  const options: StartReferenceOptions = { port: false, seed: 2, fixtures: 'empty', analytics: 'off' };
  const reference: ReferenceInstance = await startReference(options);
  const handler: FetchHandler = reference.fetch;
  const response: Response = await handler(new Request(`${reference.url}/v1/posts`));
  const emails: OutboxEmail[] = await reference.outbox.list({ kind: 'newsletter', status: 'delivered' });
  const clock: { now: number; frozen: boolean } = await reference.clock.advance(1000);
  const draft: PostCreateT = PostCreate.parse({ title: 'Typed', markdown: 'Yes' });
  const post: PostT = Post.parse(await response.json());
  const conformance: ConformanceOptions = { url: reference.url, apiKey: DEMO_KEYS.demo, profiles: ['core'], seed: 1 };
  const run: ConformanceRun = await runConformance(conformance);
  const failed: ConformanceRuleResult[] = run.rules.filter((rule) => rule.status === 'fail');
  try {
    await reference.snapshots.restore('missing');
  } catch (error) {
    if (error instanceof ControlError) failed.length += error.status;
  }
  await reference.close();
  return [draft.title, post.id, String(emails.length + clock.now + failed.length), openapi.openapi];
}
