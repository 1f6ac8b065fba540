/**
 * @tiptap/markdown pairs each inline HTML opening tag with its closing tag by
 * scanning the rest of the paragraph's tokens, so a paragraph of n opening
 * tags that are never closed (`<a><a><a>…`) costs n² scans: 100 KB of them
 * held the event loop for over a minute. Without a DOM (ours) the manager
 * turns an unclosed opening tag into literal text of its own markup, so
 * handing it those tags already as literal text gives the same document,
 * found in one backward pass instead.
 */

export interface InlineToken {
  type?: string;
  raw?: string;
  text?: string;
}

// The manager's own tests for an opening and a closing tag (MarkdownManager.parseInlineTokens).
const OPENING = /^<[\s]*([\w-]+)(\s|>|\/|$)/i;
const CLOSING = /^<\/[\s]*([\w-]+)/i;

/**
 * The tag names the manager's closing test (`^<\/\s*NAME\b`, case-insensitive)
 * accepts for a closing tag named `name`: the name itself and every part of it
 * that ends before a hyphen (`</a-b>` closes `<a>` too, by `\b`).
 */
function namesClosedBy(name: string): string[] {
  const lower = name.toLowerCase();
  const names = [lower];
  for (let i = lower.indexOf('-'); i > 0; i = lower.indexOf('-', i + 1)) names.push(lower.slice(0, i));
  return names;
}

/**
 * The same tokens, with every inline HTML opening tag that no later token of
 * the list closes turned into the literal text the manager would make of it.
 * Tags the manager might still pair (and names ending in a hyphen, where its
 * `\b` test differs) are left for it to decide.
 */
export function literalizeUnclosedHtml<T extends InlineToken>(tokens: T[]): T[] {
  const closedLater = new Set<string>();
  let out: T[] | undefined;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (token.type !== 'html') continue;
    const raw = String(token.raw ?? token.text ?? '');
    const closing = CLOSING.exec(raw);
    if (closing) {
      for (const name of namesClosedBy(closing[1]!)) closedLater.add(name);
      continue;
    }
    const opening = OPENING.exec(raw);
    if (!opening || /\/>$/.test(raw)) continue;
    const name = opening[1]!.toLowerCase();
    if (name.endsWith('-') || closedLater.has(name)) continue;
    const text = (token.text || token.raw || '').replace(/\s+$/, '');
    if (!text) continue;
    out ??= tokens.slice();
    // An "escape" token becomes a text node of exactly its text (no entity decoding), as the manager's literal HTML does.
    out[i] = { ...token, type: 'escape', text };
  }
  return out ?? tokens;
}
