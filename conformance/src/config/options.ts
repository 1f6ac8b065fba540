/**
 * Turns argv and the environment into the options of a run. Pure: the CLI
 * passes process.argv and process.env; the unit tests pass their own.
 */
import { isProfile, PROFILES, type Profile } from '../shared/profiles.js';
import { FLAGS, type FlagDefinition } from './flags.js';

export interface RunOptions {
  url?: string;
  apiKey?: string;
  secondApiKey?: string;
  /** Bearer token of the target's /_control (--control-token). */
  controlToken?: string;
  /** undefined: the defaults for the target (see shared/profiles.ts defaultProfiles). */
  profiles?: Profile[];
  seed?: number;
  runs: number;
  filter: string[];
  reportDir: string;
  rateLimit?: number;
  timeoutMs: number;
  /** Stop after this many failed, errored or blocked tests (--max-failures, or 1 with --bail). */
  maxFailures?: number;
  /** A skip fails the test instead (--no-skips). */
  noSkips: boolean;
  /** Test files run at the same time (--workers). */
  workers: number;
  replayPath?: string;
  /** Compare the target with an in-process reference step by step (conformance/src/differential). */
  differential: boolean;
  listRules: boolean;
  help: boolean;
}

export const DEFAULT_RUNS = 25;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_REPORT_DIR = 'reports/conformance';

export type ParseResult = { ok: true; options: RunOptions } | { ok: false; error: string };

type RawValue = string | boolean;

export function parseOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ParseResult {
  const fromArgs = new Map<string, RawValue[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h') {
      push(fromArgs, 'help', true);
      continue;
    }
    if (!arg.startsWith('--')) return { ok: false, error: `unexpected argument "${arg}" (flags start with --; see --help)` };
    const [rawName, inlineValue] = splitInline(arg.slice(2));
    const flag = FLAGS.find((f) => f.name === rawName);
    if (!flag) return { ok: false, error: `unknown flag --${rawName} (see --help)` };
    if (flag.kind === 'boolean') {
      if (inlineValue === undefined) push(fromArgs, flag.name, true);
      else {
        const value = parseBoolean(inlineValue);
        if (value === undefined) return { ok: false, error: `--${flag.name} takes true or false, not "${inlineValue}"` };
        push(fromArgs, flag.name, value);
      }
      continue;
    }
    let value = inlineValue;
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) return { ok: false, error: `--${flag.name} needs a value` };
      value = next;
      i++;
    }
    push(fromArgs, flag.name, value);
  }

  const values = new Map<string, unknown>();
  for (const flag of FLAGS) {
    const raw = fromArgs.get(flag.name) ?? envValue(flag, env);
    if (raw === undefined) continue;
    const converted = convert(flag, raw);
    if (converted instanceof ConversionError) return { ok: false, error: converted.message };
    values.set(flag.name, converted);
  }

  let profiles: Profile[] | undefined;
  const requestedProfiles = values.get('profile') as string[] | undefined;
  if (requestedProfiles) {
    const unknown = requestedProfiles.filter((p) => !isProfile(p));
    if (unknown.length > 0) return { ok: false, error: `unknown profile ${unknown.join(', ')} (profiles: ${PROFILES.join(', ')})` };
    if (requestedProfiles.length === 0) return { ok: false, error: '--profile needs at least one profile' };
    profiles = [...new Set(requestedProfiles as Profile[])];
  }

  const runs = (values.get('runs') as number | undefined) ?? DEFAULT_RUNS;
  if (runs < 1) return { ok: false, error: '--runs must be at least 1' };
  const timeoutMs = (values.get('timeout') as number | undefined) ?? DEFAULT_TIMEOUT_MS;
  if (timeoutMs < 1) return { ok: false, error: '--timeout must be a positive number of milliseconds' };
  let maxFailures = values.get('max-failures') as number | undefined;
  if (maxFailures !== undefined && maxFailures < 1) return { ok: false, error: '--max-failures must be at least 1' };
  if (values.get('bail') === true) maxFailures = 1;
  const workers = (values.get('workers') as number | undefined) ?? 1;
  if (workers < 1) return { ok: false, error: '--workers must be at least 1' };
  const rateLimit = values.get('rate-limit') as number | undefined;
  if (rateLimit !== undefined && !(rateLimit > 0)) return { ok: false, error: '--rate-limit must be a positive number of requests per second' };
  const seed = values.get('seed') as number | undefined;
  if (seed !== undefined && (seed < -(2 ** 31) || seed >= 2 ** 31)) return { ok: false, error: '--seed must be a 32-bit integer' };
  const url = values.get('url') as string | undefined;
  if (url !== undefined) {
    const problem = checkUrl(url);
    if (problem) return { ok: false, error: problem };
  }

  return {
    ok: true,
    options: {
      url: url === undefined ? undefined : url.replace(/\/+$/, ''),
      apiKey: nonEmpty(values.get('api-key')),
      secondApiKey: nonEmpty(values.get('second-api-key')),
      controlToken: nonEmpty(values.get('control-token')),
      profiles,
      seed,
      runs,
      filter: (values.get('filter') as string[] | undefined) ?? [],
      reportDir: (values.get('report-dir') as string | undefined) ?? DEFAULT_REPORT_DIR,
      rateLimit,
      timeoutMs,
      maxFailures,
      noSkips: values.get('no-skips') === true,
      workers,
      replayPath: nonEmpty(values.get('replay-path')),
      differential: values.get('differential') === true,
      listRules: values.get('list-rules') === true,
      help: values.get('help') === true,
    },
  };
}

function splitInline(body: string): [string, string | undefined] {
  const eq = body.indexOf('=');
  return eq === -1 ? [body, undefined] : [body.slice(0, eq), body.slice(eq + 1)];
}

function push(map: Map<string, RawValue[]>, name: string, value: RawValue) {
  map.set(name, [...(map.get(name) ?? []), value]);
}

function envValue(flag: FlagDefinition, env: Readonly<Record<string, string | undefined>>): RawValue[] | undefined {
  const value = env[flag.env];
  if (value === undefined || value === '') return undefined;
  return [value];
}

class ConversionError {
  constructor(readonly message: string) {}
}

function convert(flag: FlagDefinition, raw: RawValue[]): unknown {
  const last = raw[raw.length - 1]!;
  switch (flag.kind) {
    case 'boolean': {
      const value = typeof last === 'boolean' ? last : parseBoolean(last);
      return value === undefined ? new ConversionError(`${flag.env} / --${flag.name} takes true or false, not "${String(last)}"`) : value;
    }
    case 'list':
      // Repeated flags add up; each value may itself be comma-separated.
      return raw.flatMap((value) => String(value).split(',')).map((s) => s.trim()).filter((s) => s.length > 0);
    case 'integer': {
      const text = String(last).trim();
      if (!/^-?\d+$/.test(text)) return new ConversionError(`--${flag.name} takes an integer, not "${text}"`);
      return Number(text);
    }
    case 'number': {
      const text = String(last).trim();
      const value = Number(text);
      if (text === '' || !Number.isFinite(value)) return new ConversionError(`--${flag.name} takes a number, not "${text}"`);
      return value;
    }
    case 'string':
      return String(last);
  }
}

function parseBoolean(text: string): boolean | undefined {
  const lower = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  return undefined;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function checkUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `--url must be http or https, not ${parsed.protocol}`;
    if (parsed.search || parsed.hash) return '--url must be a base URL without query or fragment';
    return undefined;
  } catch {
    return `--url "${url}" is not a URL`;
  }
}
