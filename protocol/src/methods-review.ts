/**
 * The review studio, part 1 (PROTOCOL.md "Review studio"), and `index.diff`: a pull request's
 * review computed from two commits (or a commit and a workspace), persisted, and read by parts:
 * cohorts in impact order, the blast radius, one cohort's impact, CI signals and dependency
 * changes. Every answer about a review carries `stale`: true while the head it follows has moved
 * past the one computed (the recomputation is under way). Shapes are wire copies of
 * packages/review's (daemon/src/wire-twins.ts fails the build when they drift).
 */
import { RequestType } from 'vscode-jsonrpc';
import type { StructuralDelta } from './delta.js';
import type { ErrorData } from './errors.js';
import type { WireConfidence, WireRelationKind, WithMeta } from './shapes.js';

/** One changed file of a review. */
export interface ReviewChangedFile {
  path: string;
  status: 'added' | 'removed' | 'modified';
  /** The graph's language for the file, or null when the graph does not parse it. */
  language: string | null;
  generated: boolean;
  binary: boolean;
  linesAdded: number;
  linesRemoved: number;
}

/** The parts of a cohort's impact score (see docs/ARCHITECTURE.md "Review" for the formula). */
export interface ImpactParts {
  removedExported: number;
  renamedExported: number;
  danglingCallers: number;
  arityFindings: number;
  radius: number;
  testsReaching: number;
  generatedFiles: number;
  changedLines: number;
}

/** Changed files that belong together. */
export interface Cohort {
  /** Stable across pushes and rebases (never derived from commit ids, file order or positions). */
  key: string;
  basis: 'graph' | 'path';
  /**
   * `syntax` when a member file is of the syntax tier (its symbols and ties come from names, not
   * types); absent otherwise.
   * @since 0.4.4
   */
  semanticLevel?: 'syntax';
  files: string[];
  symbols: string[];
  tests: string[];
  impact: { score: number; parts: ImpactParts };
}

/** What the head of a review is. */
export type ReviewHead =
  | { kind: 'branch'; ref: string }
  | { kind: 'commit'; ref: string }
  | { kind: 'workspace'; workspace: string };

export interface ReviewSummary {
  files: number;
  cohorts: number;
  graphCohorts: number;
  pathCohorts: number;
  symbolsAdded: number;
  symbolsRemoved: number;
  symbolsRenamed: number;
  symbolsChanged: number;
  danglingCallers: number;
  arityFindings: number;
  newDuplicates: number;
  newImportCycles: number;
  testsReaching: number;
  dependencyChanges: number;
}

export interface ReviewTest {
  id: string;
  path: string;
  name: string;
  qualifiedName: string;
  kind: string;
  language: string;
}

/** A dependency added, removed or moved between base and head. */
export interface DependencyChange {
  ecosystem: 'npm' | 'go' | 'python';
  name: string;
  change: 'added' | 'removed' | 'upgraded' | 'downgraded' | 'changed';
  from: string | null;
  to: string | null;
  semver: 'major' | 'minor' | 'patch' | 'prerelease' | null;
  direct: boolean;
  /** The manifest or lockfile that shows the change. */
  manifest: string;
  /** Changed files that import this (direct) dependency. */
  importedBy: string[];
}

export interface ReviewDiagnostic {
  path: string;
  message: string;
}

/** A committed golden image that changed, compared pixel by pixel. */
export interface VisualSnapshot {
  id: string;
  path: string;
  state: 'changed' | 'removed' | 'unchanged' | 'added';
  diffPixels?: number;
  totalPixels?: number;
  ratio?: number;
  before?: { width: number; height: number };
  after?: { width: number; height: number };
  contentDigest: string;
  note?: string;
  problem?: string;
}

/** What the visual axis reads: changed committed goldens and the head's pubspec.yaml files. */
export interface VisualFacts {
  changedPaths: string[];
  snapshots: VisualSnapshot[];
  pubspecs: Array<{ path: string; text: string }>;
}

