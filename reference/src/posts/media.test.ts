import { describe, expect, it } from 'vitest';
import { escapeXml, placeholderSvg, wrapCaption } from './media.js';

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

  it('are deterministic per media id, and a caption cannot break out of the text element', () => {
    const svg = placeholderSvg('abc', '</text><script>alert(1)</script>');
    expect(placeholderSvg('abc', '</text><script>alert(1)</script>')).toBe(svg);
    expect(svg).not.toContain('<script>');
    expect(svg.match(/<text /g)).toHaveLength(1);
    expect(placeholderSvg('xyz', 'same')).not.toBe(placeholderSvg('abc', 'same'));
  });
});
