/**
 * Process-wide singletons: building a schema and a MarkdownManager walks every
 * extension and registers tokenizers with marked, which is far too slow to do
 * per request (and tokenizers registered again would pile up). Everything
 * here is built on first use and then reused.
 */
import { getSchema } from '@tiptap/core';
import { DOMSerializer, type Schema } from '@tiptap/pm/model';
import { MarkdownManager } from '@tiptap/markdown';
import { Marked } from 'marked';

import { documentExtensions } from './extensions.js';

export interface Engine {
  schema: Schema;
  markdown: MarkdownManager;
  serializer: DOMSerializer;
}

type MarkedOption = NonNullable<ConstructorParameters<typeof MarkdownManager>[0]>['marked'];

let engine: Engine | undefined;

/**
 * The manager gets its own marked instance (marked 18, a dependency of the
 * reference) through its `marked` option instead of the module-wide one of
 * the marked 17 bundled with @tiptap/markdown: registering tokenizers then
 * touches nobody else's marked, and marked 17's emphasis rule is quadratic on
 * text like "*a *a *a ..." where marked 18's is not. The whole test suite,
 * fuzzing included, runs against this pairing.
 */
export function getEngine(): Engine {
  if (!engine) {
    const extensions = documentExtensions();
    const schema = getSchema(extensions);
    const markdown = new MarkdownManager({ extensions, marked: new Marked() as unknown as MarkedOption });
    engine = { schema, markdown, serializer: DOMSerializer.fromSchema(schema) };
  }
  return engine;
}
