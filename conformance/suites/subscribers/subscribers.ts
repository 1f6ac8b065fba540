/**
 * Helpers of the subscriber suites: add and remove through the API (removal
 * registered for the end of the file), read the whole list (extended
 * profile), upload a CSV and check what it imported. Every address is at example.com and names the run.
 */
import { SubscriberItem, SubscriberPage } from '../../../schemas/subscribers.js';
import { expectOk, fail, FormData, ListWalk, setupStep, type ApiClient, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';

export interface Who {
  email?: string;
  wallet?: string;
}

export type Listed = (typeof SubscriberItem)['_output'];

export function addSubscriber(ctx: RuleContext, who: Who & { createdAt?: number }, api: ApiClient = ctx.api): Promise<ApiResponse> {
  const { email, wallet } = who;
  ctx.created.subscriber({ email, wallet }, api.identity === 'b' ? 'b' : 'a');
  return api.post('/v1/subscribers', who);
}

export function removeSubscriber(ctx: RuleContext, who: Who, api: ApiClient = ctx.api): Promise<ApiResponse> {
  return api.delete('/v1/subscribers', who);
}

/** Every active subscriber, following the cursor (GET /v1/subscribers, extended). */
export async function listAll(ctx: RuleContext, api: ApiClient = ctx.api): Promise<Listed[]> {
  const items: Listed[] = [];
  const walk = new ListWalk('GET /v1/subscribers');
  for (let cursor: string | undefined; ; ) {
    const res = await api.get('/v1/subscribers', { query: { limit: 100, cursor } });
    const body = await setupStep('subscribers.list.page', async () => expectOk(res, SubscriberPage));
    items.push(...body.items);
    const ids = body.items.map((s) => s.email ?? s.walletAddress ?? JSON.stringify(s));
    if (!walk.next({ askedWith: cursor, ...body.pagination, ids })) return items;
    cursor = body.pagination.cursor;
  }
}

/** The listed subscribers holding any of these emails or wallets (compared case-insensitively). */
export function holding(items: Listed[], emails: string[], wallets: string[]): Listed[] {
  const e = new Set(emails.map((x) => x.toLowerCase()));
  const w = new Set(wallets.map((x) => x.toLowerCase()));
  return items.filter((s) => (s.email && e.has(s.email.toLowerCase())) || (s.walletAddress && w.has(s.walletAddress.toLowerCase())));
}

export function findByEmail(items: Listed[], email: string): Listed | undefined {
  return items.find((s) => s.email?.toLowerCase() === email.toLowerCase());
}

export function findByWallet(items: Listed[], wallet: string): Listed | undefined {
  return items.find((s) => s.walletAddress?.toLowerCase() === wallet.toLowerCase());
}

/** POST /v1/subscribers/import with the file in field `file` (to publication A, or to the publication of `api`). */
export function uploadCsv(
  ctx: RuleContext,
  csv: string | Buffer,
  options: { type?: string; filename?: string; field?: string } = {},
  api: ApiClient = ctx.api,
): Promise<ApiResponse> {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([csv], { type: options.type ?? 'text/csv' }), options.filename ?? 'subscribers.csv');
  return api.post('/v1/subscribers/import', undefined, { form });
}

/** Removal at the end of the file of what a CSV import may have added. */
export function registerImported(ctx: RuleContext, rows: Who[], api: ApiClient = ctx.api): void {
  for (const row of rows) ctx.created.subscriber(row.email ? { email: row.email } : { wallet: row.wallet }, api.identity === 'b' ? 'b' : 'a');
}

/** Fails unless each address was imported (true) or not (false). */
export async function expectImported(ctx: RuleContext, expected: Record<string, boolean>, why: string): Promise<void> {
  const items = await listAll(ctx);
  for (const [email, imported] of Object.entries(expected)) {
    if (Boolean(findByEmail(items, email)) !== imported) fail(`${email} was ${imported ? 'not ' : ''}imported: ${why}`);
  }
}
