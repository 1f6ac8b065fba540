/** The suite's own version, from package.json. */
import { readFileSync } from 'node:fs';

export function suiteVersion(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name?: string; version?: string };
    return { name: `${pkg.name ?? 'publishing-api'} conformance`, version: pkg.version ?? '0.0.0' };
  } catch {
    return { name: 'conformance', version: '0.0.0' };
  }
}
