/**
 * A transcript exchange as a copy-pasteable shell command. Keys appear as
 * "$API_KEY" / "$SECOND_API_KEY" (set them before pasting); every other byte
 * is single-quoted, so nothing from the target is ever interpreted by the shell.
 */
import { showMarkers, splitMarkers } from '../shared/redact.js';
import type { Exchange } from '../shared/transcript-types.js';

/** Quotes text for a POSIX shell; redaction markers become "$NAME" expansions. */
export function shellQuote(text: string): string {
  const parts = splitMarkers(text);
  if (parts.length === 0) return "''";
  return parts.map((part) => ('variable' in part ? `"$${part.variable}"` : `'${part.literal.replace(/'/g, `'\\''`)}'`)).join('');
}

const HEREDOC = 'CONFORMANCE_EOF';

export function renderCurl(exchange: Exchange): string {
  const lines: string[] = [];
  const args: string[] = ['curl -sS -i'];
  if (exchange.method !== 'GET' || exchange.requestBody !== undefined) args.push(`-X ${exchange.method}`);
  args.push(shellQuote(exchange.url));
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (exchange.requestParts && name === 'content-type') continue; // curl -F sets the multipart boundary itself
    args.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (exchange.requestParts) {
    exchange.requestParts.forEach((part, index) => {
      if (part.filename !== undefined || part.content !== undefined) {
        const file = `part-${index}-${safeFileName(part.filename ?? 'upload')}`;
        lines.push(`cat > ${shellQuote(file)} <<'${HEREDOC}'`, showMarkers(part.content ?? ''), HEREDOC);
        args.push(`-F ${shellQuote(`${part.name}=@${file}${part.contentType ? `;type=${part.contentType}` : ''}`)}`);
      } else args.push(`-F ${shellQuote(`${part.name}=${part.value ?? ''}`)}`);
    });
  } else if (exchange.requestBody !== undefined) {
    args.push(`--data-raw ${shellQuote(exchange.requestBody)}`);
  }
  lines.push(args.join(' \\\n  '));
  lines.push(...responseComment(exchange));
  return lines.join('\n');
}

export function renderTranscript(exchanges: readonly Exchange[], dropped = 0): string {
  const header = dropped > 0 ? [`# (${dropped} earlier request(s) not shown)`] : [];
  return [...header, ...exchanges.map(renderCurl)].join('\n\n');
}

function responseComment(exchange: Exchange): string[] {
  if (exchange.error !== undefined) return [`# → no response: ${oneLine(exchange.error)} (${exchange.durationMs} ms)`];
  const lines = [`# → ${exchange.status} (${exchange.durationMs} ms)`];
  const contentType = exchange.responseHeaders?.['content-type'];
  if (contentType) lines.push(`# content-type: ${oneLine(contentType)}`);
  if (exchange.responseBody) lines.push(...showMarkers(exchange.responseBody).split('\n').map((line) => `# ${line}`));
  return lines;
}

function oneLine(text: string): string {
  return showMarkers(text).replace(/\s+/g, ' ');
}

function safeFileName(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 60) || 'upload';
}
