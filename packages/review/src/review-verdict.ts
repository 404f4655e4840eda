/**
 * A review's verdict: the five axes judged now (the two deterministic ones from the stored review
 * and its notes, the agents' three from what finalize posted), the repository's out-of-scope
 * declarations (`.repograph.json` `review.axes`) applied, then verdict/'s rules. Owns that
 * assembly; each axis's judgment is its module's.
 */
import type { AxisName, AxisResult } from './axes-types.js';
import type { ReviewArtifact } from './artifact.js';
import { contractAxis } from './contract/index.js';
import { staleFinalized, type ReviewNotes } from './notes.js';
import { applyAxisScope, axisScope, gatedAxes, verdictOf, type VerdictResult } from './verdict/index.js';
import { pathFlutterProbe, visualAxis, type FlutterProbe } from './visual/index.js';

/** The repository's `.repograph.json` as the verdict reads it. */
export interface ReviewPolicy {
  /** Its `review` section as written (absent: every axis in scope). */
  review?: unknown;
  /** The file it came from, named in an `off` axis's reason. */
  file: string | null;
}

export interface ReviewVerdict extends VerdictResult {
  /** Problems with the `review` section of `.repograph.json` (an unknown axis, a bad value). */
  policyProblems: string[];
}

export async function reviewVerdict(artifact: ReviewArtifact, notes: ReviewNotes, policy: ReviewPolicy, probe: FlutterProbe = pathFlutterProbe()): Promise<ReviewVerdict> {
  const scope = axisScope(policy.review === undefined ? {} : { review: policy.review }, policy.file ?? '.repograph.json');
  const axes: Record<AxisName, AxisResult | undefined> = {
    contract: contractAxis(artifact.contract, new Map(Object.entries(notes.contractDecisions)), { derived: isDerived(artifact) }),
    visual: await visualAxis({
      repository: { changedPaths: artifact.visual.changedPaths, pubspecs: artifact.visual.pubspecs },
      snapshots: artifact.visual.snapshots, approvals: new Set(notes.visualApprovals), probe,
    }),
    ...agentsAxes(notes, artifact),
  };
  const scoped = applyAxisScope(axes, scope);
  return { ...verdictOf(scoped, gatedAxes(scope)), policyProblems: scope.problems };
}

/**
 * The agents' three axes as finalize posted them; posted for other sides than the review's now
 * (a push, a moved base), each is unavailable with why: a judgment of older code never ships newer.
 */
function agentsAxes(notes: ReviewNotes, artifact: ReviewArtifact): Pick<Record<AxisName, AxisResult | undefined>, 'correctness' | 'security' | 'testGap'> {
  const finalized = notes.finalized;
  if (!finalized) return { correctness: undefined, security: undefined, testGap: undefined };
  const stale = staleFinalized(finalized, artifact);
  if (stale === null) return finalized.axes;
  const unavailable = (): AxisResult => ({ state: 'unavailable', reason: stale, findings: [] });
  return { correctness: unavailable(), security: unavailable(), testGap: unavailable() };
}

/**
 * A contract diff is derived (advisory: it never gates) when every spec file it diffs is
 * generated code, e.g. an openapi.json a build writes from handlers: the reviewed change is then
 * the code, not the spec.
 */
function isDerived(artifact: ReviewArtifact): boolean {
  const specPaths = new Set([...artifact.contract.changes.map((change) => change.path), ...artifact.contract.problems.map((problem) => problem.path)]);
  if (specPaths.size === 0) return false;
  return [...specPaths].every((path) => artifact.files.find((file) => file.path === path)?.generated === true);
}
