/**
 * The review's axes as plain domain types (issue 14): the five axes, the states an axis reports,
 * its findings, and the verdict they aggregate to. Owns the shapes only; the contract axis is
 * contract/, the visual axis visual/, the verdict verdict/, diagrams diagrams/.
 */

/** The deterministic axes (computed by repograph) and the agents' axes (posted by finalize). */
export const AXES = ['contract', 'visual', 'correctness', 'security', 'testGap'] as const;
export type AxisName = (typeof AXES)[number];

/**
 * pass: ran, nothing blocking; warn: ran, concerns that do not block; fail: ran, found a blocking
 * problem; partial: ran but could not finish; unavailable: could not run at all; off: declared out
 * of scope by the repository (it leaves the verdict alone).
 */
export const AXIS_STATES = ['pass', 'warn', 'fail', 'partial', 'unavailable', 'off'] as const;
export type AxisState = (typeof AXIS_STATES)[number];

/** One finding of an axis, with where it is. */
export interface AxisFinding {
  /** A stable id (the contract axis: the change fingerprint; the visual axis: the snapshot id). */
  id?: string;
  path: string;
  line?: number;
  message: string;
  severity?: 'breaking' | 'non-breaking' | 'informational' | 'blocking' | 'concern';
}

export interface AxisResult {
  state: AxisState;
  /** Why the axis is in its state (required for partial, unavailable and off). */
  reason?: string;
  findings: AxisFinding[];
}

export type Verdict = 'Ship' | 'Hold' | 'Block';
