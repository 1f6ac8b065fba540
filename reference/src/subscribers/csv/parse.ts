/**
 * A subscriber CSV, read as a stream with csv-parse: records are turned into
 * compact rows as they arrive, so the file's text is never held whole.
 * Handles a UTF-8 BOM, CRLF or LF, quoted fields (with commas, quotes and
 * line breaks inside), empty lines, and rows shorter or longer than the header.
 * A row of more than MAX_COLUMNS columns is refused before the parser builds
 * it: a line of commas is cheap to send and costly to parse, on the HTTP
 * thread.
 */
import { Transform, type Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { badRequest } from '../../errors.js';
import { nextTurn, SLICE_MS } from '../../slices.js';
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

/** Far more than a subscriber file has (a few columns; exports from other services a few dozen). */
export const MAX_COLUMNS = 1_000;

/** Passes the bytes on, counting separators outside quotes per row; fails at MAX_COLUMNS. */
function columnLimit(): Transform {
  let quoted = false;
  let columns = 1;
  let line = 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        // A doubled quote inside a quoted field toggles twice: still inside.
        if (byte === 0x22) quoted = !quoted;
        else if (quoted) continue;
        else if (byte === 0x2c && ++columns > MAX_COLUMNS) {
          return done(badRequest(`the CSV file's row at line ${line} has more than ${MAX_COLUMNS} columns; a subscriber file has a few`));
        } else if (byte === 0x0a) {
          columns = 1;
          line++;
        }
      }
      done(null, chunk);
    },
  });
}

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
  const limit = columnLimit();
  input.on('error', (err) => parser.destroy(err));
  limit.on('error', (err) => parser.destroy(err));
  input.pipe(limit).pipe(parser);

  let columns: ColumnMap | null = null;
  const result: ParsedCsv = { rows: [], dataRows: 0, skippedRows: 0 };
  let since = performance.now();
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      // Records already buffered come one after another without a turn of the event loop: make turns.
      if (performance.now() - since >= SLICE_MS) {
        await nextTurn();
        since = performance.now();
      }
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
    input.unpipe(limit);
    if (err instanceof CsvError) throw badRequest(`the CSV file is not valid near line ${(err as CsvError & { lines?: number }).lines ?? '?'}: ${err.message}`);
    throw err;
  }
  if (!columns) throw noColumns();
  return result;
}

function noColumns() {
  return badRequest(`the CSV file has no recognised column in its first row: expected ${EXPECTED_COLUMNS}`);
}
