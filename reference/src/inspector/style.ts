/**
 * The inspector's one stylesheet, inline and allowed by its hash. Phone
 * first: one column, tables that scroll sideways in their own box; from
 * 60rem a list beside the item it opens. Colours keep a contrast of 4.5:1
 * or more against their background, and every focusable thing shows a ring.
 */
export const INSPECTOR_STYLE = `
:root { color-scheme: light; --ink: #17202b; --muted: #4f5968; --line: #cfd6df; --bg: #f2f4f7; --card: #fff; --accent: #1d4ed8; --ok: #166534; --bad: #991b1b; --warn-bg: #fff7ed; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, summary:focus-visible, iframe:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: 0.5rem; z-index: 2; }
.skip:focus { left: 0.5rem; }
header.top { background: #0f172a; color: #f8fafc; padding: 0.5rem 1rem; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; align-items: center; }
header.top .brand { font-weight: 700; margin-right: auto; }
header.top nav { display: flex; flex-wrap: wrap; gap: 0.25rem; }
header.top nav a { color: #e2e8f0; text-decoration: none; padding: 0.35rem 0.7rem; border-radius: 6px; }
header.top nav a[aria-current="page"] { background: #1e40af; color: #fff; }
header.top .now { font: 13px/1.4 ui-monospace, Menlo, monospace; color: #cbd5e1; }
header.top form { margin: 0; }
header.top button { background: transparent; color: #e2e8f0; border-color: #64748b; padding: 0.25rem 0.6rem; }
main { padding: 1rem; max-width: 90rem; margin: 0 auto; }
h1 { font-size: 1.35rem; margin: 0.25rem 0 0.75rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 0.5rem; }
h3 { font-size: 1rem; margin: 1rem 0 0.4rem; }
.card > h2:first-child { margin-top: 0; }
p { margin: 0 0 0.75rem; }
.muted { color: var(--muted); }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 0.9rem 1rem; margin-bottom: 1rem; min-width: 0; }
.flash { border-left: 4px solid var(--ok); background: #f0fdf4; padding: 0.6rem 0.9rem; border-radius: 6px; margin-bottom: 1rem; }
.flash.error { border-left-color: var(--bad); background: #fef2f2; }
form.filters { display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: flex-end; }
form.filters label, form.stack label { display: flex; flex-direction: column; font-size: 0.85rem; font-weight: 600; color: var(--muted); gap: 0.15rem; }
input, select, textarea, button { font: inherit; color: var(--ink); }
input, select, textarea { padding: 0.4rem 0.5rem; border: 1px solid #8a94a3; border-radius: 6px; background: #fff; min-width: 0; max-width: 100%; }
textarea { width: 100%; font-family: ui-monospace, Menlo, monospace; font-size: 0.9rem; }
button { padding: 0.45rem 0.9rem; border-radius: 6px; border: 1px solid #8a94a3; background: #fff; cursor: pointer; font-weight: 600; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.danger { color: var(--bad); border-color: var(--bad); }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
.actions form { margin: 0; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.open td { background: #eff6ff; }
#requests td:nth-child(2) { min-width: 14rem; }
code, pre, .mono { font-family: ui-monospace, Menlo, monospace; font-size: 0.85rem; }
pre { background: #0f172a; color: #e2e8f0; padding: 0.75rem; border-radius: 8px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
.wrap { overflow-wrap: anywhere; }
.badge { display: inline-block; font-size: 0.75rem; font-weight: 700; padding: 0.05rem 0.5rem; border-radius: 999px; background: #e2e8f0; color: #1e293b; white-space: nowrap; }
.badge.ok { background: #dcfce7; color: #14532d; }
.badge.bad { background: #fee2e2; color: #7f1d1d; }
.badge.info { background: #dbeafe; color: #1e3a8a; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 0.9rem; margin: 0 0 0.75rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
iframe.email { width: 100%; height: 32rem; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
.mail-list { list-style: none; margin: 0; padding: 0; }
.mail-list li { border-bottom: 1px solid var(--line); }
.mail-list a { display: block; padding: 0.5rem 0.25rem; text-decoration: none; color: var(--ink); }
.mail-list a[aria-current="true"] { background: #eff6ff; }
.mail-list .subject { font-weight: 600; display: block; overflow-wrap: anywhere; }
.mail-list .meta { color: var(--muted); font-size: 0.85rem; }
.split { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; }
@media (min-width: 60rem) { .split { grid-template-columns: minmax(18rem, 2fr) minmax(0, 3fr); } }
details > summary { cursor: pointer; font-weight: 600; }
`;
