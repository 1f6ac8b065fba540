/**
 * What malformed requests must leave alone, read through the API: A's posts
 * in every status, its settings, its subscriber count, its content pieces
 * and its groups. Objects titled with the run id are the suite's own (and
 * may legitimately come and go), so they are left out; so are view counts,
 * which reading a post may move.
 */
import { ListWalk, SuiteError, type ApiClient } from '../../src/authoring/index.js';

export type Snapshot = Record<string, string>;

const POST_STATUSES = ['published', 'draft', 'scheduled', 'archived'] as const;

/** Every item of a paginated list, page by page, as canonical JSON keyed by id. */
async function readList(api: ApiClient, path: string, query: Record<string, string | number>, runId: string, into: Snapshot, prefix: string): Promise<void> {
  const walk = new ListWalk(`GET ${path}`);
  for (let cursor: string | undefined; ; ) {
    const res = await api.get(path, { query: { ...query, cursor } });
    if (res.status !== 200) throw new SuiteError(`reading ${path} for the state snapshot answered ${res.status}: ${res.text.slice(0, 200)}`);
    const body = res.body as { items?: Array<Record<string, unknown>>; pagination?: { cursor?: string; hasMore?: boolean } };
    for (const item of body.items ?? []) {
      if (typeof item.title === 'string' && item.title.includes(runId)) continue;
      const { views: _views, ...rest } = item;
      into[`${prefix} ${String(item.id)}`] = JSON.stringify(rest);
    }
    const ids = (body.items ?? []).map((item) => String(item.id));
    if (!walk.next({ askedWith: cursor, hasMore: body.pagination?.hasMore === true, cursor: body.pagination?.cursor, ids })) return;
    cursor = body.pagination?.cursor;
  }
}

export async function takeSnapshot(api: ApiClient, publicationId: string, runId: string): Promise<Snapshot> {
  const snapshot: Snapshot = {};
  const id = encodeURIComponent(publicationId);
  const publication = await api.get(`/v1/publications/${id}`);
  if (publication.status !== 200) throw new SuiteError(`reading publication A for the state snapshot answered ${publication.status}`);
  snapshot.publication = JSON.stringify(publication.body);
  // The count is an extended endpoint: a target without it still gets the rest of the snapshot.
  const count = await api.get(`/v1/publications/${id}/subscribers/count`);
  if (count.status === 200) snapshot['subscriber count'] = JSON.stringify(count.body);
  for (const status of POST_STATUSES) await readList(api, '/v1/posts', { status, limit: 100 }, runId, snapshot, `post (${status})`);
  for (const status of ['all', 'archived']) await readList(api, '/v1/content', { status, limit: 50 }, runId, snapshot, `content (${status})`);
  await readList(api, '/v1/buckets', { limit: 50 }, runId, snapshot, 'group');
  return snapshot;
}

/** What changed, one line each ("post (draft) abc: changed"), at most `max` lines. */
export function diffSnapshots(before: Snapshot, after: Snapshot, max = 10): string[] {
  const lines: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] === after[key]) continue;
    if (before[key] === undefined) lines.push(`${key}: appeared: ${after[key]!.slice(0, 300)}`);
    else if (after[key] === undefined) lines.push(`${key}: disappeared (was ${before[key]!.slice(0, 200)})`);
    else lines.push(`${key}: changed from ${before[key]!.slice(0, 300)} to ${after[key]!.slice(0, 300)}`);
  }
  return lines.length > max ? [...lines.slice(0, max), `... and ${lines.length - max} more`] : lines;
}
