/**
 * What GET /_control/publications lists is what the API does with it: the
 * suite picks valid and invalid authors, segments and senders from this
 * list, and a test that does not find what it needs there skips rather
 * than fails, so a listing that goes wrong would only quietly narrow the
 * suite. Checked here against publication A through its own key.
 */
import { Me } from '../../../schemas/publications.js';
import { expectError, expectOk, expectStatus, fail, rule } from '../../src/authoring/index.js';
import { createDraft } from '../posts/support/posts-api.js';
import { publicationA } from '../publications/support.js';

interface Listed {
  id: string;
  ownerUserId: string;
  ownerEmail?: string | null;
  teamMemberIds?: string[];
  removedMemberIds?: string[];
  communityIds?: string[];
  unavailableCommunityIds?: string[];
  customEmailApproved?: boolean;
  plan?: string;
}

rule(
  ['control.publications.shape'],
  "GET /_control/publications lists publication A's active team, removed members, segments, plan and owner as the API treats them",
  async (ctx) => {
    const id = publicationA(ctx).id;
    const { publications } = await ctx.control.call<{ publications: Listed[] }>('GET', '/_control/publications');
    const a = publications.find((p) => p.id === id);
    if (!a) fail(`GET /_control/publications does not list publication A (${id})`);
    const draft = await createDraft(ctx, 'control listing');
    const put = (body: Record<string, unknown>) => ctx.api.put(`/v1/posts/${encodeURIComponent(draft)}`, body);
    const team = a.teamMemberIds ?? [];
    for (const member of team) expectStatus(await put({ authorIds: [member] }), 200);
    for (const removed of a.removedMemberIds ?? []) {
      if (team.includes(removed)) fail(`${removed} is listed both as a team member and as removed`);
      expectError(await put({ authorIds: [removed] }), 400);
    }
    for (const segment of a.communityIds ?? []) expectStatus(await put({ communityId: segment }), 200);
    for (const segment of a.unavailableCommunityIds ?? []) expectError(await put({ communityId: segment }), 400);
    const me = expectOk(await ctx.api.get('/v1/me'), Me);
    if (a.plan !== undefined && a.plan !== me.plan) fail(`the listing says plan ${a.plan}, GET /v1/me says ${me.plan}`);
    if (a.ownerEmail !== undefined && a.ownerEmail !== null && !/^[^@\s]+@[^@\s]+$/.test(a.ownerEmail)) fail(`ownerEmail ${a.ownerEmail} is not an address`);
  },
  { needs: ['control', 'apiKey'] },
);
