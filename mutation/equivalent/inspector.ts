/** Equivalent mutants of reference/src/inspector/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const ONLY_API_ERRORS =
  "every view and action refuses only with an ApiError (badRequest, notFound, parseOr400, the stores' require and their refusals), so the check never meets another error: one would be a bug of the reference, which no request can cause";

const FLASH_NEVER_AN_ERROR =
  "the flash is set only by an action that was done (gate.ts, error: false); a refused one answers its own page with the error, so no flash shows as an error";

const EVERY_PUBLICATION_KEPT =
  "no request removes a publication or a user, and a saved state is refused unless each email's publication and each team member's user is one of its own (state-references.ts): the lookup always finds one";

export const inspector: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/inspector/mail.ts', code: "return `${state.emails.outbox.size}:${newest?.id ?? ''}:${state.emails.outbox.list({ status: 'queued' }).length}`;",
    original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"',
    why: "the stamp is only compared with the one before by the page's script: an empty outbox's stamp differs from every other (its count is 0) whatever text stands for no newest email",
  },
  {
    file: 'reference/src/inspector/mail.ts', code: 'const slugOf = (id: string) => state.publications.get(id)?.slug ?? id;',
    original: 'state.publications.get(id)?.slug', mutator: 'OptionalChaining', replacement: 'state.publications.get(id).slug',
    why: EVERY_PUBLICATION_KEPT,
  },
  {
    file: 'reference/src/inspector/state-page.ts', code: 'const members = team.map((m) => html`<li>${state.users.get(m.userId)?.name ?? m.userId} <span class="muted">${m.status}</span></li>`);',
    original: 'state.users.get(m.userId)?.name', mutator: 'OptionalChaining', replacement: 'state.users.get(m.userId).name',
    why: EVERY_PUBLICATION_KEPT,
  },
  {
    file: 'reference/src/inspector/access.ts', code: 'return id === undefined ? undefined : this.sessions.get(id);',
    original: 'id === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'without a cookie the id is undefined, and the map of sessions has no entry under undefined: get answers undefined all the same',
  },
  {
    file: 'reference/src/inspector/gate.ts', code: 'if (!(err instanceof ApiError)) throw err;',
    original: '!(err instanceof ApiError)', mutator: 'ConditionalExpression', replacement: 'false',
    why: ONLY_API_ERRORS,
  },
  {
    file: 'reference/src/inspector/sign-in.ts', code: "return { notice: 'Signed out.', next: INSPECTOR_PATH, headers: { 'Set-Cookie': clearedCookie() } };",
    original: "'Signed out.'", mutator: 'StringLiteral', replacement: '""',
    why: 'the notice becomes the flash of the session that signing out has just closed: no page ever shows it (the next page opens a new session or the sign-in form)',
  },
  {
    file: 'reference/src/inspector/requests.ts', code: 'const opened = seq === undefined ? undefined : journal.list({ limit: journal.capacity }).find((e) => String(e.seq) === seq);',
    original: 'seq === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'without a seq the journal is searched for an entry whose seq reads as undefined: none does, so nothing is opened, as without the search',
  },
  {
    file: 'reference/src/inspector/requests.ts', code: "<td><span class=\"badge ${e.status === null || e.status >= 400 || e.outcome !== 'answered' ? 'bad' : 'ok'}\">${e.status ?? e.outcome}${e.status !== null && e.outcome !== 'answered' ? ` ${e.outcome}` : ''}</span></td>",
    original: 'e.status === null', mutator: 'ConditionalExpression', replacement: 'false',
    why: "the journal records no status only for a dropped connection, whose outcome is not 'answered': the outcome's test marks that row bad all the same",
  },
  {
    file: 'reference/src/inspector/layout.ts', code: "${flash ? html`<p class=\"flash${flash.error ? ' error' : ''}\" role=\"${flash.error ? 'alert' : 'status'}\" id=\"flash\">${flash.text}</p>` : ''}",
    original: "' error'", mutator: 'StringLiteral', replacement: '""',
    why: FLASH_NEVER_AN_ERROR,
  },
  {
    file: 'reference/src/inspector/layout.ts', code: "${flash ? html`<p class=\"flash${flash.error ? ' error' : ''}\" role=\"${flash.error ? 'alert' : 'status'}\" id=\"flash\">${flash.text}</p>` : ''}",
    original: "'alert'", mutator: 'StringLiteral', replacement: '""',
    why: FLASH_NEVER_AN_ERROR,
  },
  {
    file: 'reference/src/inspector/clock-page.ts', code: 'const slug = state.publications.get(post.publicationId)?.slug;',
    original: 'state.publications.get(post.publicationId)?.slug', mutator: 'OptionalChaining', replacement: 'state.publications.get(post.publicationId).slug',
    why: "a post's publication is always in the state: publications are never removed, and a reset or a restore replaces posts and publications together",
  },
  {
    file: 'reference/src/inspector/clock-page.ts', code: "const at = Date.parse(`${form.get('to') ?? ''}Z`);",
    original: "''", mutator: 'StringLiteral', replacement: '"Stryker was here!"',
    why: "without a 'to' field either text parses to NaN ('Z' alone is no date either), so the form is refused with the same 400",
  },
];
