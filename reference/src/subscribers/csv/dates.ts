/**
 * Subscription dates as people export them (Substack, Mailchimp, Beehiiv,
 * Ghost, spreadsheets): ISO 8601, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`, US
 * `MM/DD/YYYY`, Unix seconds and Unix milliseconds. A time without a zone is
 * read as UTC. Date.parse is not used: what it accepts differs by engine.
 */

// YYYY-MM-DD or YYYY/MM/DD, optional [T ]HH:MM[:SS[.fff]], optional zone (Z, ±HH[:]MM, UTC, GMT).
const YMD = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i;
// MM/DD/YYYY, optional HH:MM[:SS] and AM/PM.
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i;
// Unix time: up to 11 integer digits are seconds (to year 5138), more are milliseconds.
const UNIX = /^(\d{1,16})(?:\.(\d+))?$/;

function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(t);
  // Reject dates that roll over (Feb 30 -> Mar 2).
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return t;
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || /^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return (m[1] === '+' ? 1 : -1) * minutes * 60_000;
}

/** Unix ms, or null when the text is not a date in a recognised format. */
export function parseImportDate(raw: string): number | null {
  const text = raw.trim();
  if (text === '') return null;
  let m = UNIX.exec(text);
  if (m) {
    const whole = Number(m[1]);
    const value = m[1].length <= 11 ? (whole + Number(`0.${m[2] ?? '0'}`)) * 1000 : whole;
    return Number.isSafeInteger(Math.trunc(value)) ? Math.trunc(value) : null;
  }
  m = YMD.exec(text);
  if (m) {
    const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
    const t = utc(+m[1], +m[2], +m[3], m[4] ? +m[4] : 0, m[5] ? +m[5] : 0, m[6] ? +m[6] : 0, ms);
    return t === null ? null : t - zoneOffsetMs(m[8]);
  }
  m = US.exec(text);
  if (m) {
    let hour = m[4] ? +m[4] : 0;
    if (m[7]) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (m[7].toUpperCase() === 'PM' ? 12 : 0);
    }
    return utc(+m[3], +m[1], +m[2], hour, m[5] ? +m[5] : 0, m[6] ? +m[6] : 0);
  }
  return null;
}
