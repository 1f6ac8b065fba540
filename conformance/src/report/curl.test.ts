import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { redactSecrets, secretMarker } from '../shared/redact.js';
import type { Exchange } from '../shared/transcript-types.js';
import { renderCurl, renderTranscript, shellQuote } from './curl.js';

/** What a POSIX shell makes of a quoted word, with API_KEY set: proves the quoting round-trips. */
function shellValue(word: string): string {
  return execFileSync('/bin/sh', ['-c', `printf '%s' ${word}`], {
    env: { API_KEY: 'k-123', PATH: process.env.PATH },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const exchange = (overrides: Partial<Exchange> = {}): Exchange => ({
  method: 'POST',
  url: 'http://127.0.0.1:4010/v1/posts',
  requestHeaders: { accept: 'application/json', authorization: `Bearer ${secretMarker('API_KEY')}`, 'content-type': 'application/json' },
  requestBody: '{"title":"it\'s"}',
  status: 400,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: '{"success":false,"msg":"title must be at most 200 characters"}',
  durationMs: 3,
  ...overrides,
});

describe('shellQuote', () => {
  it.each([
    "plain",
    "it's",
    "'''",
    '$(rm -rf /) `reboot` $HOME \\ "quoted"',
    'line\nbreak',
    '',
    'ünïcødé ✓',
  ])('round-trips %j through the shell unchanged', (text) => {
    expect(shellValue(shellQuote(text))).toBe(text);
  });

  it('turns secret markers into "$NAME" expansions, never the key', () => {
    const text = redactSecrets('Bearer k-123', [{ value: 'k-123', name: 'API_KEY' }]);
    const quoted = shellQuote(text);
    expect(quoted).toBe(`'Bearer '"$API_KEY"`);
    expect(shellValue(quoted)).toBe('Bearer k-123');
  });
});

describe('renderCurl', () => {
  it('renders method, URL, headers and body as one copy-pasteable command, the response as comments', () => {
    const text = renderCurl(exchange());
    expect(text).toContain("curl -sS -i \\\n  -X POST \\\n  'http://127.0.0.1:4010/v1/posts'");
    expect(text).toContain(`-H 'authorization: Bearer '"$API_KEY"`);
    expect(text).toContain(`--data-raw '{"title":"it'\\''s"}'`);
    expect(text).toContain('# → 400 (3 ms)');
    expect(text).toContain('# {"success":false,"msg":"title must be at most 200 characters"}');
    expect(text).not.toContain('\u0001');
  });

  it('leaves out -X for a GET without body', () => {
    expect(renderCurl(exchange({ method: 'GET', requestBody: undefined }))).not.toContain('-X GET');
  });

  it('says when no response came', () => {
    expect(renderCurl(exchange({ status: undefined, responseBody: undefined, error: 'SocketError: other side closed' }))).toContain(
      '# → no response: SocketError: other side closed',
    );
  });

  it('writes multipart files with a heredoc and -F', () => {
    const text = renderCurl(
      exchange({
        requestBody: undefined,
        requestHeaders: { 'content-type': 'multipart/form-data; boundary=x' },
        requestParts: [{ name: 'file', filename: 'subs.csv', contentType: 'text/csv', content: 'email\na@example.com' }],
      }),
    );
    expect(text).toContain("cat > 'part-0-subs.csv' <<'CONFORMANCE_EOF'\nemail\na@example.com\nCONFORMANCE_EOF");
    expect(text).toContain("-F 'file=@part-0-subs.csv;type=text/csv'");
    expect(text).not.toContain('boundary=x');
  });

  it('notes exchanges left out of a long transcript', () => {
    expect(renderTranscript([exchange()], 4)).toMatch(/^# \(4 earlier request\(s\) not shown\)/);
  });
});
