/** What the inspector's tests do as a browser does: open a page (its cookie and CSRF token), and post one of its forms. */
import type { TestClient } from '../testing.support.test.js';

/** A page, its session cookie (the one given, else the one it sets) and the CSRF token of its forms. */
export async function visit(server: TestClient, path = '/_inspector/clock', cookie?: string, redirect: 'follow' | 'manual' = 'follow') {
  const res = await fetch(server.url + path, { redirect, headers: cookie ? { Cookie: cookie } : {} });
  const html = await res.text();
  return { res, html, cookie: cookie ?? res.headers.get('set-cookie')?.split(';')[0], csrf: /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] };
}

/** A form posted as a browser posts it, the redirect it answers with not followed. */
export function post(server: TestClient, path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const type = { 'Content-Type': 'application/x-www-form-urlencoded' };
  return fetch(server.url + path, { method: 'POST', redirect: 'manual', headers: { ...type, ...headers }, body: new URLSearchParams(form).toString() });
}
