/**
 * Names for what a test creates: every title carries the run id (so a writer
 * can see, and a later run can find, what the suite made), every address is
 * at example.com (a reserved domain: nothing can be delivered there).
 */
export interface Names {
  /** `${text} [runId]`, at most maxLength characters (the run id is kept whole). */
  title(text?: string, maxLength?: number): string;
  /** A fresh address at example.com that names the run. */
  email(label?: string): string;
  /** A fresh slug that names the run. */
  slug(label?: string): string;
  /** A fresh wallet address (0x + 40 hex) derived from the run and a counter. */
  wallet(): string;
}

export function createNames(runId: string, testSeed: number): Names {
  let counter = 0;
  const next = () => `${(testSeed >>> 0).toString(36)}${(counter++).toString(36)}`;
  return {
    title(text = 'conformance', maxLength = 200) {
      const suffix = ` [${runId}]`;
      return text.slice(0, Math.max(0, maxLength - suffix.length)) + suffix;
    },
    email(label = 'reader') {
      return `${runId}-${clean(label)}-${next()}@example.com`.toLowerCase();
    },
    slug(label = 'post') {
      return `${runId}-${clean(label)}-${next()}`.toLowerCase();
    },
    wallet() {
      const hex = Buffer.from(`${runId}:${next()}`).toString('hex');
      return `0x${hex.padEnd(40, '0').slice(-40)}`;
    },
  };
}

function clean(label: string): string {
  return label.replace(/[^a-zA-Z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}
