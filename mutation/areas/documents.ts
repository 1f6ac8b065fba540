/** Documents: markdown to a TipTap document, and a document to HTML and text. Cut in two. */
import type { Area } from './area.js';

/** Every rule that sends a body as markdown or as a document, or reads one back. */
const BODY_RULES = [
  'posts.create.markdown-converted',
  'posts.update.markdown-replaces',
  'posts.create.body-json',
  'posts.update.body-json',
  'posts.create.post-preview-generated',
  'posts.update.post-preview-follows-content',
  'content.body',
  'content.create.validates-body',
  'content.shape.excerpt',
];

export const documentsAreas: readonly Area[] = [
  {
    name: 'documents-markdown',
    mutate: [
      'reference/src/documents/markdown.ts',
      'reference/src/documents/markdown-syntax.ts',
      'reference/src/documents/normalize.ts',
      'reference/src/documents/packed-links.ts',
      'reference/src/documents/quote-depth.ts',
      'reference/src/documents/extensions.ts',
      'reference/src/documents/engine.ts',
    ],
    filter: BODY_RULES,
    unitTests: {
      files: [
        'reference/src/documents/markdown.golden.test.ts',
        'reference/src/documents/markdown.test.ts',
        'reference/src/documents/markdown-limits.test.ts',
        'reference/src/documents/normalize.test.ts',
        'reference/src/documents/html.test.ts',
      ],
      why:
        'the document a markdown body becomes, node by node, is the reference\'s reading of TipTap\'s markdown manager (kept as golden fixtures): ' +
        'the suite checks what the spec states, that markdown is converted and its text, marks and structure come back; ' +
        'the limits on nodes and nesting are refused before the costly steps, which shows only in time; ' +
        "extensions.ts also defines the HTML of a button and of a linked image, whose markup no rule reads (html.test.ts)",
    },
  },
  {
    name: 'documents-html-text',
    mutate: [
      'reference/src/documents/html.ts',
      'reference/src/documents/text.ts',
      'reference/src/documents/validate.ts',
      'reference/src/documents/attributes.ts',
      'reference/src/documents/urls.ts',
      'reference/src/documents/index.ts',
      'reference/src/documents/types.ts',
    ],
    // An email's HTML and text are rendered from the post's document; the outbox shows them.
    filter: [...BODY_RULES, 'emails.send', 'events.newsletter', 'test-newsletter.send'],
    unitTests: {
      files: [
        'reference/src/documents/html.test.ts',
        'reference/src/documents/text.test.ts',
        'reference/src/documents/validate.test.ts',
        'reference/src/documents/properties.test.ts',
      ],
      why:
        "the HTML of an email or a page (escaping, the attributes and URL schemes let through) is the reference's own rendering: " +
        'the suite reads what an email says, not its markup; that no document renders a script is a property over generated documents',
    },
  },
];
