/**
 * The web app's part, through the test-control API (docs/control-api-content.md):
 * queue, start, deliver, fail and cancel a send; attach media; suggestions.
 * Tests that use these declare needs: ['control:content-sends'] (or the
 * capability they use), so a target without them skips instead of failing.
 */
import type { RuleContext } from '../../../src/authoring/index.js';

export type SendStep = 'queue' | 'start' | 'deliver' | 'fail' | 'cancel';

export const CONTENT_SENDS = 'control:content-sends' as const;
export const CONTENT_MEDIA = 'control:content-media' as const;
export const SUGGESTIONS = 'control:suggestions' as const;

export function sendPath(id: string, step: SendStep): string {
  const base = `/_control/content/${encodeURIComponent(id)}/send`;
  return step === 'queue' ? base : `${base}/${step}`;
}

export function sendStep(ctx: RuleContext, id: string, step: SendStep, body: Record<string, unknown> = {}): Promise<unknown> {
  return ctx.control.call('POST', sendPath(id, step), body);
}

/** Queue a send and deliver it at once: the piece becomes published (delivered). */
export async function deliver(ctx: RuleContext, id: string): Promise<void> {
  await sendStep(ctx, id, 'queue');
  await sendStep(ctx, id, 'deliver');
}

export function attachMedia(ctx: RuleContext, id: string, media: { url: string; alt?: string }): Promise<unknown> {
  return ctx.control.call('POST', `/_control/content/${encodeURIComponent(id)}/media`, media);
}

export interface ControlPieceView {
  body: unknown;
  media: { url: string; alt: string | null }[];
  send: { state: 'queued' | 'in_progress'; at: number | null } | null;
}

export function controlView(ctx: RuleContext, id: string): Promise<ControlPieceView> {
  return ctx.control.call('GET', `/_control/content/${encodeURIComponent(id)}`);
}

export interface SuggestionView {
  id: string;
  publicationId: string;
  contentId: string;
  text: string;
  status: 'open' | 'dismissed';
  createdAt: string;
  dismissedAt: string | null;
}

export function suggest(ctx: RuleContext, contentId: string): Promise<SuggestionView> {
  return ctx.control.call('POST', '/_control/suggestions', { contentId });
}

/** GET /_control/suggestions with its filters, newest first. */
export async function suggestions(
  ctx: RuleContext,
  filter: { publicationId?: string; contentId?: string; status?: SuggestionView['status'] },
): Promise<SuggestionView[]> {
  const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const body = await ctx.control.call<{ suggestions: SuggestionView[] }>('GET', `/_control/suggestions?${query}`);
  return body.suggestions;
}

export function suggestionsFor(ctx: RuleContext, contentId: string): Promise<SuggestionView[]> {
  return suggestions(ctx, { contentId });
}
