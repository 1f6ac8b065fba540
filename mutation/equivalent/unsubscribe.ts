/** Equivalent mutants of reference/src/unsubscribe/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const A_LINK_PUBLICATION_EXISTS =
  "a link's publication always exists: no request deletes a publication, so the pages never meet a link without one";

export const unsubscribe: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/unsubscribe/routes.ts', code: "const name = publication?.name ?? 'this publication';", original: 'publication?.name', mutator: 'OptionalChaining',
    replacement: 'publication.name', why: A_LINK_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/unsubscribe/routes.ts', code: "const name = publication?.name ?? 'this publication';", original: "'this publication'", mutator: 'StringLiteral',
    replacement: '""', why: A_LINK_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/unsubscribe/routes.ts', code: "homeHref: publication ? `${ctx.baseUrl}/@${encodeURIComponent(publication.slug)}` : '/',", original: "'/'", mutator: 'StringLiteral',
    replacement: '""', why: A_LINK_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/unsubscribe/routes.ts', code: "if (entry.purpose === 'owner') return !state.publications.get(entry.publicationId)?.emailNotifications.newSubscriber;",
    original: 'state.publications.get(entry.publicationId)?.emailNotifications', mutator: 'OptionalChaining',
    replacement: 'state.publications.get(entry.publicationId).emailNotifications', why: A_LINK_PUBLICATION_EXISTS,
  },
  {
    file: 'reference/src/unsubscribe/snapshot-schema.ts', code: "secret: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits'),", original: "'must be 64 hex digits'", mutator: 'StringLiteral',
    replacement: '""', why: 'a broken secret is still refused at state.emails.tokens.secret; the rest of the message is wording',
  },
];
