/**
 * The public site's stylesheet: one base sheet plus the publication's theme
 * color and fonts as custom properties. Served inline and allowed by its hash
 * in the Content-Security-Policy (no 'unsafe-inline', no script at all).
 */
import { sourceHash } from '../html.js';
import type { PublicationRecord } from '../publications/store.js';
import type { THEME_COLORS } from '../../../schemas/publications.js';

/** Tailwind-named theme colors (schemas/publications.ts THEME_COLORS) as hex. */
const THEME_HEX: Record<(typeof THEME_COLORS)[number], string> = {
  default: '#1f2937', 'orange-500': '#f97316', 'rose-600': '#e11d48', 'pink-500': '#ec4899', 'fuchsia-600': '#c026d3',
  'purple-600': '#9333ea', 'violet-600': '#7c3aed', 'indigo-600': '#4f46e5', 'blue-600': '#2563eb', 'sky-600': '#0284c7',
  'cyan-600': '#0891b2', 'teal-600': '#0d9488', 'emerald-600': '#059669', 'green-600': '#16a34a', 'lime-600': '#65a30d',
  'yellow-700': '#a16207', 'amber-600': '#d97706', 'orange-600': '#ea580c', 'stone-800': '#292524', 'rose-900': '#881337',
  'indigo-950': '#1e1b4b', 'teal-950': '#042f2e', 'lime-950': '#1a2e05', 'orange-950': '#431407',
};

const FONT_STACKS: Record<string, string> = {
  default: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, monospace',
};

const BASE = `
* { box-sizing: border-box; }
body { margin: 0; color: #1d2430; background: #fff; font: 17px/1.65 var(--body-font); }
header.site, main, footer.site { max-width: 46rem; margin: 0 auto; padding: 1.25rem; }
header.site { border-bottom: 3px solid var(--theme); }
header.site a.name { color: var(--theme); font: 700 1.5rem/1.2 var(--header-font); text-decoration: none; }
h1, h2, h3 { font-family: var(--header-font); line-height: 1.25; }
a { color: var(--theme); }
.muted { color: #5b6472; font-size: 0.9rem; }
img.cover { width: 100%; height: auto; border-radius: 8px; }
ul.categories { list-style: none; padding: 0; display: flex; gap: 0.5rem; flex-wrap: wrap; }
ul.categories li { background: #eef1f5; border-radius: 999px; padding: 0.1rem 0.7rem; font-size: 0.85rem; }
ol.posts { list-style: none; padding: 0; }
ol.posts > li { padding: 1rem 0; border-bottom: 1px solid #e5e8ee; }
ol.posts.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); gap: 1rem; }
ol.posts.grid > li { border: 1px solid #e5e8ee; border-radius: 8px; padding: 0.75rem; }
section.pinned, section.featured, aside { background: #f7f8fa; border-radius: 8px; padding: 0.25rem 1rem; margin: 1rem 0; }
form.subscribe { display: flex; gap: 0.5rem; flex-wrap: wrap; margin: 1rem 0; }
form.subscribe input[type=email] { flex: 1 1 14rem; font: inherit; padding: 0.5rem; border: 1px solid #c9ced6; border-radius: 6px; }
form.subscribe button, form.unsubscribe button { font: inherit; font-weight: 600; padding: 0.5rem 1rem; border: 0; border-radius: 6px; background: var(--theme); color: #fff; cursor: pointer; }
.notice { padding: 0.6rem 0.9rem; border-radius: 6px; }
.notice.ok { background: #dcfce7; color: #14532d; }
.notice.error { background: #fee2e2; color: #7f1d1d; }
.subscribe-popup[hidden] { display: none; }
nav.toc { font-size: 0.95rem; }
`;

/** The stylesheet of a publication's pages. */
export function siteStyle(publication: Pick<PublicationRecord, 'themeColor' | 'headerFont' | 'bodyFont'>): string {
  const theme = THEME_HEX[publication.themeColor as keyof typeof THEME_HEX] ?? THEME_HEX.default;
  const header = FONT_STACKS[publication.headerFont ?? 'default'] ?? FONT_STACKS.default;
  const body = FONT_STACKS[publication.bodyFont ?? 'default'] ?? FONT_STACKS.default;
  return `:root { --theme: ${theme}; --header-font: ${header}; --body-font: ${body}; }${BASE}`;
}

/**
 * The page's CSP: this stylesheet by hash, images from here, the base URL
 * (covers are re-hosted there, which is another origin under a custom
 * domain) or https, forms to this server only, no script.
 */
export function siteContentSecurityPolicy(style: string, baseOrigin: string): string {
  return ["default-src 'none'", `style-src ${sourceHash(style)}`, `img-src 'self' ${baseOrigin} data: https:`, "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
}