/** One classified change of an API spec (fingerprint `id` stable across pushes). */
export interface ContractChange {
  id: string;
  ruleId: string;
  severity: 'breaking' | 'non-breaking' | 'informational';
  area: 'paths' | 'parameters' | 'request-body' | 'media-types' | 'responses' | 'schemas' | 'security' | 'metadata';
  action: 'added' | 'removed' | 'modified';
  operation?: string;
  location: string;
  path: string;
  line: number;
  message: string;
}

/** The API contract diff of a review's changed spec files; any problem keeps the axis from passing. */
export interface ContractDiff {
  changes: ContractChange[];
  problems: Array<{ path: string; line?: number; message: string }>;
}

/** The whole stored review (`review_studio.get`). */
export interface ReviewArtifact {
  version: number;
  reviewId: string;
  base: { ref: string; commit: string };
  head: ReviewHead;
  headResolved: string | null;
  follows: string | null;
  generation: number | null;
  fingerprint: string;
  headDescendsFromBase: boolean;
  indexed: boolean;
  files: ReviewChangedFile[];
  delta: StructuralDelta;
  cohorts: Cohort[];
  tests: ReviewTest[];
  dependencies: DependencyChange[];
  visual: VisualFacts;
  contract: ContractDiff;
  diagnostics: ReviewDiagnostic[];
  summary: ReviewSummary;
}

/** One node the blast radius reached. */
export interface ReachedNode {
  id: string;
  path: string;
  kind: string;
  depth: number;
  /** A shortest path from this node to the changed symbol it reaches, this node first. */
  through: string[];
  test: boolean;
}

export interface BlastRadius {
  seeds: string[];
  symbols: ReachedNode[];
  files: Array<{ path: string; depth: number }>;
  tests: ReachedNode[];
  /** Which budget cut the traversal, never a silent clamp; null when nothing was cut. */
  truncated: { budget: 'depth' | 'nodes' | 'edges'; limit: number; unexplored: number } | null;
}

export type TestState = 'passed' | 'failed' | 'skipped' | 'not_run' | 'pending';

export interface TestSignal {
  id: string;
  path: string;
  name: string;
  state: TestState;
  evidence?: { source: string; suite: string; classname: string; name: string };
  cases: number;
}

/** CI results: JUnit XML documents, per-case states, and CI jobs still coming. */
export interface CiResults {
  junit?: Array<{ source: string; xml: string }>;
  cases?: Array<{
    source: string; suite?: string; classname?: string; name: string; file?: string;
    state: 'passed' | 'failed' | 'skipped' | 'pending';
  }>;
  pending?: Array<{ name: string; state: 'queued' | 'in_progress' | 'pending' | 'waiting' | 'requested' }>;
}

/** Fields every answer about a review carries. */
export interface ReviewAnswer {
  reviewId: string;
  /** True while the followed head has moved past the computed one (a recomputation is under way). */
  stale: boolean;
}

export interface IndexDiffParams {
  /** A commit-ish naming one commit (a range or an option is refused: BaseNotACommit). */
  base: string;
  /** A commit-ish; absent: the workspace's live tree. */
  head?: string;
  workspace?: string;
}

export interface IndexDiffPayload extends StructuralDelta {
  base: string;
  /** The head commit, or null for a workspace. */
  head: string | null;
  files: ReviewChangedFile[];
}
export type IndexDiffResult = WithMeta<IndexDiffPayload>;
export const IndexDiffMethod = 'index.diff';
export const IndexDiffRequest = new RequestType<IndexDiffParams, IndexDiffResult, ErrorData>(IndexDiffMethod);

export interface ReviewComputeParams {
  base: string;
  head?: string;
  workspace?: string;
}
export interface ReviewComputePayload extends ReviewAnswer {
  base: { ref: string; commit: string };
  head: ReviewHead;
  headResolved: string | null;
  cohorts: Cohort[];
  summary: ReviewSummary;
}
export type ReviewComputeResult = WithMeta<ReviewComputePayload>;
export const ReviewComputeMethod = 'review_studio.compute';
export const ReviewComputeRequest = new RequestType<ReviewComputeParams, ReviewComputeResult, ErrorData>(ReviewComputeMethod);

export interface ReviewIdParams {
  reviewId: string;
}

export type ReviewGetResult = WithMeta<ReviewArtifact & { stale: boolean }>;
export const ReviewGetMethod = 'review_studio.get';
export const ReviewGetRequest = new RequestType<ReviewIdParams, ReviewGetResult, ErrorData>(ReviewGetMethod);

