/**
 * --control-token: the suite's clients send it as the bearer token of every
 * /_control request (and only there), and transcripts never show it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../reference/src/server.js';
import { createProbe } from '../target/http-probe.js';
import { ApiClient, type HttpCore } from './api-client.js';
import { ControlClient } from './control-client.js';
import { createThrottle } from './throttle.js';
import { Transcript } from './transcript.js';

const TOKEN = 'control-token-for-the-suite';
const KEY = 'pk_demo_a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, controlToken: TOKEN, analytics: { mode: 'off' } });
});
afterAll(() => server.close());

function core(controlToken?: string): HttpCore {
  return {
    baseUrl: server.url,
    keys: { a: KEY },
    controlToken,
    secrets: [{ value: TOKEN, name: 'CONTROL_TOKEN' }],
    throttle: createThrottle(undefined),
    transcript: new Transcript(),
    profiles: ['core', 'control'],
    timeoutMs: 10_000,
    missingKey: () => {
      throw new Error('no key');
    },
  };
}

describe('the control token', () => {
  it('goes with every /_control request of the clients and of discovery, and the API key with the rest', async () => {
    const shared = core(TOKEN);
    const api = new ApiClient(shared, 'a');
    const control = new ControlClient(api.anonymous, () => {});
    expect((await control.info()).implementation).toBe('publishing-api-reference');
    await control.reset();
    expect((await api.get('/_control/publications')).status).toBe(200);
    expect((await api.get('/v1/posts')).status).toBe(200);
    expect(await createProbe(server.url, createThrottle(undefined), 10_000, TOKEN)('/_control')).toMatchObject({ status: 200 });
    expect(JSON.stringify(shared.transcript)).not.toContain(TOKEN);
  });

  it('without it the target refuses the control API', async () => {
    const api = new ApiClient(core(), 'a');
    expect((await api.get('/_control/publications')).status).toBe(401);
    expect(await createProbe(server.url, createThrottle(undefined))('/_control')).toMatchObject({ status: 401 });
  });
});
