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
import { firstLine, markdownLines, readMarkdownInWorker } from './markdown-text.js';

export const EXCERPT_MAX = 280;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

function clip(line: string): string {
  if (characterCount(line) <= EXCERPT_MAX) return line;
  // Only the first clusters are needed: segment a prefix (segmenting grows with the square of the length),
  // a longer one when its clusters are long (a letter with many accents): EXCERPT_MAX clusters of a prefix
  // end where the line's do, except perhaps the last, cut by the prefix; it is not kept.
  for (let prefix = EXCERPT_MAX * 16; ; prefix *= 4) {
    const clusters = firstClusters(line.slice(0, prefix), EXCERPT_MAX);
    if (clusters.length === EXCERPT_MAX || prefix >= line.length) return clusters.slice(0, EXCERPT_MAX - 1).join('').trimEnd() + '…';
  }
}

function firstClusters(text: string, count: number): string[] {
  const clusters: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    clusters.push(segment);
    if (clusters.length === count) break;
  }
  return clusters;
}

const plainLines = (text: string): string[] => text.split(/\r\n|\r|\n/);

/** First readable lines of markdown bodies read in a conversion worker when they were sent (null: none). */
const readFirstLines = new WeakMap<object, string | null>();

/** What a worker read of `body`'s markdown: its excerpt then needs no markdown read on this thread. */
export function noteFirstLine(body: ContentBodyOf['newsletter'] | ContentBodyOf['x_article'], line: string | null): void {
  readFirstLines.set(body, line);
}

/**
 * Read the markdown of restored pieces (a state file, a named snapshot) in the
 * conversion workers, as a sent body is read, so that no excerpt of theirs is
 * read on the HTTP thread: a body marked is slow on, accepted when it was sent,
 * would otherwise hold every request for as long once after a restore.
 * Resolves when all are read; a body the workers could not read (the pool
 * shutting down) is read here on first use, as before.
 */
export function readInWorkers(pieces: readonly { kind: ContentKind; body: ContentBodyT }[]): Promise<void> {
  const readings: Promise<void>[] = [];
  for (const { kind, body } of pieces) {
    if (kind !== 'newsletter' && kind !== 'x_article') continue;
    const markdownBody = body as ContentBodyOf['newsletter'] | ContentBodyOf['x_article'];
    if (readFirstLines.has(markdownBody)) continue;
    readings.push(
      readMarkdownInWorker(markdownBody.body).then(
        (reading) => noteFirstLine(markdownBody, reading.firstLine),
        () => undefined,
      ),
    );
  }
  return Promise.all(readings).then(() => undefined);
}

function firstMarkdownLine(body: ContentBodyOf['newsletter'] | ContentBodyOf['x_article']): string | undefined {
  const known = readFirstLines.get(body);
  if (known !== undefined) return known ?? undefined;
  return firstLine(markdownLines(body.body));
}

export function excerptOf(kind: ContentKind, body: ContentBodyT): string {
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
      line = firstMarkdownLine(b) ?? firstLine([b.subject]);
      break;
    }
    case 'x_article': {
      const b = body as ContentBodyOf['x_article'];
      line = firstMarkdownLine(b) ?? firstLine([b.title]);
      break;
    }
  }
  return clip(line ?? '');
}
