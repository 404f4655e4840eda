/**
 * The visual axis: the committed goldens' comparisons, plus the render path's when it runs,
 * overlaid with the review's approvals, turned into an axis state. Owns the gate rule; the
 * comparison is compare.ts, the render path render-path.ts, storing approvals the service.
 *
 * The gate: unchanged, added and approved snapshots open it; a changed or removed snapshot holds
 * it until `review_studio.approveVisual`. Holding must yield Hold, not Block, so a pending
 * snapshot makes the axis `partial`, never `fail`: `fail` says the change is wrong (it forces
 * Block), while a changed pixel is only unreviewed; `unavailable` would say the axis could not run,
 * which is false. `partial` ("ran, could not finish") is what a pending review is: the comparison
 * ran, and its conclusion waits for a person. The reason says what awaits approval and how to give
 * it, and each pending snapshot is a `blocking` finding with its id. Once every change is approved
 * the axis is `warn` (an approved change is still a change a reader should see, as an approved
 * breaking change warns on the contract axis); with no change at all it is `pass`.
 *
 * Also `partial`: a snapshot that could not be compared (an undecodable image), and a render path
 * that had components to render but could not (no SDK, harness error) while committed goldens were
 * compared: evidence is missing, and absence of evidence never opens the gate. With no snapshot at
 * all and no rendering, the axis is `unavailable` with exactly one of the four reasons.
 */
import type { AxisFinding, AxisResult } from '../axes-types.js';
import type { Snapshot, SnapshotState } from './compare.js';
import type { PubspecFile } from './flutter.js';
import type { FlutterProbe, GoldenHarness } from './harness.js';
import { runRenderPath, UNAVAILABLE_REASONS, type RenderPathOutcome } from './render-path.js';

/** What the axis reads about the repository. */
export interface VisualRepositoryFacts {
  /** Paths changed between base and head. */
  changedPaths: readonly string[];
  /** The repository's pubspec.yaml files at head, with their text. */
  pubspecs: readonly PubspecFile[];
}

export interface VisualAxisInput {
  repository: VisualRepositoryFacts;
  /** The committed goldens that changed, compared (compareGolden over goldenFiles). */
  snapshots: readonly Snapshot[];
  /** Snapshot ids approved with review_studio.approveVisual (ids of no snapshot are ignored). */
  approvals: ReadonlySet<string>;
  probe: FlutterProbe;
  harness?: GoldenHarness;
  signal?: AbortSignal;
}

/** A snapshot's state for the gate: approval turns a changed or removed snapshot `approved`. */
export type SnapshotStatus = SnapshotState | 'approved';

/** Runs the render path and assesses every snapshot. Never throws. */
export async function visualAxis(input: VisualAxisInput): Promise<AxisResult> {
  const render = await runRenderPath({
    changedPaths: input.repository.changedPaths,
    pubspecs: input.repository.pubspecs,
    probe: input.probe,
    ...(input.harness === undefined ? {} : { harness: input.harness }),
    ...(input.signal === undefined ? {} : { signal: input.signal }),
  });
  return assessVisual(render, input.snapshots, input.approvals);
}

/** The gate status of one snapshot under the approvals. */
export function snapshotStatus(snapshot: Snapshot, approvals: ReadonlySet<string>): SnapshotStatus {
  const approvable = snapshot.state === 'changed' || snapshot.state === 'removed';
  return approvable && approvals.has(snapshot.id) ? 'approved' : snapshot.state;
}

/** Whether an approval names a snapshot that can be approved (for review_studio.approveVisual). */
export type ApprovalCheck =
  | { ok: true; snapshot: Snapshot }
  | { ok: false; code: 'unknown_snapshot' | 'nothing_to_approve'; message: string };

/** Checks an approval against the review's snapshots: only changed or removed ones hold a gate. */
export function checkApproval(snapshots: readonly Snapshot[], snapshotId: string): ApprovalCheck {
  const snapshot = snapshots.find((candidate) => candidate.id === snapshotId);
  if (snapshot === undefined) {
    return { ok: false, code: 'unknown_snapshot', message: `no snapshot "${snapshotId}" in this review: list the visual axis findings for ids` };
  }
  if (snapshot.state !== 'changed' && snapshot.state !== 'removed') {
    return { ok: false, code: 'nothing_to_approve', message: `snapshot "${snapshotId}" (${snapshot.path}) is ${snapshot.state}: it holds nothing` };
  }
  return { ok: true, snapshot };
}

