/**
 * The verdict (issue 14): a pure function from the five axes to Ship, Hold or Block, with each
 * axis's state and why. Owns the aggregation rules only; where an axis is declared off is
 * scope.ts's, what the agents may post is finalize.ts's, and computing the axes is not here.
 *
 * The rules, as implemented:
 * - An axis not posted yet (undefined) counts as unavailable, with the reason "not posted yet".
 * - An off axis (out of scope, declared in .repograph.json: scope.ts) is shown as off with its
 *   reason (where that was set) and leaves the verdict alone, whether or not it is in `gated`.
 * - An axis counts toward the gate (`gated: true`) when it is in `gated` and is not off.
 * - A gated axis that passed or warned opens the gate; one that is partial or unavailable holds
 *   it (at least Hold; both are kept distinct from fail, and from each other, in the output);
 *   one that failed blocks it (Block).
 * - A non-gated axis is advisory: it is reported with its state, findings and a line in `why`,
 *   but never moves the verdict, whatever its state. (Making it Hold would be gating it by
 *   another name; a caller that wants an axis to gate puts it in `gated`.)
 * - The verdict is the heaviest of the gated axes' effects, Ship < Hold < Block; Ship when no
 *   axis is gated (every axis off or advisory: the repository or the caller said so).
 * - The heaviness order of states is pass < warn < partial = unavailable < fail. The verdict is
 *   a maximum of a non-decreasing function of each state, so making one axis heavier never makes
 *   the verdict lighter (verdict.test.ts checks every combination of the five axes).
 * - A state outside AXIS_STATES (only possible from untyped data) counts as unavailable.
 */
import { AXES, type AxisFinding, type AxisName, type AxisResult, type AxisState, type Verdict } from '../axes-types.js';

/** One axis as the verdict reports it. */
export interface AxisVerdict {
  state: AxisState;
  reason?: string;
  findings: AxisFinding[];
  /** Whether this axis counts toward the gate: it is gated and not off. */
  gated: boolean;
}

/** The verdict with each axis's state and why (the first line of `why` explains the verdict). */
export interface VerdictResult {
  verdict: Verdict;
  axes: Record<AxisName, AxisVerdict>;
  why: string[];
}

/** The verdicts from lightest to heaviest. */
export const VERDICT_ORDER: readonly Verdict[] = ['Ship', 'Hold', 'Block'];

/** The heaviness order of the states an axis can run to (off is outside it: it weighs nothing). */
export const STATE_HEAVINESS: Readonly<Record<Exclude<AxisState, 'off'>, number>> = {
  pass: 0, warn: 1, partial: 2, unavailable: 2, fail: 3,
};

/** What a gated axis in each state does to the verdict. */
const GATED_EFFECT: Readonly<Record<Exclude<AxisState, 'off'>, Verdict>> = {
  pass: 'Ship', warn: 'Ship', partial: 'Hold', unavailable: 'Hold', fail: 'Block',
};

/** The reason an axis that was never posted carries. */
export const NOT_POSTED_REASON = 'not posted yet';

/** The heavier of two verdicts. */
export function heavierVerdict(a: Verdict, b: Verdict): Verdict {
  return VERDICT_ORDER.indexOf(a) >= VERDICT_ORDER.indexOf(b) ? a : b;
}

/**
 * The verdict of `axes`, where `gated` names the axes that gate (by default every axis not
 * declared off: scope.ts's gatedAxes). Pure; never throws.
 */
export function verdictOf(axes: Record<AxisName, AxisResult | undefined>, gated: ReadonlySet<AxisName>): VerdictResult {
  const reported = {} as Record<AxisName, AxisVerdict>;
  const lines: string[] = [];
  const failed: string[] = [];
  const held: string[] = [];
  let verdict: Verdict = 'Ship';
  let gatedCount = 0;
  for (const name of AXES) {
    const axis = reportedAxis(axes[name], gated.has(name));
    reported[name] = axis;
    lines.push(axisLine(name, axis));
    if (!axis.gated || axis.state === 'off') continue;
    gatedCount += 1;
    const effect = GATED_EFFECT[axis.state];
    if (effect === 'Block') failed.push(name);
    if (effect === 'Hold') held.push(`${name} ${axis.state}`);
    verdict = heavierVerdict(verdict, effect);
  }
  return { verdict, axes: reported, why: [verdictLine(verdict, failed, held, gatedCount), ...lines] };
}

/** The axis as reported: not posted is unavailable, an unknown state is unavailable, findings copied. */
function reportedAxis(axis: AxisResult | undefined, inGated: boolean): AxisVerdict {
  if (axis === undefined) return { state: 'unavailable', reason: NOT_POSTED_REASON, findings: [], gated: inGated };
  const known = axis.state === 'off' || Object.hasOwn(STATE_HEAVINESS, axis.state);
  const state: AxisState = known ? axis.state : 'unavailable';
  const reason = known ? axis.reason : `unknown state ${JSON.stringify(String(axis.state)).slice(0, 40)}`;
  const findings = Array.isArray(axis.findings) ? [...axis.findings] : [];
  const result: AxisVerdict = { state, findings, gated: inGated && state !== 'off' };
  if (reason !== undefined) result.reason = reason;
  return result;
}

function axisLine(name: AxisName, axis: AxisVerdict): string {
  const because = axis.reason === undefined ? '' : ` (${axis.reason})`;
  if (axis.state === 'off') return `${name}: off${because}: out of scope, leaves the verdict alone`;
  const count = axis.findings.length === 1 ? '1 finding' : `${axis.findings.length} findings`;
  if (!axis.gated) return `${name}: ${axis.state}${because}, ${count}: advisory (not gated), informs only`;
  const effect = GATED_EFFECT[axis.state];
  const does = effect === 'Ship' ? 'opens the gate' : effect === 'Hold' ? 'holds the gate (no evidence that it passes)' : 'blocks';
  return `${name}: ${axis.state}${because}, ${count}: ${does}`;
}

function verdictLine(verdict: Verdict, failed: string[], held: string[], gatedCount: number): string {
  if (verdict === 'Block') return `Block: gated ${failed.length === 1 ? 'axis' : 'axes'} failed: ${failed.join(', ')}`;
  if (verdict === 'Hold') return `Hold: gated ${held.length === 1 ? 'axis' : 'axes'} without a result: ${held.join(', ')}`;
  return gatedCount === 0 ? 'Ship: no axis is gated (every axis is off or advisory)' : 'Ship: every gated axis passed or warned';
}
