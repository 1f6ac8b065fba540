/**
 * `excerpt`: the first non-empty line of the readable text, markdown
 * stripped, at most 280 characters (a longer line is cut and ends with "…").
 *
 * The readable text is what a reader meets first: the tweet or the thread's
 * entries, the LinkedIn text, the newsletter's body, the article's body.
 * Tweets and LinkedIn posts are plain text (an asterisk there is an
 * asterisk); newsletter and article bodies are markdown. When the body has
 * no readable line (an article that is only an image), the subject or the
 * headline stands in.
 */
import { characterCount, type ContentBodyOf, type ContentBodyT, type ContentKind } from '../../../schemas/content.js';
import { markdownLines } from './markdown-text.js';

export const EXCERPT_MAX = 280;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

function clip(line: string): string {
  if (characterCount(line) <= EXCERPT_MAX) return line;
  // Only the first clusters are needed: segment a prefix (segmenting grows with the square of the length).
  const kept: string[] = [];
  for (const { segment } of segmenter.segment(line.slice(0, EXCERPT_MAX * 16))) {
    if (kept.length === EXCERPT_MAX - 1) break;
    kept.push(segment);
  }
  return kept.join('').trimEnd() + '…';
}

function firstLine(lines: string[]): string | undefined {
  for (const line of lines) {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return undefined;
}

const plainLines = (text: string): string[] => text.split(/\r\n|\r|\n/);

// Bodies are replaced, never changed in place, so the excerpt can be kept per body object.
const cache = new WeakMap<object, string>();

export function excerptOf(kind: ContentKind, body: ContentBodyT): string {
  let excerpt = cache.get(body);
  if (excerpt === undefined) cache.set(body, (excerpt = computeExcerpt(kind, body)));
  return excerpt;
}

function computeExcerpt(kind: ContentKind, body: ContentBodyT): string {
  let line: string | undefined;
  switch (kind) {
    case 'tweet': {
      const b = body as ContentBodyOf['tweet'];
      line = firstLine((b.tweets ?? [b.text ?? '']).flatMap(plainLines));
      break;
    }
    case 'linkedin':
      line = firstLine(plainLines((body as ContentBodyOf['linkedin']).text));
      break;
    case 'newsletter': {
      const b = body as ContentBodyOf['newsletter'];
      line = firstLine(markdownLines(b.body)) ?? firstLine([b.subject]);
      break;
    }
    case 'x_article': {
      const b = body as ContentBodyOf['x_article'];
      line = firstLine(markdownLines(b.body)) ?? firstLine([b.title]);
      break;
    }
  }
  return clip(line ?? '');
}
