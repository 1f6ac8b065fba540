/**
 * Process-wide singletons: building a schema and a MarkdownManager walks every
 * extension and registers tokenizers with marked, which is far too slow to do
 * per request (and tokenizers registered again would pile up). Everything
 * here is built on first use and then reused.
 */
import { getSchema, type JSONContent } from '@tiptap/core';
import { DOMSerializer, type Schema } from '@tiptap/pm/model';
import { MarkdownManager } from '@tiptap/markdown';
import { Marked, type Lexer, type Token } from 'marked';

import { documentExtensions } from './extensions.js';
import { literalizeUnclosedHtml, type InlineToken } from './inline-html.js';

export interface Engine {
  schema: Schema;
  markdown: MarkdownManager;
  serializer: DOMSerializer;
  /**
   * The manager's parse(), except that `first` sees the tokens (lexed once, by
   * the manager's marked instance and the tokenizers its extensions registered)
   * before the manager does, and may answer instead (non-null).
   */
  parse<T>(source: string, first: (tokens: Token[]) => T | null): { direct: T } | { parsed: JSONContent };
}

/** The members of MarkdownManager that parse() uses around lexing (private in its types; @tiptap/markdown is pinned exactly). */
interface ManagerInternals {
  createLexer(): Lexer;
  activeParseLexer: Lexer | null | undefined;
  parseTokens(tokens: Token[], parseImplicitEmptyParagraphs: boolean): JSONContent[];
}

type MarkedOption = NonNullable<ConstructorParameters<typeof MarkdownManager>[0]>['marked'];

let engine: Engine | undefined;

/**
 * The manager gets its own marked instance (marked 18, a dependency of the
 * reference) instead of the module-wide one of the marked 17 bundled with
 * @tiptap/markdown: registering tokenizers then touches nobody else's marked,
 * and marked 17's emphasis rule is quadratic on text like "*a *a *a ..."
 * (a 6 KB body took ~2 s to lex; marked 18 takes ~0.1 s). The whole test
 * suite, fuzzing included, runs against this pairing.
 */
export function getEngine(): Engine {
  if (!engine) {
    const extensions = documentExtensions();
    const schema = getSchema(extensions);
    const markdown = new MarkdownManager({ extensions, marked: new Marked() as unknown as MarkedOption });
    // Unclosed inline HTML tags made the manager quadratic (see inline-html.ts). The method is private in
    // its types, but it is what every inline token list goes through; @tiptap/markdown is pinned exactly.
    const manager = markdown as unknown as { parseInlineTokens(tokens: InlineToken[]): unknown };
    const parseInlineTokens = manager.parseInlineTokens.bind(manager);
    manager.parseInlineTokens = (tokens) => parseInlineTokens(literalizeUnclosedHtml(tokens));
    const internals = markdown as unknown as ManagerInternals;
    const parse: Engine['parse'] = (source, first) => {
      // What parse() does, split in two: tokenizers that lex nested text find this lexer as the active one.
      const lexer = internals.createLexer();
      const previous = internals.activeParseLexer;
      internals.activeParseLexer = lexer;
      try {
        const tokens = lexer.lex(source) as Token[];
        const direct = first(tokens);
        if (direct !== null) return { direct };
        return { parsed: { type: 'doc', content: internals.parseTokens(tokens, true) } };
      } finally {
        internals.activeParseLexer = previous;
      }
    };
    engine = { schema, markdown, serializer: DOMSerializer.fromSchema(schema), parse };
  }
  return engine;
}
