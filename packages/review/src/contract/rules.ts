/**
 * The contract axis's rule set: every change the diff reports is classified by exactly one of
 * these rules, each documented in its area's file (rules-paths.ts, rules-parameters.ts,
 * rules-request-bodies.ts, rules-media-types.ts, rules-responses.ts, rules-schemas.ts,
 * rules-security.ts, rules-metadata.ts) with its id, area, kind, action, direction and
 * severity. Modelled on oasdiff's taxonomy (area, kind, action, direction); the ids are ours.
 * Each area has a documented fallback (`*-other-changed`, `*-schema-constraint-changed`,
 * `schema-annotation-changed`), so there is no "unknown" class. Owns the assembled set and the
 * lookup.
 */
import type { ContractRule } from './model.js';
import { MEDIA_TYPE_RULES } from './rules-media-types.js';
import { METADATA_RULES } from './rules-metadata.js';
import { PARAMETER_RULES } from './rules-parameters.js';
import { PATH_RULES } from './rules-paths.js';
import { REQUEST_BODY_RULES } from './rules-request-bodies.js';
import { RESPONSE_RULES } from './rules-responses.js';
import { SCHEMA_RULES } from './rules-schemas.js';
import { SECURITY_RULES } from './rules-security.js';

/** All rules, in area order. */
export const CONTRACT_RULES: readonly ContractRule[] = [
  ...PATH_RULES,
  ...PARAMETER_RULES,
  ...REQUEST_BODY_RULES,
  ...MEDIA_TYPE_RULES,
  ...RESPONSE_RULES,
  ...SCHEMA_RULES,
  ...SECURITY_RULES,
  ...METADATA_RULES,
];

const RULES_BY_ID: ReadonlyMap<string, ContractRule> = new Map(CONTRACT_RULES.map((rule) => [rule.id, rule]));

/** The rule with this id; throws for an id that is not in the set (a bug in the diff, never input). */
export function contractRule(id: string): ContractRule {
  const rule = RULES_BY_ID.get(id);
  if (!rule) throw new Error(`the contract diff used an undocumented rule id "${id}"`);
  return rule;
}

export function isContractRuleId(id: string): boolean {
  return RULES_BY_ID.has(id);
}
