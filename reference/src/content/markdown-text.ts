/**
 * What a reader sees of a markdown text, and where its links point, read with
 * `marked` in CommonMark mode (no GFM: a bare URL is not a link).
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { badRequest } from '../errors.js';
import { defineWorkerTask } from '../worker-pool/pool.js';

function lex(markdown: string): Token[] {
  try {
    return Lexer.lex(markdown, { gfm: false });
  } catch (error) {
    // marked recurses once per level of quote or list nesting ("> - > - …"): text nested
    // deeper than the stack allows is the client's to fix, not an internal error.
    if (error instanceof RangeError) throw badRequest('the text is nested too deeply to read (too many levels of quotes or lists)');
    throw error;
  }
}

/**
 * Named references, the few a text is likely to hold: marked decodes the
 * numeric ones (`&#39;`) in text itself, and a reference of code stays as
 * written (CommonMark decodes nothing in code).
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeNamed(text: string): string {
  return text.replace(/&([a-z0-9]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole);
}

function inlineText(tokens: Token[] | undefined): string {
  if (!tokens) return '';
  return tokens
    .map((t) => {
      switch (t.type) {
        case 'br':
          return '\n';
        case 'html':
          return '';
        case 'codespan':
          return (t as Tokens.Codespan).text;
        default:
          // Text, an escaped character (each decoded alone: `\&amp;` stays as written), or what holds text (emphasis, a link, an image's alt text).
          return 'tokens' in t && t.tokens ? inlineText(t.tokens) : 'text' in t ? decodeNamed(String(t.text)) : '';
      }
    })
    .join('');
}

/** One line (or several) of readable text per block, in reading order. */
function blockLines(tokens: Token[], out: string[]): void {
  for (const t of tokens) {
    switch (t.type) {
      case 'heading':
      case 'paragraph':
        out.push(...inlineText(t.tokens).split('\n'));
        break;
      case 'text':
        out.push(...(t.tokens ? inlineText(t.tokens) : String(t.text)).split('\n'));
        break;
      case 'code':
        out.push(...(t as Tokens.Code).text.split('\n'));
        break;
      case 'blockquote':
        blockLines((t as Tokens.Blockquote).tokens, out);
        break;
      case 'list':
        for (const item of (t as Tokens.List).items) blockLines(item.tokens, out);
        break;
      default:
        // space, hr, html, def: nothing a reader reads (CommonMark has no tables: with gfm off marked makes none)
        break;
    }
  }
}

/** The readable lines of a markdown text, markup stripped, references decoded outside code. */
export function markdownLines(markdown: string): string[] {
  return linesOf(lex(markdown));
}

function linesOf(tokens: Token[]): string[] {
  const lines: string[] = [];
  blockLines(tokens, lines);
  return lines;
}

/** The first line with anything on it, its runs of white space made one space. */
export function firstLine(lines: string[]): string | undefined {
  for (const line of lines) {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return undefined;
}

/** What requests need of a content piece's markdown body, read in one pass (in a worker: readMarkdownInWorker). */
export interface MarkdownReading {
  /** firstLine of its readable lines (null: none). */
  firstLine: string | null;
  /** markdownLinkTargets. */
  links: string[];
}

export function readMarkdown(markdown: string): MarkdownReading {
  const tokens = lex(markdown);
  return { firstLine: firstLine(linesOf(tokens)) ?? null, links: linkTargetsOf(tokens) };
}

const readTask = defineWorkerTask<string, MarkdownReading>({
  module: import.meta.url,
  name: 'readMarkdown',
  label: 'the markdown body',
  warmUp: '# Ready\n\nA *first* body with a [link](https://example.com).',
});

/** readMarkdown of a request's body (or a restored one), in a worker within the CPU budget (worker-pool/pool.ts). */
export function readMarkdownInWorker(markdown: string): Promise<MarkdownReading> {
  return readTask.run(markdown);
}

/** Every link target of a markdown text: inline links, reference links and autolinks (not images). */
export function markdownLinkTargets(markdown: string): string[] {
  return linkTargetsOf(lex(markdown));
}

function linkTargetsOf(tokens: Token[]): string[] {
  const targets: string[] = [];
  const walk = (tokens: Token[] | undefined) => {
    for (const t of tokens ?? []) {
      if (t.type === 'link') targets.push((t as Tokens.Link).href);
      if (t.type === 'list') for (const item of (t as Tokens.List).items) walk(item.tokens);
      else if ('tokens' in t && t.type !== 'image') walk(t.tokens);
    }
  };
  walk(tokens);
  return targets;
}
