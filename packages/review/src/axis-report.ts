/**
 * One axis of a review's verdict, as `review_studio.axis` answers it: the axis as the verdict
 * judged it, the lines of the verdict's `why` about it (its own line and the policy problems
 * naming it), and what an agent acts on: the contract axis's changes with the decision stored for
 * each, the visual axis's snapshots with whether each is approved. Owns that selection; judging
 * the axes is review-verdict.ts's.
 */
import type { ReviewArtifact } from './artifact.js';
import type { AxisName } from './axes-types.js';
import type { ContractChange } from './contract/index.js';
import type { ContractDecision, ReviewNotes } from './notes.js';
import type { ReviewVerdict } from './review-verdict.js';
import type { AxisVerdict } from './verdict/index.js';
import { snapshotStatus, type Snapshot } from './visual/index.js';

/** A contract change and the decision stored for it (null: none yet). */
export interface AxisContractChange extends ContractChange {
  decision: ContractDecision | null;
}

/** A compared golden and whether review_studio.approveVisual approved it. */
export interface AxisSnapshot extends Snapshot {
  approved: boolean;
}

export interface AxisReport {
  axis: AxisName;
  result: AxisVerdict;
  why: string[];
  /** The contract axis only. */
  changes?: AxisContractChange[];
  /** The visual axis only. */
  snapshots?: AxisSnapshot[];
}

/** The report of `axis` from the verdict judged over `artifact` and `notes`. */
export function axisReport(artifact: ReviewArtifact, notes: ReviewNotes, verdict: ReviewVerdict, axis: AxisName): AxisReport {
  const report: AxisReport = { axis, result: verdict.axes[axis], why: whyOf(verdict, axis) };
  if (axis === 'contract') {
    report.changes = artifact.contract.changes.map((change) => ({ ...change, decision: notes.contractDecisions[change.id] ?? null }));
  }
  if (axis === 'visual') {
    const approvals = new Set(notes.visualApprovals);
    report.snapshots = artifact.visual.snapshots.map((snapshot) => ({ ...snapshot, approved: snapshotStatus(snapshot, approvals) === 'approved' }));
  }
  return report;
}

/**
 * The verdict's lines about one axis: each axis line starts with its name (verdict.ts's
 * axisLine), and a policy problem about it names its key `"review.axes.<axis>"` (scope.ts).
 */
function whyOf(verdict: ReviewVerdict, axis: AxisName): string[] {
  return [
    ...verdict.why.filter((line) => line.startsWith(`${axis}: `)),
    ...verdict.policyProblems.filter((problem) => problem.includes(`"review.axes.${axis}"`)),
  ];
}
