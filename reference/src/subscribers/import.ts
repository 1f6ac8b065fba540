/**
 * POST /v1/subscribers/import: the multipart upload, read as a stream into
 * compact rows, then applied with the same identity rules as
 * POST /v1/subscribers (conflicting rows are skipped rather than failing the
 * file). Nothing is applied unless the whole file reads cleanly, so a 4xx
 * answer means nothing changed. The rows are applied in slices of the event
 * loop's time (../slices.ts), so other requests keep their latency while a
 * large file is applied.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CSV_CONTENT_TYPES, SUBSCRIBER_LIMITS } from '../../../schemas/subscribers.js';
import { parseSubscriberCsv } from './csv/parse.js';
import { receiveFile, type FileInfo } from './multipart.js';
import type { State } from '../state.js';

export interface ImportSummary {
  dataRows: number;
  created: number;
  attached: number;
  unchanged: number;
  /** Rows without a valid email or wallet. */
  invalid: number;
  /** Rows whose email and wallet belong to two different subscribers. */
  conflicts: number;
}

export function refuseCsvType(info: FileInfo): string | null {
  if ((CSV_CONTENT_TYPES as readonly string[]).includes(info.mimeType)) return null;
  // curl -F and some browsers send application/octet-stream (or nothing) for a .csv file.
  if ((info.mimeType === 'application/octet-stream' || info.mimeType === '') && /\.csv$/i.test(info.filename)) return null;
  return `the file must be a CSV (text/csv), not ${info.mimeType || 'an undeclared type'}`;
}

export async function importSubscribers(
  req: IncomingMessage,
  res: ServerResponse,
  { subscribers, work }: Pick<State, 'subscribers' | 'work'>,
  publicationId: string,
  now: number,
): Promise<ImportSummary> {
  const parsed = await receiveFile(req, {
    field: 'file',
    res,
    maxBytes: SUBSCRIBER_LIMITS.importMaxBytes,
    refuseType: refuseCsvType,
    consume: (stream) => parseSubscriberCsv(stream),
  });
  const summary: ImportSummary = { dataRows: parsed.dataRows, created: 0, attached: 0, unchanged: 0, invalid: parsed.skippedRows, conflicts: 0 };
  await work.inSlices(parsed.rows, (row) => {
    // A date in the future (clock skew in the exporting system) becomes now.
    const createdAt = row.createdAt === null ? now : Math.min(row.createdAt, now);
    const { outcome } = subscribers.add(publicationId, { email: row.email, wallet: row.wallet, createdAt }, { source: 'import', strict: false });
    if (outcome === 'created') summary.created++;
    else if (outcome === 'attached') summary.attached++;
    else if (outcome === 'unchanged') summary.unchanged++;
    else summary.conflicts++;
  });
  return summary;
}
