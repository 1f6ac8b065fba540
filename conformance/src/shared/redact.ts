/**
 * Secrets in recorded text are replaced by a marker naming them, so that the
 * reports can show `$API_KEY` and the curl renderer can turn it into a shell
 * variable without ever seeing the key.
 */
const MARK = '\u0001';

export interface Secret {
  value: string;
  /** Shell variable name, e.g. API_KEY. */
  name: string;
}

export function secretMarker(name: string): string {
  return `${MARK}${name}${MARK}`;
}

export function redactSecrets(text: string, secrets: readonly Secret[]): string {
  let out = text;
  // Longest first, so a key that contains another key is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.value.length - a.value.length)) {
    if (secret.value.length < 4) continue; // too short to be a key; replacing it would garble text
    out = out.split(secret.value).join(secretMarker(secret.name));
  }
  return out;
}

const MARKER_PATTERN = new RegExp(`${MARK}([A-Z0-9_]+)${MARK}`, 'g');

/** For display: markers become `$NAME`. */
export function showMarkers(text: string): string {
  return text.replace(MARKER_PATTERN, (_, name: string) => `$${name}`);
}

/** Splits text into literal runs and secret names, for the curl renderer. */
export function splitMarkers(text: string): Array<{ literal: string } | { variable: string }> {
  const parts: Array<{ literal: string } | { variable: string }> = [];
  let last = 0;
  for (const match of text.matchAll(MARKER_PATTERN)) {
    if (match.index! > last) parts.push({ literal: text.slice(last, match.index) });
    parts.push({ variable: match[1]! });
    last = match.index! + match[0].length;
  }
  if (last < text.length) parts.push({ literal: text.slice(last) });
  return parts;
}
