/** CSV import of subscribers. */
import { defineRules } from './types.js';

export const csvImportRules = defineRules([
  {
    section: 'Endpoints › Subscribers',
    rules: [
      ['subscribers.import.max-10mb', 'A CSV import file is at most 10MB.'],
      ['subscribers.import.text-csv', 'A CSV import file has content type text/csv.'],
      ['subscribers.import.columns', 'Columns are recognised case-insensitively: email or subscriberEmail, and wallet_address.'],
      ['subscribers.import.created-columns', 'An optional created date is read from created_at, subscription date, created or createdAt; a missing or unreadable one is now.'],
      ['subscribers.import.invalid-rows-skipped', 'A row without a valid email or wallet address is skipped.'],
      ['subscribers.import.no-duplicate', 'Imported rows of existing subscribers do not duplicate them.'],
    ],
  },
  {
    section: 'Endpoints › Subscribers',
    source: 'SILENT.md public',
    rules: [
      ['subscribers.import.path', 'CSV import is POST /v1/subscribers/import, multipart/form-data, with the file in field file.'],
      ['subscribers.import.response', 'CSV import answers 200 {success: true} meaning the import has started; it reports no counts.'],
    ],
  },
  {
    section: 'Endpoints › Subscribers',
    source: 'SILENT.md ours',
    rules: [
      ['subscribers.import.oversize-413', 'An upload over 10 MB is refused with 413 (decided while reading, not after).'],
      [
        'subscribers.import.oversize-linger',
        'After refusing an upload the server ends the connection once its answer is out, discards what still arrives, and closes it when the client does or 2 s after the answer.',
      ],
      [
        'subscribers.import.file-types',
        'A file declared text/csv, application/csv, text/x-csv, application/vnd.ms-excel or text/plain is read, and one declared application/octet-stream when its name ends in .csv; any other file is refused with 415, importing nothing.',
      ],
      ['subscribers.import.multipart-415', 'A request that is not multipart/form-data (the type compared without case or spaces) is refused with 415, importing nothing.'],
      ['subscribers.import.other-parts', 'Parts other than the first file in field file (fields, files in other fields, a second file) are read past and ignored.'],
      ['subscribers.import.no-columns-400', 'A file whose first non-blank row has no recognised column, or an empty file, is refused with 400, importing nothing.'],
      [
        'subscribers.import.csv-syntax',
        'A UTF-8 BOM, CRLF line ends, quoted fields (with commas, quotes and line breaks), empty lines and lines of blank fields, spaces around fields, and rows shorter or longer than the header are read as CSV.',
      ],
      [
        'subscribers.import.malformed-400',
        'A file that is not valid CSV (an unclosed quote, a record over 64 KiB, a row of more than 1,000 columns; refused naming the line), or a multipart body that cannot be read (no boundary, cut short), is refused with 400, importing nothing.',
      ],
      [
        'subscribers.import.date-formats',
        'Created dates are read as ISO 8601, YYYY-MM-DD (or YYYY/MM/DD) with an optional time and zone (Z, UTC, GMT, ±HH[:]MM), MM/DD/YYYY with an optional time and AM/PM, Unix seconds (up to 11 digits) or Unix milliseconds (UTC when no zone is given); an impossible date (Feb 30) is no date.',
      ],
      [
        'subscribers.import.summary-header',
        'The import answers X-Import-Summary: rows=…; created=…; attached=…; unchanged=…; invalid=…; conflicts=… counting the data rows and what each did.',
      ],
    ],
  },
]);
