/** Escaping for the HTML and XML reports: everything from the target or a test is untrusted text. */
import { showMarkers } from '../shared/redact.js';

// Characters XML 1.0 cannot carry at all (even escaped); HTML shows them as garbage.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for HTML or XML content and attribute values (double or single quoted). */
export function escapeMarkup(text: string): string {
  return showMarkers(text)
    .replace(INVALID_XML_CHARS, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const escapeHtml = escapeMarkup;
export const escapeXml = escapeMarkup;
