import { readFileSync } from 'node:fs';
import { createInjector } from 'typed-inject';
import { commonTokens } from '@stryker-mutator/api/plugin';
import { createInstrumenter } from '@stryker-mutator/instrumenter';
const files = process.argv.slice(2);
const logger = { isTraceEnabled: () => false, isDebugEnabled: () => false, isInfoEnabled: () => false, trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };
const injector = createInjector().provideValue(commonTokens.logger, logger as never).provideValue(commonTokens.getLogger, (() => logger) as never).provideValue(commonTokens.options, { mutator: { plugins: null, excludedMutations: [] } } as never);
const inst = createInstrumenter(injector as never);
let total = 0;
for (const f of files) {
  const r = await inst.instrument([{ name: f, content: readFileSync(f, 'utf8'), mutate: true }] as never, { plugins: null, excludedMutations: [], ignorers: [], noHeader: true } as never);
  console.log(r.mutants.length, f); total += r.mutants.length;
}
console.log(total, 'total');
