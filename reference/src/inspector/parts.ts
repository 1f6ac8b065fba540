/** Small pieces several inspector pages share. */
import { Html, html } from '../html.js';
import type { State } from '../state.js';

/** The publications as <option>s, the given one selected. */
export function publicationOptions(state: State, selected: string | undefined): Html[] {
  return state.publications.all().map((p) => html`<option value="${p.id}"${p.id === selected ? html` selected` : ''}>${p.name} (@${p.slug})</option>`);
}

/** `path` with the current query and some parameters changed (empty values dropped). */
export function withQuery(path: string, query: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams();
  for (const [k, v] of query) if (v !== '' && !(k in changes)) next.set(k, v);
  for (const [k, v] of Object.entries(changes)) if (v !== undefined && v !== '') next.set(k, v);
  const text = next.toString();
  return text ? `${path}?${text}` : path;
}