/** `summaries`: the agents' cohort summaries by cohort key (review_studio.setCohortSummary). */
export type ReviewCohortsResult = WithMeta<ReviewAnswer & { cohorts: Cohort[]; summaries: Record<string, string> }>;
export const ReviewCohortsMethod = 'review_studio.cohorts';
export const ReviewCohortsRequest = new RequestType<ReviewIdParams, ReviewCohortsResult, ErrorData>(ReviewCohortsMethod);

export interface ReviewBlastRadiusParams extends ReviewIdParams {
  /** Edges to follow back from the changed symbols (default 6, at most 20). */
  depth?: number;
}
export type ReviewBlastRadiusResult = WithMeta<ReviewAnswer & BlastRadius>;
export const ReviewBlastRadiusMethod = 'review_studio.blastRadius';
export const ReviewBlastRadiusRequest = new RequestType<ReviewBlastRadiusParams, ReviewBlastRadiusResult, ErrorData>(ReviewBlastRadiusMethod);

export interface ReviewCohortImpactParams extends ReviewIdParams {
  key: string;
  depth?: number;
}
/** One cohort's radius and the diff's findings on its symbols. */
export interface CohortFindings {
  danglingCallers: NonNullable<StructuralDelta['danglingCallers']>;
  arityFindings: NonNullable<StructuralDelta['arityFindings']>;
  newDuplicates: NonNullable<StructuralDelta['newDuplicates']>;
  signatureChanges: NonNullable<StructuralDelta['signatureChanges']>;
  newImportCycles: string[][];
}
export type ReviewCohortImpactResult = WithMeta<ReviewAnswer & { cohort: Cohort; radius: BlastRadius; findings: CohortFindings }>;
export const ReviewCohortImpactMethod = 'review_studio.cohortImpact';
export const ReviewCohortImpactRequest = new RequestType<ReviewCohortImpactParams, ReviewCohortImpactResult, ErrorData>(ReviewCohortImpactMethod);

export interface ReviewCiSignalsParams extends ReviewIdParams {
  results?: CiResults;
}
export interface CohortSignals {
  key: string;
  tests: TestSignal[];
}
export type ReviewCiSignalsResult = WithMeta<ReviewAnswer & { cohorts: CohortSignals[]; diagnostics: string[] }>;
export const ReviewCiSignalsMethod = 'review_studio.ciSignals';
export const ReviewCiSignalsRequest = new RequestType<ReviewCiSignalsParams, ReviewCiSignalsResult, ErrorData>(ReviewCiSignalsMethod);

export type ReviewDependencyDiffsResult = WithMeta<ReviewAnswer & { changes: DependencyChange[]; diagnostics: ReviewDiagnostic[] }>;
export const ReviewDependencyDiffsMethod = 'review_studio.dependencyDiffs';
export const ReviewDependencyDiffsRequest = new RequestType<ReviewIdParams, ReviewDependencyDiffsResult, ErrorData>(ReviewDependencyDiffsMethod);

/** A watch twin's params: the method's own, plus `since` (a clock) as watch.subscribe takes it. */
export type WatchTwinParams<P> = P & { since?: string };

/** What a watch twin answers: the subscription, as watch.subscribe does (events come as watch.event). */
export interface ReviewWatchPayload {
  subscriptionId: string;
  clock: string;
  reviewId: string;
}
export type ReviewWatchResult = WithMeta<ReviewWatchPayload>;

export const ReviewWatchComputeRequest = new RequestType<WatchTwinParams<ReviewComputeParams>, ReviewWatchResult, ErrorData>('review_studio.watchCompute');
export const ReviewWatchCohortsRequest = new RequestType<WatchTwinParams<ReviewIdParams>, ReviewWatchResult, ErrorData>('review_studio.watchCohorts');
export const ReviewWatchBlastRadiusRequest = new RequestType<WatchTwinParams<ReviewBlastRadiusParams>, ReviewWatchResult, ErrorData>('review_studio.watchBlastRadius');
export const ReviewWatchCohortImpactRequest = new RequestType<WatchTwinParams<ReviewCohortImpactParams>, ReviewWatchResult, ErrorData>('review_studio.watchCohortImpact');
export const ReviewWatchCiSignalsRequest = new RequestType<WatchTwinParams<ReviewCiSignalsParams>, ReviewWatchResult, ErrorData>('review_studio.watchCiSignals');
export const ReviewWatchDependencyDiffsRequest = new RequestType<WatchTwinParams<ReviewIdParams>, ReviewWatchResult, ErrorData>('review_studio.watchDependencyDiffs');

