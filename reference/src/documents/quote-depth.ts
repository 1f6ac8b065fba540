/**
 * marked lexes each level of `>` nesting by lexing everything inside it
 * again, so a line of n quote markers costs n passes over the rest of the
 * text, and enough of them hold the event loop until the stack runs out.
 * A line that opens more quote levels than a document may have is refused
 * before marked sees it. Lines inside a fenced code block at the top level
 * are literal text and do not count (a fence inside a quote or a list is not
 * followed: 100 `>` in a row there are refused too, a price for one pass).
 */

// Up to 3 spaces before the first marker; after each marker, its optional
// space plus up to 3 spaces of indentation before the next (more is code).
const QUOTE_MARKERS = /^ {0,3}>(?:[ \t]{0,4}>)*/;
// `s`: a line's only end is the one split at; U+2028 and U+2029 are text to marked.
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/s;

/** True when some line outside fenced code opens more than `limit` nested quotes. */
export function quoteDepthExceeds(source: string, limit: number): boolean {
  let fence: string | null = null;
  for (const line of source.split('\n')) {
    const fenceMatch = FENCE.exec(line);
    if (fence === null && fenceMatch && !(fenceMatch[1]![0] === '`' && fenceMatch[2]!.includes('`'))) {
      fence = fenceMatch[1]!;
      continue;
    }
    if (fence !== null) {
      // A closing fence: the same character, at least as long, nothing after it.
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && fenceMatch[2]!.trim() === '') fence = null;
      continue;
    }
    const markers = QUOTE_MARKERS.exec(line);
    if (markers && markers[0].split('>').length - 1 > limit) return true;
  }
  return false;
}
