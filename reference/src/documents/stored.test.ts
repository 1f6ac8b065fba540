/**
 * The two forms of a stored document (stored.ts): a tree and the JSON text a
 * worker sends are the same document exactly when their texts are, and the
 * state file gets a tree from either.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToDoc, markdownToDocJson } from './markdown.js';
import { DocumentText, documentJson, documentTree, sameDocument } from './stored.js';

const bodies = fc.array(fc.constantFrom('# Head', 'Some *words*', '- a\n- b', '> quote', '[l](https://example.com)', '`code`', 'Plain.'), { maxLength: 5 }).map((parts) => parts.join('\n\n'));

describe('stored documents', () => {
  it('a tree and the text of the same markdown are the same document; different markdown is not', () => {
    fc.assert(
      fc.property(bodies, bodies, (a, b) => {
        const tree = markdownToDoc(a);
        const text = new DocumentText(markdownToDocJson(a));
        expect(sameDocument(tree, text)).toBe(true);
        expect(sameDocument(text, tree)).toBe(true);
        expect(documentTree(text)).toEqual(tree);
        expect(documentJson(tree)).toBe(text.json);
        const other = new DocumentText(markdownToDocJson(b));
        expect(sameDocument(text, other)).toBe(JSON.stringify(markdownToDoc(b)) === text.json);
      }),
    );
  });

  it('serialises as the tree, as a state file holds it', () => {
    const text = new DocumentText(markdownToDocJson('## A\n\nB *c*'));
    expect(JSON.parse(JSON.stringify({ doc: text }))).toEqual({ doc: markdownToDoc('## A\n\nB *c*') });
  });
});
