/**
 * Golden documents of the one markdown path: for each body in
 * markdown.goldens.json (the fixture posts, edge cases found over time and a
 * fixed sample of generated markdown), the document markdownToDoc makes, or
 * its refusal, must be the recorded one. The records are what
 * @tiptap/markdown's manager made of them when they were taken; a change of
 * the manager or of normalize.ts that changes any document shows here.
 * After a deliberate change, `UPDATE_MARKDOWN_GOLDENS=1 npx vitest run
 * reference/src/documents/markdown.golden.test.ts` records the new outputs,
 * to be reviewed in the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { markdownToDoc } from './markdown.js';
import type { TiptapDoc } from './types.js';

type Golden = { markdown: string; doc: TiptapDoc } | { markdown: string; refused: string };

const file = new URL('./markdown.goldens.json', import.meta.url);
const goldens = JSON.parse(readFileSync(file, 'utf8')) as Golden[];

function outcome(markdown: string): Golden {
  try {
    return { markdown, doc: markdownToDoc(markdown) };
  } catch (error) {
    return { markdown, refused: (error as Error).message };
  }
}

describe('markdown goldens', () => {
  if (process.env.UPDATE_MARKDOWN_GOLDENS) {
    it('records the current outputs', () => {
      writeFileSync(file, `[\n${goldens.map((golden) => JSON.stringify(outcome(golden.markdown))).join(',\n')}\n]\n`);
    });
    return;
  }

  it('holds enough bodies to mean something', () => {
    expect(goldens.length).toBeGreaterThan(300);
  });

  it('makes the recorded document of every body', () => {
    for (const golden of goldens) expect(outcome(golden.markdown), JSON.stringify(golden.markdown)).toEqual(golden);
  });
});
