/**
 * Test helper: an independent reading of generated HTML that lists anything
 * that could run script. It does not trust the renderer's escaping: every `<`
 * must open a known tag or close one, and every attribute is inspected.
 */
const TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 's', 'code', 'pre', 'a', 'img', 'blockquote', 'ul', 'ol', 'li', 'hr', 'br']);
const URL_ATTRIBUTES = new Set(['href', 'src']);

export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const tag = /<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*>/y;
  for (let i = html.indexOf('<'); i !== -1; i = html.indexOf('<', i + 1)) {
    tag.lastIndex = i;
    const match = tag.exec(html);
    if (!match) {
      problems.push(`unparsed "<" at ${i}: ${html.slice(i, i + 40)}`);
      continue;
    }
    const [, , name, attributes] = match;
    if (!TAGS.has(name)) problems.push(`tag <${name}>`);
    for (const [, attr, raw] of attributes.matchAll(/([a-z-]+)="([^"]*)"/g)) {
      if (attr.startsWith('on') || attr === 'style') problems.push(`attribute ${attr}`);
      const value = raw.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      if (URL_ATTRIBUTES.has(attr) && /^[\s\u0000-\u001f]*(?:j\s*a\s*v\s*a|v\s*b|d\s*a\s*t\s*a)[^:]*:/i.test(value)) {
        problems.push(`${attr}="${value}"`);
      }
    }
  }
  return problems;
}
