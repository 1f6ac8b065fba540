/**
 * The frame of the approval pages and the Content-Security-Policy that goes
 * with it. Every interpolated value goes through the `html` template
 * (html.ts), so user-supplied text (the device name, the callback URL) can
 * never become markup.
 */
import { htmlPage, html, sourceHash, type Html } from '../html.js';

const STYLE = `
:root { color-scheme: light; --ink: #1d2430; --muted: #5b6472; --line: #d9dee5; --accent: #1f6f43; --warn: #9a3412; }
* { box-sizing: border-box; }
body { margin: 0; background: #f3f5f8; color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 34rem; margin: 3rem auto; padding: 2rem 2.25rem; background: #fff; border: 1px solid var(--line); border-radius: 12px; }
h1 { font-size: 1.4rem; line-height: 1.3; margin: 0 0 1rem; }
p { margin: 0 0 1rem; }
.muted { color: var(--muted); font-size: 0.9rem; }
.device { font-weight: 650; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; margin: 0 0 1.25rem; padding: 0.9rem 1rem; background: #f7f8fa; border-radius: 8px; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.warning { border-left: 4px solid var(--warn); padding: 0.5rem 0.9rem; background: #fff7ed; border-radius: 4px; }
label { display: block; font-weight: 600; margin-bottom: 0.35rem; }
select { width: 100%; font: inherit; padding: 0.5rem; border: 1px solid var(--line); border-radius: 6px; margin-bottom: 1.25rem; background: #fff; }
.actions { display: flex; gap: 0.75rem; flex-wrap: wrap; }
button { font: inherit; font-weight: 600; padding: 0.6rem 1.2rem; border-radius: 6px; border: 1px solid var(--line); background: #fff; color: var(--ink); cursor: pointer; }
button.approve { background: var(--accent); border-color: var(--accent); color: #fff; }
.status { display: inline-block; font-size: 0.8rem; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; padding: 0.15rem 0.55rem; border-radius: 999px; margin-bottom: 0.75rem; }
.status.ok { background: #dcfce7; color: #14532d; }
.status.bad { background: #fee2e2; color: #7f1d1d; }
.status.info { background: #e0e7ff; color: #1e3a8a; }
footer { margin-top: 1.5rem; padding-top: 1rem; border-top: 1px solid var(--line); }
`;

const STYLE_HASH = sourceHash(STYLE);

/**
 * Stricter than the default policy of respond.ts: no script at all, the one
 * stylesheet by hash (not 'unsafe-inline'), and form-action limited to this
 * server plus, on the pending page, the callback's origin. Chromium applies
 * form-action to the redirect that follows a form submission, so without the
 * callback origin the 303 to callbackUrl would be blocked.
 */
export function contentSecurityPolicy(formTargets: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self' data:",
    `form-action 'self'${formTargets.map((t) => ` ${t}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function layout(title: string, body: Html): string {
  return htmlPage(
    title,
    STYLE,
    html`<main>
${body}
<footer class="muted">Publishing API reference server: a local mock. There is no sign-in here; you act as the owner of the publication you pick.</footer>
</main>`,
  );
}
