/**
 * A subscriber CSV, read as a stream with csv-parse: records are turned into
 * compact rows as they arrive, so the file's text is never held whole.
 * Handles a UTF-8 BOM, CRLF or LF, quoted fields (with commas, quotes and
 * line breaks inside), empty lines, and rows shorter or longer than the header.
 */
import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { badRequest } from '../../errors.js';
import { mapColumns, rowToSubscriber, type ColumnMap, type ImportRow } from './columns.js';

export interface ParsedCsv {
  rows: ImportRow[];
  /** Data rows read (the header and empty lines not counted). */
  dataRows: number;
  /** Data rows without a valid email or wallet. */
  skippedRows: number;
}

export const EXPECTED_COLUMNS =
  'email (or subscriberEmail) and/or wallet_address, optionally created_at (or subscription date, created, createdAt)';

export async function parseSubscriberCsv(input: Readable): Promise<ParsedCsv> {
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    // Hand-written files put spaces around quoted fields (`a@x.com, "Ann"`); trim lets them through.
    trim: true,
    // One field of a well-formed subscriber file is tiny; an unclosed quote
    // would otherwise swallow the rest of the file into one record.
    max_record_size: 64 * 1024,
  });
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);

  let columns: ColumnMap | null = null;
  const result: ParsedCsv = { rows: [], dataRows: 0, skippedRows: 0 };
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (record.every((field) => field.trim() === '')) continue; // a line of bare commas
      if (!columns) {
        columns = mapColumns(record);
        if (!columns) throw noColumns();
        continue;
      }
      result.dataRows++;
      const row = rowToSubscriber(record, columns);
      if (row) result.rows.push(row);
      else result.skippedRows++;
    }
  } catch (err) {
    input.unpipe(parser);
    if (err instanceof CsvError) throw badRequest(`the CSV file is not valid near line ${(err as CsvError & { lines?: number }).lines ?? '?'}: ${err.message}`);
    throw err;
  }
  if (!columns) throw noColumns();
  return result;
}

function noColumns() {
  return badRequest(`the CSV file has no recognised column in its first row: expected ${EXPECTED_COLUMNS}`);
}
