/** The inline stylesheet of report.html (the report has no external assets); narrow screens get one column. */
export const REPORT_CSS = `
:root { --pass:#1a7f37; --fail:#cf222e; --error:#8250df; --blocked:#bc4c00; --skip:#9a6700; --nc:#57606a; --ex:#8c959f; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px 24px 48px; color: #1f2328; overflow-wrap: anywhere; }
h1 { font-size: 22px; margin: 0 0 8px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid #eaeef2; }
th { background: #f6f8fa; font-weight: 600; }
.scroll { overflow-x: auto; }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: #f6f8fa; padding: 10px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; border-radius: 6px; }
.badge { display: inline-block; min-width: 84px; text-align: center; padding: 1px 6px; border-radius: 10px; color: #fff; font-size: 12px; font-weight: 600; }
.pass { background: var(--pass); } .fail { background: var(--fail); } .error { background: var(--error); } .badge.blocked { background: var(--blocked); }
.skip { background: var(--skip); } .not-covered { background: var(--nc); } .excluded { background: var(--ex); }
.meta td:first-child { width: 160px; color: #57606a; }
.counts span { margin-right: 14px; white-space: nowrap; }
.muted { color: #57606a; } .small { font-size: 12px; }
nav.toc { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid #d0d7de; padding: 6px 0; margin-bottom: 8px; }
nav.toc a { margin-right: 14px; white-space: nowrap; }
#filters { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 10px; margin: 8px 0; }
#filters[hidden] { display: none; }
#filters label { white-space: nowrap; }
#filters input[type=search] { min-width: 200px; flex: 1; padding: 4px 6px; }
.causes-top li { margin: 2px 0; }
details.failure { border: 1px solid #d0d7de; border-left: 4px solid var(--fail); border-radius: 6px; padding: 6px 10px; margin: 8px 0; }
details.failure.error-kind { border-left-color: var(--error); } details.failure.blocked-kind { border-left-color: var(--blocked); }
details.failure > summary .why { display: block; color: #57606a; font-size: 12px; margin: 2px 0 0 4px; }
details.failure .body { padding-top: 6px; }
ul.statements { padding-left: 18px; margin: 6px 0; }
details > summary { cursor: pointer; }
table.side-by-side { table-layout: fixed; } table.side-by-side td { width: 50%; } li.diverges code { background: #ffebe9; }
[hidden] { display: none !important; }
.matrix .rule { display: grid; grid-template-columns: 100px 230px 1fr 34%; gap: 4px 10px; padding: 5px 0; border-bottom: 1px solid #eaeef2; }
.matrix .rule:target { background: #fff8c5; }
.row-excluded { color: #8c959f; }
@media (max-width: 720px) {
  body { padding: 10px 12px 40px; }
  .matrix .rule { grid-template-columns: 1fr; }
  .meta td:first-child { width: auto; }
  .badge { min-width: 0; }
  nav.toc { position: static; }
}
`;
