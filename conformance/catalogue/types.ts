/**
 * The shape of the rule catalogue: every normative statement of the spec,
 * with a stable id that tests name and reports key on.
 */
import type { Profile } from '../src/shared/profiles.js';

/** Where a rule comes from; decides how binding it is for other implementations. */
/** `production OpenAPI`: the production service's own OpenAPI document (fixtures/production-openapi.json), public like SILENT.md's public facts. */
export type RuleSource = 'SPEC.md' | 'SILENT.md public' | 'SILENT.md ours' | 'DESIGN.md' | 'production OpenAPI';

export interface Rule {
  /** `area.topic.rule`, lower-case, stable forever once published (reports and CI filters key on it). */
  id: string;
  /** The SPEC.md (or SILENT.md) section, as `Heading › Subheading`. */
  section: string;
  /** The requirement, short and close to the spec's own words. */
  statement: string;
  profile: Profile;
  source: RuleSource;
}

/** Area files write rules with the section and source of their block filled in once. */
export interface RuleBlock {
  section: string;
  source?: RuleSource;
  profile?: Profile;
  rules: Array<[id: string, statement: string, overrides?: Partial<Pick<Rule, 'profile' | 'source' | 'section'>>]>;
}

/**
 * Expands blocks into rules. The default profile follows the source: "ours"
 * choices are reference-choices, everything else core.
 */
export function defineRules(blocks: RuleBlock[]): Rule[] {
  return blocks.flatMap((block) =>
    block.rules.map(([id, statement, overrides]) => {
      const source = overrides?.source ?? block.source ?? 'SPEC.md';
      const profile =
        overrides?.profile ?? block.profile ?? (source === 'SILENT.md ours' ? 'reference-choices' : 'core');
      return { id, statement, section: overrides?.section ?? block.section, source, profile };
    }),
  );
}

/** area.topic.rule: at least three dot-separated segments of [a-z0-9-]. */
export const RULE_ID_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*){2,}$/;
