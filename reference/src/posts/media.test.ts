import { describe, expect, it } from 'vitest';
import { COVER_HEIGHT, COVER_WIDTH, escapeXml, placeholderSvg, wrapCaption } from './media.js';

describe('cover placeholders', () => {
  it('escape the XML specials and drop characters XML cannot carry', () => {
    expect(escapeXml(`a<b>&"c"'d'\u0000\u0007\uFFFE e`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos; e');
    expect(escapeXml('emoji 🐟 stays')).toBe('emoji 🐟 stays');
  });

  it('wrap the caption, cut over-long words and end with an ellipsis when text is left', () => {
    expect(wrapCaption('one two three', 7)).toEqual(['one two', 'three']);
    expect(wrapCaption('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    const lines = wrapCaption('word '.repeat(200), 20, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2].endsWith('…')).toBe(true);
  });

  it('wrap on any white space, never past the width, and mark a cut only when text is left', () => {
    expect(wrapCaption('  one\t\ntwo   three ', 20)).toEqual(['one two three']);
    expect(wrapCaption('a b c', 1, 3)).toEqual(['a', 'b', 'c']);
    expect(wrapCaption('ab abcdefgh', 4)).toEqual(['ab', 'abcd', 'efgh']);
    expect(wrapCaption(' \n\t ', 4)).toEqual([]);
    const cut = wrapCaption('abcdefghijklmnopqrstuvwxyz', 4, 2);
    expect(cut).toEqual(['abcd', 'efg…']);
    for (const line of cut) expect(line.length).toBeLessThanOrEqual(4);
  });

  it('are deterministic per media id, and a caption cannot break out of the text element', () => {
    const svg = placeholderSvg('abc', '</text><script>alert(1)</script>');
    expect(placeholderSvg('abc', '</text><script>alert(1)</script>')).toBe(svg);
    expect(svg).not.toContain('<script>');
    expect(svg.match(/<text /g)).toHaveLength(1);
    expect(placeholderSvg('xyz', 'same')).not.toBe(placeholderSvg('abc', 'same'));
  });

  it('draw a cover-sized picture: a colour from the media id, the caption centred line by line', () => {
    const svg = placeholderSvg('abc', 'one two three four five six seven eight nine ten eleven twelve');
    expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img" aria-label="one two`)).toBe(true);
    expect(svg.endsWith('</text></svg>')).toBe(true);
    expect(svg).toMatch(/<rect width="100%" height="100%" fill="hsl\(\d+ 45% 35%\)"\/>/);
    expect(svg).toContain('<text fill="#ffffff" font-family="system-ui, sans-serif" font-size="44" text-anchor="middle" dominant-baseline="middle"><tspan ');
    // Two lines of at most 42 characters, 56 apart, centred on the middle of the picture.
    const spans = [...svg.matchAll(/<tspan x="(\d+)" y="([\d.]+)">([^<]*)<\/tspan>/g)];
    expect(spans.map((m) => m[3])).toEqual(['one two three four five six seven eight', 'nine ten eleven twelve']);
    expect(svg).toMatch(/<\/tspan><tspan /);
    expect(spans.map((m) => Number(m[1]))).toEqual([COVER_WIDTH / 2, COVER_WIDTH / 2]);
    expect(spans.map((m) => Number(m[2]))).toEqual([COVER_HEIGHT / 2 - 28, COVER_HEIGHT / 2 + 28]);
    expect(placeholderSvg('abc', '')).toContain('>Cover image</tspan>');
  });

  it('take their colour from the whole of the first two bytes of the id\'s hash: hues spread over the circle', () => {
    const hues = Array.from({ length: 300 }, (_, i) => Number(/fill="hsl\((\d+) /.exec(placeholderSvg(`media${i}`, 'x'))![1]));
    for (const hue of hues) expect(hue).toBeLessThan(360);
    expect(Math.max(...hues)).toBeGreaterThan(300);
    expect(new Set(hues).size).toBeGreaterThan(200);
  });
});

