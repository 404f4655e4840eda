/**
 * CI signals for the review (issue 13, item 5): JUnit XML read into cases, cases paired with the
 * review's tests, and each test's state. Owns the folder's public surface only.
 */
export { parseJUnit, JUNIT_MAX_BYTES } from './junit.js';
export { ciSignals } from './signals.js';
export { indexTests, matchCase, type CaseMatch, type ReportedCase, type TestIndex } from './match.js';
export {
  PENDING_CHECK_STATES,
  type CiCase,
  type CiEvidence,
  type CiResults,
  type CiSignals,
  type JUnitCase,
  type JUnitCaseState,
  type JUnitParse,
  type PendingCheck,
  type PendingCheckState,
  type TestRef,
  type TestSignal,
} from './shapes.js';
