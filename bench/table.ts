/**
 * Plain-text tables for the terminal (and for pasting into issues).
 */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const numeric = header.map((_, i) => rows.every((r) => typeof r[i] === 'number' || /^[\d.,x%-]+$/.test(String(r[i]))));
  const line = (r: string[]) => r.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export const fixed = (n: number, digits = 1) => n.toFixed(digits);
export const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)}`;
export const yesNo = (met: boolean | null) => (met === null ? '' : met ? 'yes' : 'NO');
export const ms = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
