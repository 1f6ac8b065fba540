/**
 * marked's inline link rule reads a destination as far as the next space and
 * then backs off to its closing parenthesis, so every link packed into one
 * run of text without spaces (`![a](x)![a](x)…`) costs a pass over the rest
 * of that run: n links, n² work. The work is bounded before marked sees the
 * text: links times run length, summed over the runs, may not pass a budget
 * no written text comes near (2,000 links in one 30 KB run are 6·10^7, an
 * eighth of it).
 */
export const PACKED_LINK_BUDGET = 500_000_000;

// What ends a link destination for marked: a space, a tab, a line break, a control character.
const DESTINATION_END = /[ \t\n\x00-\x1f]+/;

/** Link openings (`](`) times the length of the run they are in, over every long run of the text. */
export function packedLinkWork(source: string): number {
  let work = 0;
  for (const run of source.split(DESTINATION_END)) {
    // A short run cannot cost much, however many links it holds.
    if (run.length < 1_000) continue;
    let links = 0;
    for (let i = run.indexOf(']('); i !== -1; i = run.indexOf('](', i + 2)) links++;
    work += links * run.length;
  }
  return work;
}