// ---- Part 2: the axes and the verdict (issue 14) ----

export type AxisState = 'pass' | 'warn' | 'fail' | 'partial' | 'unavailable' | 'off';

export interface AxisFinding {
  id?: string;
  path: string;
  line?: number;
  message: string;
  severity?: 'breaking' | 'non-breaking' | 'informational' | 'blocking' | 'concern';
}

export interface AxisResult {
  state: AxisState;
  reason?: string;
  findings: AxisFinding[];
}

export interface AxisVerdict extends AxisResult {
  /** Whether the axis can hold or block the verdict (an `off` axis never does). */
  gated: boolean;
}

/** The five axes, in the order the verdict lists them (packages/review's AXES; wire-twins.ts checks they agree). */
export const AXIS_NAMES = ['contract', 'visual', 'correctness', 'security', 'testGap'] as const;
export type AxisName = (typeof AXIS_NAMES)[number];

export interface ReviewFinalizeParams extends ReviewIdParams {
  axes: { correctness: AxisResult; security: AxisResult; testGap: AxisResult };
  summary?: string;
}
export type ReviewFinalizeResult = WithMeta<ReviewAnswer & { axes: { correctness: AxisResult; security: AxisResult; testGap: AxisResult } }>;
export const ReviewFinalizeMethod = 'review_studio.finalize';
export const ReviewFinalizeRequest = new RequestType<ReviewFinalizeParams, ReviewFinalizeResult, ErrorData>(ReviewFinalizeMethod);

export interface ReviewVerdictPayload extends ReviewAnswer {
  verdict: 'Ship' | 'Hold' | 'Block';
  axes: Record<AxisName, AxisVerdict>;
  /** Why: the deciding axes first, then one line per axis. */
  why: string[];
}
export type ReviewVerdictResult = WithMeta<ReviewVerdictPayload>;
export const ReviewVerdictMethod = 'review_studio.verdict';
export const ReviewVerdictRequest = new RequestType<ReviewIdParams, ReviewVerdictResult, ErrorData>(ReviewVerdictMethod);

export interface ReviewSetCohortSummaryParams extends ReviewIdParams {
  key: string;
  markdown: string;
}
export type ReviewSetCohortSummaryResult = WithMeta<ReviewAnswer & { key: string; stored: boolean }>;
export const ReviewSetCohortSummaryMethod = 'review_studio.setCohortSummary';
export const ReviewSetCohortSummaryRequest = new RequestType<ReviewSetCohortSummaryParams, ReviewSetCohortSummaryResult, ErrorData>(ReviewSetCohortSummaryMethod);

export const ReviewWatchVerdictRequest = new RequestType<WatchTwinParams<ReviewIdParams>, ReviewWatchResult, ErrorData>('review_studio.watchVerdict');

export interface ReviewApproveVisualParams extends ReviewIdParams {
  /** A snapshot id of the visual axis's findings (a changed or removed golden). */
  snapshotId: string;
}
export type ReviewApproveVisualResult = WithMeta<ReviewAnswer & { snapshotId: string; approved: boolean }>;
export const ReviewApproveVisualMethod = 'review_studio.approveVisual';
export const ReviewApproveVisualRequest = new RequestType<ReviewApproveVisualParams, ReviewApproveVisualResult, ErrorData>(ReviewApproveVisualMethod);

/** A diagram an agent adds: typed objects only (mermaid text is refused). */
export interface ReviewDiagram {
  kind: 'sequence' | 'entity_relation' | 'state_machine';
  title?: string;
  /** Each bound to a symbol by id or by a name that resolves to one symbol at head. */
  nodes: Array<{ id: string; symbol: string; label?: string }>;
  /** Each with the relation kind the graph should hold from `from`'s symbol to `to`'s. */
  edges: Array<{ from: string; to: string; label: string; expected: WireRelationKind }>;
}

