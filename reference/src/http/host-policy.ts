/**
 * Which names the server answers to on its control API and its pages, and
 * which requests are the browser-facing API. Pure functions of the request's
 * path and Host header and of the allowed list, so any front (node:http, a
 * fetch handler) applies the same policy.
 *
 * Why: a web page the developer opens can point a name it controls at
 * 127.0.0.1 (DNS rebinding); the browser then treats the server as that
 * page's own origin and lets it read and write everything. The browser still
 * sends the page's name as Host, so refusing unknown names stops it. Names
 * that cannot be rebound are always allowed: `localhost` and `*.localhost`
 * (browsers resolve them to loopback themselves) and IP literals (a page
 * whose origin is an IP address was served from that address).
 */
import { isIP } from 'node:net';

/**
 * The /v1 API: answers browser clients on any origin (CORS), and its keys
 * are the guard. Everything else (the control API, the approval, unsubscribe
 * and media pages, anything added later) is for this machine's own tools and
 * people, and gets no CORS grant and the Host check.
 */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/v1/') || pathname === '/v1';
}

/** The hostnames the server answers to besides the ones always allowed: its public URL's, and the --allowed-host ones. */
export function allowedHostNames(options: { publicUrl?: string; allowedHosts?: readonly string[] }): string[] {
  const names = (options.allowedHosts ?? []).map((name) => hostnameOf(name) ?? name.toLowerCase());
  if (options.publicUrl) names.push(new URL(options.publicUrl).hostname.toLowerCase());
  return [...new Set(names)];
}

/**
 * Whether a request with this Host header may reach the control API and the
 * pages. No Host at all (HTTP/1.0, an in-process call) is allowed: every
 * browser sends one, so its absence is never a web page.
 */
export function isAllowedHost(host: string | undefined, allowed: readonly string[]): boolean {
  if (host === undefined) return true;
  const name = hostnameOf(host);
  if (name === undefined) return false;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name.startsWith('[') ? name.slice(1, -1) : name) !== 0) return true;
  return allowed.includes(name);
}

/** The name part of a Host header, lower case, without the port (an IPv6 literal keeps its brackets); undefined if malformed. */
export function hostnameOf(host: string): string | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s/@]+)(?::\d{1,5})?$/.exec(host.trim());
  // A fully qualified name may end with a dot: "localhost." is "localhost".
  return match ? match[1].toLowerCase().replace(/\.$/, '') : undefined;
}

/** The 421 answer's message: what was refused and how to allow it. */
export function foreignHostMessage(host: string): string {
  const shown = JSON.stringify(host.slice(0, 100));
  return (
    `this server does not answer to the name ${shown} on its control API and pages (a guard against DNS rebinding): ` +
    `use 127.0.0.1 or localhost, or start it with --allowed-host ${hostnameOf(host) ?? '<name>'} (or a --public-url with that name)`
  );
}

/** Whether listening on this address reaches only this machine. */
export function isLoopbackAddress(address: string): boolean {
  const name = address.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || name === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(name);
}
