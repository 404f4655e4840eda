/**
 * @repograph/review: a pull request's review computed from two sides the engine opens (two
 * commits, or a commit and a workspace): changed files in cohorts ordered by impact with keys
 * stable across pushes, the blast radius, CI signals from JUnit XML and dependency changes;
 * persisted per review id and recomputed when the head it follows moves (service.ts).
 */
export { ReviewService, type ComputeParams, type ReviewState, type ReviewListener } from './service.js';
export { computeReview, type ReviewRequestInfo } from './compute.js';
export { ARTIFACT_VERSION, cohortOf, headSideOf, type ReviewArtifact, type ReviewSummary, type ReviewTest, type ReviewDiagnostic } from './artifact.js';
export { reviewIdOf, type HeadSpec } from './review-id.js';
export { blastRadius, cohortImpact, radiusSize, DEFAULT_RADIUS_DEPTH, MAX_RADIUS_DEPTH, type RadiusOptions } from './radius/index.js';
export { ciSignals, parseJUnit } from './ci/index.js';
export { ciSignalsOffThread } from './ci-off-thread.js';
export type { CiResults, TestSignal, CiSignals } from './ci/shapes.js';
export type { DependencyChange } from './dependencies/model.js';
export { graphOf, changedFilesOf } from './graph-view.js';
export type * from './types.js';
export { reviewVerdict, type ReviewVerdict, type ReviewPolicy } from './review-verdict.js';
export { axisReport, type AxisReport, type AxisContractChange, type AxisSnapshot } from './axis-report.js';
export type { ReviewNotes, ContractDecision } from './notes.js';
export { verdictOf, type VerdictResult, type AxisVerdict } from './verdict/index.js';
export type * from './axes-types.js';
export { AXES, AXIS_STATES } from './axes-types.js';
export type { Diagram, DiagramVerification, EdgeVerification, NodeResolution, EdgeEvidence } from './diagrams/index.js';
export type { ContractChange, ContractDiff, ContractProblem } from './contract/index.js';
