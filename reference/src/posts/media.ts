/**
 * The placeholder the reference serves for a cover image. SPEC.md says a
 * cover URL is "fetched and re-hosted, placeholder generated"; the reference
 * fetches nothing (a local mock must not reach out to the network) and draws
 * a deterministic SVG instead: a colour from the media id and the cover's alt
 * text (or the post title) as the caption.
 */
import { createHash } from 'node:crypto';

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;
const LINE_CHARS = 42;
const MAX_LINES = 5;

/** Text and attribute values: the five XML specials, and characters XML 1.0 cannot carry at all. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Greedy word wrap; over-long words are cut, and the last line ends in an ellipsis when text is left. */
export function wrapCaption(text: string, width = LINE_CHARS, maxLines = MAX_LINES): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

export function placeholderSvg(mediaId: string, caption: string): string {
  const hash = createHash('sha256').update(mediaId).digest();
  const hue = ((hash[0] << 8) | hash[1]) % 360;
  const lines = wrapCaption(caption || 'Cover image');
  const lineHeight = 56;
  const firstY = COVER_HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map((l, i) => `<tspan x="${COVER_WIDTH / 2}" y="${firstY + i * lineHeight}">${escapeXml(l)}</tspan>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img" aria-label="${escapeXml(caption)}">`,
    `<rect width="100%" height="100%" fill="hsl(${hue} 45% 35%)"/>`,
    `<text fill="#ffffff" font-family="system-ui, sans-serif" font-size="44" text-anchor="middle" dominant-baseline="middle">${text}</text>`,
    '</svg>',
  ].join('');
}