export type DiagramNodeResolution =
  | { id: string; symbol: string; label?: string; status: 'resolved'; symbolId: string; by: 'id' | 'name' }
  | { id: string; symbol: string; label?: string; status: 'unresolved'; reason: string; candidates: string[] };

export interface DiagramEdgeEvidence {
  path: string;
  line: number;
  column: number;
  relation: WireRelationKind;
  from: string;
  to: string;
  confidence: WireConfidence;
}

type DiagramEdge = ReviewDiagram['edges'][number];
export type DiagramEdgeVerification =
  | (DiagramEdge & { status: 'verified'; evidence: DiagramEdgeEvidence; supportingRelations: number })
  | (DiagramEdge & { status: 'unverified'; why: string });

/** Every node bound or not, every edge `verified` (with the graph's evidence) or `unverified` (with why), never as fact. */
export interface DiagramVerification {
  kind: ReviewDiagram['kind'];
  title?: string;
  nodes: DiagramNodeResolution[];
  edges: DiagramEdgeVerification[];
  verifiedEdges: number;
  unverifiedEdges: number;
}

export interface ReviewAddDiagramParams extends ReviewIdParams {
  /** The cohort the diagram explains (absent: the whole review). */
  key?: string;
  diagram: ReviewDiagram;
}
export type ReviewAddDiagramResult = WithMeta<ReviewAnswer & { diagramId: string; key: string | null; verification: DiagramVerification }>;
export const ReviewAddDiagramMethod = 'review_studio.addReviewDiagram';
export const ReviewAddDiagramRequest = new RequestType<ReviewAddDiagramParams, ReviewAddDiagramResult, ErrorData>(ReviewAddDiagramMethod);

export interface ReviewSetContractDecisionParams extends ReviewIdParams {
  /** A contract change's fingerprint (`id` of the contract axis's findings). */
  changeId: string;
  decision: 'approve' | 'reject';
  note?: string;
}
export type ReviewSetContractDecisionResult = WithMeta<ReviewAnswer & { changeId: string; decision: 'approve' | 'reject' }>;
export const ReviewSetContractDecisionMethod = 'review_studio.setContractDecision';
export const ReviewSetContractDecisionRequest = new RequestType<ReviewSetContractDecisionParams, ReviewSetContractDecisionResult, ErrorData>(ReviewSetContractDecisionMethod);

export interface ReviewAxisParams extends ReviewIdParams {
  axis: AxisName;
}

/** A reviewer's decision on a contract change (review_studio.setContractDecision). */
export interface ContractChangeDecision {
  decision: 'approve' | 'reject';
  note?: string;
}

/** A contract change as the contract axis lists it: the change and the decision stored for it (null: none yet). */
export interface AxisContractChange extends ContractChange {
  decision: ContractChangeDecision | null;
}

/** A compared golden as the visual axis lists it: approved with review_studio.approveVisual, or not. */
export interface AxisSnapshot extends VisualSnapshot {
  approved: boolean;
}

/**
 * One axis of the verdict: the axis as the verdict judged it, the lines of the verdict's `why`
 * about it, and what an agent acts on: the contract axis's changes (to decide) and the visual
 * axis's snapshots (to approve).
 */
export interface ReviewAxisPayload extends ReviewAnswer {
  axis: AxisName;
  result: AxisVerdict;
  why: string[];
  /** The contract axis only: every change of the review's contract diff, with its decision. */
  changes?: AxisContractChange[];
  /** The visual axis only: the committed goldens compared, each with whether it is approved. */
  snapshots?: AxisSnapshot[];
}
export type ReviewAxisResult = WithMeta<ReviewAxisPayload>;
export const ReviewAxisMethod = 'review_studio.axis';
export const ReviewAxisRequest = new RequestType<ReviewAxisParams, ReviewAxisResult, ErrorData>(ReviewAxisMethod);

export const ReviewWatchAxisRequest = new RequestType<WatchTwinParams<ReviewAxisParams>, ReviewWatchResult, ErrorData>('review_studio.watchAxis');
