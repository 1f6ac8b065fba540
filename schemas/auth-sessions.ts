/**
 * CLI auth sessions: the create body and response, the three poll answers,
 * and the test-control shapes (headless approval, API keys).
 *
 * Limits are SPEC.md's (deviceName <= 100, callbackUrl <= 2048, HTTPS); the
 * five-minute lifetime is public (SILENT.md); the hour an expired session
 * keeps answering `expired` is the reference's own choice.
 */
import { z } from 'zod';
import { ErrorBody, IsoTime, UnixMs } from './common.js';

export const AUTH_SESSION_LIMITS = {
  deviceNameMax: 100,
  callbackUrlMax: 2048,
  /** Public: a session expires five minutes after creation. */
  lifetimeMs: 5 * 60_000,
  /** Ours: an expired session answers `expired` for one more hour, then 404. */
  expiredRetentionMs: 60 * 60_000,
} as const;

/** Shown and polled when the client gave no device name (ours). */
export const DEFAULT_DEVICE_NAME = 'Unnamed device';

/** Query parameter carrying the session id on the redirect to callbackUrl: `session`, the one production's own clients read (the MCP server's /callback). */
export const CALLBACK_SESSION_PARAM = 'session';

const HTTPS_PREFIX = /^[Hh][Tt][Tt][Pp][Ss]:\/\//;

/**
 * An absolute https URL as the WHATWG parser reads it, written with `https://`
 * (so `https:/host` is not silently repaired), without user name or password
 * (credentials in a redirect target are a phishing aid, never needed here).
 */
export function isHttpsUrl(value: string): boolean {
  if (!HTTPS_PREFIX.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

const HTTPS_URL_MESSAGE = 'must be an HTTPS URL (https://...) without a user name or password';

export const CallbackUrl = z
  .string()
  .max(AUTH_SESSION_LIMITS.callbackUrlMax)
  .regex(HTTPS_PREFIX, { message: HTTPS_URL_MESSAGE })
  .refine(isHttpsUrl, { message: HTTPS_URL_MESSAGE })
  .describe('HTTPS URL the browser is sent to after approval, with session=<sessionId> added to its query');

/**
 * POST /v1/api/auth/sessions. All three fields are optional (public). Unknown
 * fields are ignored, not refused (ours: SPEC.md names only publication update
 * and content create as strict bodies).
 */
export const AuthSessionCreate = z
  .object({
    deviceName: z.string().max(AUTH_SESSION_LIMITS.deviceNameMax).optional().describe('shown on the approval page'),
    callbackUrl: CallbackUrl.optional(),
    supportsDeliveryAcknowledgement: z
      .boolean()
      .optional()
      .describe('true: the completed answer repeats until the client DELETEs the session to acknowledge safe storage'),
  })
  .meta({ id: 'AuthSessionCreate' });

export const AuthSessionCreated = z
  .object({
    sessionId: z.string().min(1),
    verificationUrl: z.url().describe('open in the user\'s browser to approve or deny'),
    expiresAt: IsoTime.describe('five minutes after creation'),
  })
  .meta({ id: 'AuthSessionCreated' });

export const AuthSessionPending = z
  .object({
    status: z.literal('pending'),
    deviceName: z.string(),
    callbackUrl: z.string().optional(),
  })
  .meta({ id: 'AuthSessionPending' });

export const AuthSessionCompleted = z
  .object({ status: z.literal('completed'), apiKey: z.string().min(1) })
  .meta({ id: 'AuthSessionCompleted' });

export const AuthSessionExpired = z.object({ status: z.literal('expired') }).meta({ id: 'AuthSessionExpired' });

/** GET /v1/api/auth/sessions/{sessionId}: one of three answers (public). */
export const AuthSessionPoll = z
  .discriminatedUnion('status', [AuthSessionPending, AuthSessionCompleted, AuthSessionExpired])
  .meta({ id: 'AuthSessionPoll' });

/**
 * The poll's 404: the error body with the message also as `message`, the
 * field production documents for this one answer, so clients of either shape
 * read it.
 */
export const AuthSessionNotFound = ErrorBody.extend({ message: z.string() }).meta({
  id: 'AuthSessionNotFound',
  description: 'The error body, with the message also as `message` (the shape production documents for this 404).',
});

// ---- test-control API ------------------------------------------------------

/**
 * Internal states, wider than the three poll answers: `denied` and `delivered`
 * both poll as 404.
 */
export const AUTH_SESSION_STATES = ['pending', 'completed', 'delivered', 'denied', 'expired'] as const;

export const ControlAuthSession = z
  .object({
    sessionId: z.string(),
    status: z.enum(AUTH_SESSION_STATES),
    deviceName: z.string(),
    callbackUrl: z.string().nullable(),
    supportsDeliveryAcknowledgement: z.boolean(),
    verificationUrl: z.string(),
    createdAt: UnixMs,
    expiresAt: UnixMs,
    /** When the record disappears (polls and the page answer 404 from then on). */
    forgetAt: UnixMs,
    publicationId: z.string().nullable(),
    apiKey: z.string().nullable(),
    approvedAt: UnixMs.nullable(),
    deniedAt: UnixMs.nullable(),
    deliveredAt: UnixMs.nullable(),
  })
  .meta({ id: 'ControlAuthSession' });

export const ControlAuthSessions = z
  .object({ sessions: z.array(ControlAuthSession) })
  .meta({ id: 'ControlAuthSessions' });

/** POST /_control/auth/sessions/{id}/approve: the publication to grant, default the demo fixture. */
export const ControlAuthSessionApprove = z
  .strictObject({ publicationId: z.string().min(1).optional() })
  .meta({ id: 'ControlAuthSessionApprove' });

export const ControlApiKey = z
  .object({
    key: z.string(),
    publicationId: z.string(),
    label: z.string(),
    source: z.enum(['fixture', 'auth-session', 'control']),
    createdAt: UnixMs,
    revokedAt: UnixMs.nullable(),
  })
  .meta({ id: 'ControlApiKey' });

export const ControlApiKeys = z.object({ apiKeys: z.array(ControlApiKey) }).meta({ id: 'ControlApiKeys' });

export type AuthSessionCreateT = z.infer<typeof AuthSessionCreate>;
export type AuthSessionPollT = z.infer<typeof AuthSessionPoll>;
export type AuthSessionStateT = (typeof AUTH_SESSION_STATES)[number];
export type ControlAuthSessionT = z.infer<typeof ControlAuthSession>;
export type ControlApiKeyT = z.infer<typeof ControlApiKey>;
