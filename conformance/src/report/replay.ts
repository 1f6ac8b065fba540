/** The command that replays one failed test. */
import type { TestOutcome } from '../results/types.js';
import { shellQuote } from './curl.js';

export interface ReplayBasis {
  url: string;
  inProcess: boolean;
  seed: number;
  profiles: readonly string[];
}

export function replayCommand(test: TestOutcome, basis: ReplayBasis): string[] {
  const base = ['npm run conformance --'];
  if (!basis.inProcess) base.push(`--url ${shellQuote(basis.url)} --api-key "$API_KEY" --second-api-key "$SECOND_API_KEY"`);
  base.push(`--seed ${basis.seed}`, `--profile ${basis.profiles.join(',')}`);
  if (test.divergence || test.area === 'differential') base.push('--differential');
  const commands = [[...base, `--filter ${shellQuote(test.ruleIds[0] ?? test.name)}`].join(' ')];
  if (test.property?.path) {
    commands.push([...base, `--filter ${shellQuote(test.name)}`, `--replay-path ${shellQuote(test.property.path)}`].join(' '));
  }
  return commands;
}
