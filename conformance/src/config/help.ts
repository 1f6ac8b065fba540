/** The text of --help, generated from the flag table and the profile descriptions. */
import { PROFILE_DESCRIPTIONS, PROFILES } from '../shared/profiles.js';
import { FLAGS } from './flags.js';

export function helpText(): string {
  const lines = [
    'Conformance suite of the publishing platform HTTP JSON API.',
    '',
    'Usage:',
    '  npm run conformance                                   run against an in-process reference server',
    '  npm run conformance -- --url URL --api-key A --second-api-key B   run against any implementation',
    '  npm run conformance -- --list-rules                   print the rule catalogue',
    '',
    'Flags (each also read from the environment variable shown; a flag wins over its variable):',
  ];
  for (const flag of FLAGS) {
    const left = `--${flag.name}${flag.valueName ? ` ${flag.valueName}` : ''}`;
    lines.push(`  ${left.padEnd(24)} ${flag.env}`);
    lines.push(...wrap(flag.description, 76).map((l) => `      ${l}`));
    if (flag.defaultText) lines.push(`      Default: ${flag.defaultText}.`);
  }
  lines.push('', 'Profiles (--profile, comma-combinable):');
  for (const profile of PROFILES) {
    lines.push(`  ${profile.padEnd(18)} ${wrap(PROFILE_DESCRIPTIONS[profile], 58).join('\n' + ' '.repeat(21))}`);
  }
  lines.push(
    '',
    'Statuses: pass; fail (the target broke a rule); skip (a precondition or capability is missing, with the reason);',
    'error (the suite itself broke); blocked (a setup step it needed failed: listed under that root cause, not',
    'counted as failed); per rule also "not covered" (no test names it) and "excluded" (its profile',
    'is not selected or --filter left it out). A skip never counts as a pass.',
    '',
    'Exit code: 0 when nothing failed, errored or was blocked, 1 otherwise, 2 for a usage error or a setup problem found before',
    'any test (a target that does not answer, a refused key, two keys of one publication).',
    '',
    'Reports: a console summary, and junit.xml, results.json and report.html in --report-dir.',
  );
  return lines.join('\n');
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}
