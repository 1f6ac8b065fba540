/**
 * The upload of a CSV import (the reference's choices in
 * docs/spec-gaps-subscribers-emails.md): the size limit at its exact edge
 * and while reading, the request's own type, multipart bodies that cannot be
 * read, and parts other than the file. Bodies are written by hand where an
 * HTTP client's FormData cannot make them.
 */
import { expectError, expectStatus, rule, type RuleContext } from '../../src/authoring/index.js';
import { expectImported, registerImported, uploadCsv } from './subscribers.js';

const TEN_MIB = 10 * 1024 * 1024;
const BOUNDARY = 'import-upload-boundary';

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: string;
}

/** A multipart/form-data body of these parts; `cut` leaves out the closing boundary. */
function multipart(parts: Part[], cut = false): string {
  const lines = parts.flatMap((p) => [
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`,
    ...(p.type === undefined ? [] : [`Content-Type: ${p.type}`]),
    '',
    p.content,
  ]);
  return [...lines, ...(cut ? [] : [`--${BOUNDARY}--`, ''])].join('\r\n');
}

function postRaw(ctx: RuleContext, body: string, contentType: string) {
  return ctx.api.post('/v1/subscribers/import', undefined, { body, contentType });
}

/** A CSV file of exactly `bytes` bytes importing `email` alone: empty lines fill the rest. */
function csvOfSize(email: string, bytes: number): string {
  const head = `email\n${email}\n`;
  return head + '\n'.repeat(bytes - Buffer.byteLength(head));
}

/** The file part after a field that pads the whole body to `total` bytes. */
function paddedTo(total: number, file: string): string {
  const body = (padding: string) =>
    multipart([
      { name: 'padding', content: padding },
      { name: 'file', filename: 'list.csv', type: 'text/csv', content: file },
    ]);
  return body('p'.repeat(total - Buffer.byteLength(body(''))));
}

rule(
  ['subscribers.import.max-10mb', 'subscribers.import.oversize-413'],
  'a file of exactly 10 MiB in a body of 10 MiB and 64 KiB is read; a file one byte larger is refused with 413 while reading, importing nothing',
  async (ctx) => {
    const [fits, over] = ['fits-10mib', 'over-10mib'].map((l) => ctx.names.email(l));
    registerImported(ctx, [{ email: fits }, { email: over }]);
    // The multipart envelope may add 64 KiB to the file: here it adds exactly that.
    expectStatus(await postRaw(ctx, paddedTo(TEN_MIB + 64 * 1024, csvOfSize(fits, TEN_MIB)), `multipart/form-data; boundary=${BOUNDARY}`), 200);
    // One byte over: the declared length is within the envelope's allowance, so the file part's own count refuses it.
    expectError(await uploadCsv(ctx, csvOfSize(over, TEN_MIB + 1)), 413);
    await expectImported(ctx, { [fits]: true, [over]: false }, 'only the file of 10 MiB fits');
  },
  // Two files of 10 MiB read on a loaded machine (mutation runs) can take longer than the default limit.
  { profile: ['robustness', 'extended'], timeout: 180_000 },
);

rule(['subscribers.import.multipart-415'], 'a request that is not multipart/form-data is refused with 415; the type is read without case or spaces', async (ctx) => {
  const email = ctx.names.email('not-multipart');
  const accepted = ctx.names.email('multipart-case');
  registerImported(ctx, [{ email }, { email: accepted }]);
  expectError(await postRaw(ctx, `email\n${email}\n`, 'text/csv'), 415);
  expectError(await ctx.api.post('/v1/subscribers/import', { file: `email\n${email}\n` }), 415);
  const file = multipart([{ name: 'file', filename: 'list.csv', type: 'text/csv', content: `email\n${accepted}` }]);
  expectStatus(await postRaw(ctx, file, `Multipart/Form-Data ; boundary=${BOUNDARY}`), 200);
  await expectImported(ctx, { [email]: false, [accepted]: true }, 'only the multipart request is read');
}, { profile: 'extended' });

rule(['subscribers.import.malformed-400'], 'a multipart body without a boundary, or cut short, is refused with 400, importing nothing', async (ctx) => {
  const email = ctx.names.email('cut-multipart');
  registerImported(ctx, [{ email }]);
  const file = multipart([{ name: 'file', filename: 'list.csv', type: 'text/csv', content: `email\n${email}` }]);
  expectError(await postRaw(ctx, file, 'multipart/form-data'), 400);
  expectError(await postRaw(ctx, multipart([{ name: 'file', filename: 'list.csv', type: 'text/csv', content: `email\n${email}` }], true), `multipart/form-data; boundary=${BOUNDARY}`), 400);
  await expectImported(ctx, { [email]: false }, 'the body could not be read');
}, { profile: 'extended' });

rule(['subscribers.import.other-parts'], 'parts before the file, files in other fields and a second file are read past and ignored', async (ctx) => {
  const [first, second, other] = ['first-file', 'second-file', 'other-field'].map((l) => ctx.names.email(l));
  registerImported(ctx, [{ email: first }, { email: second }, { email: other }]);
  const body = multipart([
    { name: 'note', content: 'a field before the file' },
    { name: 'attachment', filename: 'other.csv', type: 'text/csv', content: `email\n${other}` },
    { name: 'file', filename: 'first.csv', type: 'text/csv', content: `email\n${first}` },
    { name: 'file', filename: 'second.csv', type: 'text/csv', content: `email\n${second}` },
  ]);
  expectStatus(await postRaw(ctx, body, `multipart/form-data; boundary=${BOUNDARY}`), 200);
  await expectImported(ctx, { [first]: true, [second]: false, [other]: false }, 'only the first file of field file is read');
}, { profile: 'extended' });
