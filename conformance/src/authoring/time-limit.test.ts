import { describe, expect, it } from 'vitest';
import { TimeLimitReached, withinTimeLimit } from './time-limit.js';
import { Transcript } from './transcript.js';

describe('withinTimeLimit', () => {
  it('answers what the work answers when it ends in time', async () => {
    expect(await withinTimeLimit(async () => 42, 1_000, new Transcript(), new AbortController())).toBe(42);
  });

  it('past the limit, aborts the test and says which request it was still waiting for', async () => {
    const transcript = new Transcript();
    const controller = new AbortController();
    const work = async () => {
      transcript.begin('GET /v1/subscribers?limit=100');
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    };
    const error = await withinTimeLimit(work, 50, transcript, controller).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeLimitReached);
    expect((error as Error).message).toMatch(/time limit of 0\.1 s reached .* while waiting for the target to answer GET \/v1\/subscribers\?limit=100 \(sent 0\.\d s before, no answer yet\)/);
    expect(controller.signal.aborted).toBe(true);
  });

  it('with nothing in flight, says so and names the last answer', async () => {
    const transcript = new Transcript();
    transcript.record({ method: 'GET', url: 'http://x/_control/outbox?to=a', requestHeaders: {}, status: 200, durationMs: 1 });
    const error = await withinTimeLimit(() => new Promise(() => {}), 20, transcript, new AbortController()).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/no request in flight.*last request, GET \/_control\/outbox\?to=a, answered 200/);
  });
});
