/**
 * Parser for PostgreSQL's array text format ("{1,2,NULL}", '{"a b","c\\"d"}',
 * "{{1,2},{3,4}}", "[0:1]={1,2}"), giving nested arrays of element texts
 * (null for NULL). Element values are converted afterwards by their type.
 */
export type ArrayText = (string | null | ArrayText)[];

export function parsePgArray(text: string, delimiter = ','): ArrayText {
  let i = 0;
  // A non-default lower bound is written as a dimension decoration; the
  // bounds carry no meaning in JSON, so skip them.
  if (text[0] === '[') {
    const eq = text.indexOf('=');
    if (eq < 0) throw new Error(`malformed array literal: ${text}`);
    i = eq + 1;
  }

  function parseLevel(): ArrayText {
    if (text[i] !== '{') throw new Error(`malformed array literal: ${text}`);
    i++;
    const out: ArrayText = [];
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      out.push(parseElement());
      const c = text[i++];
      if (c === '}') return out;
      if (c !== delimiter) throw new Error(`malformed array literal: ${text}`);
    }
  }

  function parseElement(): string | null | ArrayText {
    if (text[i] === '{') return parseLevel();
    if (text[i] === '"') {
      i++;
      let value = '';
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') i++;
        value += text[i++];
      }
      i++; // closing quote
      return value;
    }
    const start = i;
    while (i < text.length && text[i] !== delimiter && text[i] !== '}') i++;
    const raw = text.slice(start, i);
    return raw === 'NULL' ? null : raw;
  }

  return parseLevel();
}
