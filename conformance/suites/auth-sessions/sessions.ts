/**
 * What the auth-session suites share: creating, polling and deciding
 * sessions. Sessions are harmless against a live service: nobody approves
 * them (approval goes through the control API, which a live service lacks),
 * and they expire after five minutes.
 */
import { AuthSessionCreated } from '../../../schemas/auth-sessions.js';
import { expectOk, setupStep, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';

export const SESSIONS = '/v1/api/auth/sessions';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const sessionPath = (id: string) => `${SESSIONS}/${encodeURIComponent(id)}`;

/** A device name that names the run, so a writer can tell where a session came from. */
export const deviceName = (ctx: RuleContext, label = 'cli') => `conformance ${label} ${ctx.runId}`.slice(0, 100);

/** Creates a session without a key and checks the 201 answer against the contract. */
export function createSession(ctx: RuleContext, body: Record<string, unknown> = { deviceName: deviceName(ctx) }) {
  return setupStep('auth-sessions.create.response', async () => expectOk(await ctx.api.anonymous.post(SESSIONS, body), AuthSessionCreated, 201));
}

export function poll(ctx: RuleContext, sessionId: string): Promise<ApiResponse> {
  return ctx.api.anonymous.get(sessionPath(sessionId));
}

export function discard(ctx: RuleContext, sessionId: string): Promise<ApiResponse> {
  return ctx.api.anonymous.delete(sessionPath(sessionId));
}

/**
 * Approves through the test-control API, for publication A when its id is
 * known (the target's default otherwise). Answers the minted key.
 */
export async function approve(ctx: RuleContext, sessionId: string): Promise<{ apiKey: string; publicationId: string }> {
  const publicationId = ctx.target.publications.a?.id;
  return ctx.control.call('POST', `/_control/auth/sessions/${encodeURIComponent(sessionId)}/approve`, publicationId ? { publicationId } : {});
}

export async function deny(ctx: RuleContext, sessionId: string): Promise<void> {
  await ctx.control.call('POST', `/_control/auth/sessions/${encodeURIComponent(sessionId)}/deny`, {});
}

/** Revokes a key a test minted, when the target can (best effort: the key belongs to a test publication). */
export async function revokeKey(ctx: RuleContext, key: string): Promise<void> {
  if (!ctx.target.control.capabilities.includes('api-keys')) return;
  await ctx.api.anonymous.delete(`/_control/api-keys/${encodeURIComponent(key)}`);
}

/** An https URL of exactly `length` characters on a reserved domain. */
export function httpsUrlOfLength(length: number): string {
  const base = 'https://callback.example.com/';
  return base + 'a'.repeat(length - base.length);
}
