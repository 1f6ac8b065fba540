/**
 * HTTP for custom email (POST /v1/emails/send) and the test newsletter
 * (POST /v1/posts/{postId}/test-email).
 */
import { badRequest } from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import { requireCaller, type RouteDef } from '../http/types.js';
import { CustomEmailSend } from '../../../schemas/emails.js';
import { requireApproved, sendCustomEmail } from './custom.js';
import { sendTestNewsletter } from './notifications.js';
import { renderEmailMarkdown } from './render.js';

/** 10,000 addresses of up to 254 characters plus a 100,000-character body fit in well under this. */
const SEND_BODY_LIMIT = 4 * 1024 * 1024;

export const emailRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/emails/send',
    auth: 'required',
    bodyLimit: SEND_BODY_LIMIT,
    handler: async (ctx) => {
      const { publicationId } = requireCaller(ctx);
      requireApproved(ctx.state, publicationId);
      const body = parseOr400(CustomEmailSend, await ctx.json());
      // A dry run sends nothing, so its body is not rendered.
      const contentHtml = body.dryRun ? undefined : await renderEmailMarkdown(body.body);
      return { json: await sendCustomEmail(ctx.state, publicationId, body, contentHtml) };
    },
  },
  {
    method: 'POST',
    path: '/v1/posts/:postId/test-email',
    auth: 'required',
    handler: async (ctx) => {
      const { publicationId } = requireCaller(ctx);
      const body = await ctx.json();
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body must be an empty JSON object: {}');
      sendTestNewsletter(ctx.state, publicationId, ctx.params.postId);
      return { json: { success: true } };
    },
  },
];
