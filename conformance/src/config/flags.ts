/**
 * Every flag of the conformance CLI, as data: the parser, the environment
 * fallback and --help are all generated from this one table.
 */
export type FlagKind = 'string' | 'integer' | 'number' | 'list' | 'boolean';

export interface FlagDefinition {
  /** Long name without dashes; also the key of the parsed options after camel-casing. */
  name: string;
  env: string;
  kind: FlagKind;
  valueName?: string;
  description: string;
  /** Shown in --help; the real default is applied by parse-options.ts. */
  defaultText?: string;
}

export const FLAGS: readonly FlagDefinition[] = [
  {
    name: 'url',
    env: 'CONFORMANCE_URL',
    kind: 'string',
    valueName: 'URL',
    description:
      'Base URL of the implementation under test (without /v1). Without it the reference server is started in-process on a free port.',
  },
  {
    name: 'api-key',
    env: 'CONFORMANCE_API_KEY',
    kind: 'string',
    valueName: 'KEY',
    description:
      "API key of publication A, the publication the suite works in. Without it the key is read from the target's GET /_control/publications (first publication).",
  },
  {
    name: 'second-api-key',
    env: 'CONFORMANCE_SECOND_API_KEY',
    kind: 'string',
    valueName: 'KEY',
    description:
      'API key of a second publication B, for isolation tests (A must not see or change B). Without it: from /_control/publications (second publication), else those tests are skipped.',
  },
  {
    name: 'control-token',
    env: 'CONFORMANCE_CONTROL_TOKEN',
    kind: 'string',
    valueName: 'TOKEN',
    description: "Sent as Authorization: Bearer TOKEN with every /_control request, for a target whose control API needs a token (the reference's --control-token).",
  },
  {
    name: 'profile',
    env: 'CONFORMANCE_PROFILE',
    kind: 'list',
    valueName: 'LIST',
    description: 'Profiles to run, comma-separated (see PROFILES below).',
    defaultText:
      'core,extended, plus control when the target has /_control, side-effects when its /_control declares an outbox (a sandbox), reference-choices when the target is the reference',
  },
  {
    name: 'seed',
    env: 'CONFORMANCE_SEED',
    kind: 'integer',
    valueName: 'N',
    description:
      'Seed of every property test (and of the in-process reference). The same seed and filter replay the same inputs.',
    defaultText: 'random, printed at the start and in every report',
  },
  { name: 'runs', env: 'CONFORMANCE_RUNS', kind: 'integer', valueName: 'N', description: 'fast-check runs per property.', defaultText: '25' },
  {
    name: 'filter',
    env: 'CONFORMANCE_FILTER',
    kind: 'list',
    valueName: 'PATTERNS',
    description:
      'Run only tests matching any pattern (comma-separated or repeated): a rule id prefix (posts.schedule) or glob (posts.*.max-*), which also loads only the suite files naming those rules, or, when it names no rule, a substring of the test name.',
  },
  { name: 'report-dir', env: 'CONFORMANCE_REPORT_DIR', kind: 'string', valueName: 'DIR', description: 'Where junit.xml, results.json and report.html are written.', defaultText: 'reports/conformance' },
  {
    name: 'rate-limit',
    env: 'CONFORMANCE_RATE_LIMIT',
    kind: 'number',
    valueName: 'N',
    description: 'At most N requests per second to the target, in total (with --workers, each worker keeps to its share).',
    defaultText: 'unlimited',
  },
  {
    name: 'timeout',
    env: 'CONFORMANCE_TIMEOUT',
    kind: 'integer',
    valueName: 'MS',
    description: 'Time limit of each test in milliseconds; a test past it errors, saying which request it was still waiting for.',
    defaultText: '60000',
  },
  {
    name: 'max-failures',
    env: 'CONFORMANCE_MAX_FAILURES',
    kind: 'integer',
    valueName: 'N',
    description: 'Stop the run after N tests failed, errored or were blocked; the tests not run are reported as such, their rules as excluded.',
    defaultText: 'no limit',
  },
  { name: 'bail', env: 'CONFORMANCE_BAIL', kind: 'boolean', description: 'Stop at the first failed, errored or blocked test (the same as --max-failures 1).' },
  {
    name: 'no-skips',
    env: 'CONFORMANCE_NO_SKIPS',
    kind: 'boolean',
    description:
      'A test that would be skipped (a capability, key or precondition missing) fails instead, with the reason: for a target that should offer everything the selected profiles need, such as the reference itself (npm test, npm run mutation), where a skip would hide a broken capability.',
  },
  {
    name: 'workers',
    env: 'CONFORMANCE_WORKERS',
    kind: 'integer',
    valueName: 'N',
    description:
      'Run N test files at a time against the same target: first the files that tolerate each other, then, one at a time, those that move the clock or read whole lists (conformance/src/run/schedule.ts). --rate-limit stays the total.',
    defaultText: '1',
  },
  {
    name: 'replay-path',
    env: 'CONFORMANCE_REPLAY_PATH',
    kind: 'string',
    valueName: 'PATH',
    description:
      "fast-check path printed with a failure: with the same --seed and a --filter that selects only the failing test, jumps straight to the shrunk counterexample.",
  },
  {
    name: 'differential',
    env: 'CONFORMANCE_DIFFERENTIAL',
    kind: 'boolean',
    description:
      'Also run the same random request sequences against the target and a fresh in-process reference, and report every step where they answer differently (differential.*; --filter differential runs only these).',
  },
  { name: 'list-rules', env: 'CONFORMANCE_LIST_RULES', kind: 'boolean', description: 'Print the rule catalogue grouped by spec section, then exit.' },
  { name: 'help', env: 'CONFORMANCE_HELP', kind: 'boolean', description: 'Print this help, then exit.' },
];
