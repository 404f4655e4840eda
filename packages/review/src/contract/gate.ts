/**
 * The contract axis from a contract diff and the reviewers' decisions (stored by fingerprint).
 * The gate, first matching rule wins:
 *   1. A rejected change fails the axis (whatever its severity); so does a breaking change left
 *      without a decision.
 *   2. A problem (a spec that did not parse, an external or unresolvable $ref, one over the size
 *      limit) makes it partial, naming where: the diff is incomplete, so it can never pass.
 *   3. A breaking change that was approved warns.
 *   4. Otherwise it passes, listing the non-breaking and informational changes as findings.
 * A diff marked `derived` (advisory: not from the review's own spec files) never gates: what
 * would fail or be partial warns instead, with the same findings and a reason that says so.
 * Decisions for change ids that are not in the diff are ignored here (the caller refuses them).
 * Owns the gate only.
 */
import type { AxisFinding, AxisResult, AxisState } from '../axes-types.js';
import type { ContractChange, ContractDecision, ContractDiff } from './model.js';

export interface ContractAxisOptions {
  /** The diff is advisory (derived): it is reported, never gates. */
  derived?: boolean;
}

function findingOf(change: ContractChange, decision: ContractDecision | undefined): AxisFinding {
  const where = [change.operation, change.location].filter(Boolean).join(' ') || '/';
  const decided = decision ? ` [${decision.decision === 'approve' ? 'approved' : 'rejected'}${decision.note ? `: ${decision.note}` : ''}]` : '';
  return { id: change.id, path: change.path, line: change.line, message: `${change.ruleId} at ${where}: ${change.message}${decided}`, severity: change.severity };
}

function count(items: number, noun: string): string {
  return `${items} ${noun}${items === 1 ? '' : 's'}`;
}

/** The contract axis's state, reason and findings. */
export function contractAxis(diff: ContractDiff, decisions: ReadonlyMap<string, ContractDecision>, options: ContractAxisOptions = {}): AxisResult {
  const findings: AxisFinding[] = diff.changes.map((change) => findingOf(change, decisions.get(change.id)));
  for (const problem of diff.problems) {
    findings.push({ ...problem, severity: 'blocking' });
  }
  const rejected = diff.changes.filter((change) => decisions.get(change.id)?.decision === 'reject');
  const undecided = diff.changes.filter((change) => change.severity === 'breaking' && !decisions.has(change.id));
  const approved = diff.changes.filter((change) => change.severity === 'breaking' && decisions.get(change.id)?.decision === 'approve');
  let state: AxisState;
  let reason: string;
  const firstProblem = diff.problems[0];
  if (rejected.length > 0 || undecided.length > 0) {
    state = 'fail';
    const parts = [rejected.length > 0 ? `${count(rejected.length, 'change')} rejected` : '', undecided.length > 0 ? `${count(undecided.length, 'breaking change')} without a decision` : ''];
    reason = parts.filter(Boolean).join(', ');
    if (firstProblem) reason += `; and the diff is incomplete (${count(diff.problems.length, 'problem')})`;
  } else if (firstProblem) {
    state = 'partial';
    const where = firstProblem.line === undefined ? firstProblem.path : `${firstProblem.path}:${firstProblem.line}`;
    reason = `the contract diff is incomplete: ${where} ${firstProblem.message}${diff.problems.length > 1 ? ` (and ${count(diff.problems.length - 1, 'more problem')})` : ''}`;
  } else if (approved.length > 0) {
    state = 'warn';
    reason = `${count(approved.length, 'breaking change')} approved`;
  } else {
    state = 'pass';
    reason = diff.changes.length === 0 ? 'no contract changes' : `no breaking changes (${count(diff.changes.length, 'change')} listed)`;
  }
  if (options.derived && (state === 'fail' || state === 'partial')) {
    reason = `advisory (derived) diff, never gates: it would be ${state}: ${reason}`;
    state = 'warn';
  }
  return { state, reason, findings };
}
