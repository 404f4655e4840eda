/**
 * The verdict's public face: the verdict of the axes, the axes a repository declares out of scope,
 * and the validation of what finalize posts. Owns the re-exports only.
 */
export {
  heavierVerdict, NOT_POSTED_REASON, STATE_HEAVINESS, VERDICT_ORDER, verdictOf,
  type AxisVerdict, type VerdictResult,
} from './verdict.js';
export { applyAxisScope, axisScope, gatedAxes, type AxisScope } from './scope.js';
export {
  AGENT_AXES, FINALIZE_LIMITS, POSTABLE_STATES, validateFinalize,
  type AgentAxisName, type FinalizeInput,
} from './finalize.js';
