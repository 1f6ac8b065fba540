/**
 * A publication's custom domain: a request whose Host is the custom domain of
 * a publication reaches the public site, whose root (`/`) is then that
 * publication's home. Nothing else answers to that name: the control API and
 * the other pages keep the Host check of http/host-policy.ts (421).
 *
 * Why this is safe next to a browser: the Host check stops a DNS-rebinding
 * page from reaching the control API and the pages that act for the
 * developer. Under a custom domain such a page could read only the public
 * site, which any reader may read, and submit only its subscribe form, which
 * any reader may submit; neither gives it a key, a token or the state.
 */
import { hostnameOf } from '../http/host-policy.js';
import type { PublicationRecord } from '../publications/store.js';
import type { State } from '../state.js';

/** The public site's paths: the custom domain's root and the `/@{slug}` pages (the subscribe form included). */
export function isSitePath(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/@');
}

/** The publication whose custom domain the Host header names, if any. */
export function customDomainPublication(state: State, host: string | undefined): PublicationRecord | undefined {
  const name = host === undefined ? undefined : hostnameOf(host);
  return name === undefined ? undefined : state.publications.findByCustomDomain(name);
}

/** Whether the Host check lets this request through as the public site under a custom domain. */
export function isCustomDomainSiteRequest(state: State, pathname: string, host: string | undefined): boolean {
  return isSitePath(pathname) && customDomainPublication(state, host) !== undefined;
}
