/** The inline stylesheet of report.html (the report has no external assets). */
export const REPORT_CSS = `
:root { --pass:#1a7f37; --fail:#cf222e; --error:#8250df; --skip:#9a6700; --nc:#57606a; --ex:#8c959f; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1200px; padding: 24px; color: #1f2328; }
h1 { font-size: 22px; margin: 0 0 8px; } h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 20px 0 6px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid #eaeef2; }
th { background: #f6f8fa; font-weight: 600; }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: #f6f8fa; padding: 10px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; border-radius: 6px; }
.badge { display: inline-block; min-width: 84px; text-align: center; padding: 1px 6px; border-radius: 10px; color: #fff; font-size: 12px; font-weight: 600; }
.pass { background: var(--pass); } .fail { background: var(--fail); } .error { background: var(--error); }
.skip { background: var(--skip); } .not-covered { background: var(--nc); } .excluded { background: var(--ex); }
.meta td:first-child { width: 160px; color: #57606a; }
.counts span { margin-right: 14px; }
.muted { color: #57606a; } .small { font-size: 12px; }
.failure { border: 1px solid #d0d7de; border-left: 4px solid var(--fail); border-radius: 6px; padding: 8px 12px; margin: 12px 0; }
.failure.error-kind { border-left-color: var(--error); }
details > summary { cursor: pointer; }
tr.row-excluded td { color: #8c959f; }
table.matrix { table-layout: fixed; }
table.matrix td { overflow-wrap: anywhere; }
col.c-status { width: 110px; } col.c-rule { width: 230px; } col.c-profile { width: 120px; } col.c-tests { width: 34%; }
`;
