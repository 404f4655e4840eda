/**
 * The API contract axis (issue 14): which files are specs, loading one, the diff, the rule set
 * and the gate. Owns nothing but this surface.
 */
export { isDefaultSpecName, isSpecFile, DEFAULT_SPEC_NAMES } from './spec-files.js';
export { loadSpec, type LoadedSpec, type SpecLoad, type SpecVersion } from './load.js';
export { SPEC_SIZE_LIMIT_BYTES } from './source-text.js';
export { changeFingerprint, diffContracts } from './diff.js';
export { CONTRACT_RULES, contractRule, isContractRuleId } from './rules.js';
export { contractAxis, type ContractAxisOptions } from './gate.js';
export type {
  ContractAction,
  ContractArea,
  ContractChange,
  ContractDecision,
  ContractDiff,
  ContractDirection,
  ContractFileSides,
  ContractProblem,
  ContractRule,
  ContractSeverity,
} from './model.js';