/** The axis from a render-path outcome and the committed snapshots (pure). */
export function assessVisual(
  render: RenderPathOutcome,
  committed: readonly Snapshot[],
  approvals: ReadonlySet<string>,
): AxisResult {
  const snapshots = [...committed, ...(render.status === 'rendered' ? render.snapshots : [])];
  const harnessFindings = harnessOutputFindings(render);
  if (snapshots.length === 0) {
    const reason = render.status === 'rendered' ? UNAVAILABLE_REASONS.noUseCase : render.reason;
    return { state: 'unavailable', reason, findings: harnessFindings };
  }

  const counts = new Map<string, number>();
  const count = (key: string): void => void counts.set(key, (counts.get(key) ?? 0) + 1);
  const findings: AxisFinding[] = [];
  for (const snapshot of [...snapshots].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const status = snapshotStatus(snapshot, approvals);
    if (snapshot.problem !== undefined) {
      count('could not be compared');
      findings.push({ id: snapshot.id, path: snapshot.path, severity: 'blocking', message: `cannot compare: ${snapshot.problem}` });
      continue;
    }
    const pending = status === 'changed' || status === 'removed';
    count(pending ? `${status} awaiting approval` : status);
    if (status === 'unchanged') continue;
    findings.push({
      id: snapshot.id,
      path: snapshot.path,
      severity: pending ? 'blocking' : 'informational',
      message: describe(snapshot, status),
    });
  }
  findings.push(...harnessFindings);

  const holding = (counts.get('could not be compared') ?? 0) + pendingCount(counts);
  const parts = [`${snapshots.length} snapshot${snapshots.length === 1 ? '' : 's'}: ${summary(counts)}`];
  if (pendingCount(counts) > 0) parts.push('approve each with review_studio.approveVisual {reviewId, snapshotId}');
  parts.push(renderText(render));
  const reason = parts.join('; ');
  if (holding > 0 || render.status === 'failed') return { state: 'partial', reason, findings };
  return { state: (counts.get('approved') ?? 0) > 0 ? 'warn' : 'pass', reason, findings };
}

const ORDER = ['could not be compared', 'changed awaiting approval', 'removed awaiting approval', 'approved', 'added', 'unchanged'];

function summary(counts: Map<string, number>): string {
  return ORDER.filter((key) => counts.has(key)).map((key) => `${counts.get(key)} ${key}`).join(', ');
}

function pendingCount(counts: Map<string, number>): number {
  return (counts.get('changed awaiting approval') ?? 0) + (counts.get('removed awaiting approval') ?? 0);
}

function renderText(render: RenderPathOutcome): string {
  switch (render.status) {
    case 'rendered': return `render path: ${render.snapshots.length} use case${render.snapshots.length === 1 ? '' : 's'} rendered`;
    case 'not-applicable': return `render path not needed: ${render.reason}`;
    case 'failed': return `render path could not run (${render.reason}): changed components were not rendered`;
  }
}

function describe(snapshot: Snapshot, status: SnapshotStatus): string {
  const prefix = status === 'approved' ? `approved (${snapshot.state})` : status;
  if (snapshot.state === 'removed') return `${prefix}: the golden is gone at head`;
  if (snapshot.state === 'added') return `${prefix}: a new golden${sizeOf(snapshot.after)}`;
  if (snapshot.diffPixels !== undefined && snapshot.totalPixels !== undefined) {
    const percent = ((snapshot.ratio ?? 0) * 100).toFixed(2);
    return `${prefix}: ${snapshot.diffPixels} of ${snapshot.totalPixels} pixels differ (${percent}%)`;
  }
  return `${prefix}: ${snapshot.note ?? 'the image changed'}`;
}

function sizeOf(size: { width: number; height: number } | undefined): string {
  return size === undefined ? '' : ` (${size.width}x${size.height})`;
}

function harnessOutputFindings(render: RenderPathOutcome): AxisFinding[] {
  if (render.status !== 'failed' || render.output === undefined) return [];
  return [{ path: render.widgetbookApp, severity: 'informational', message: `golden harness output:\n${render.output}` }];
}
