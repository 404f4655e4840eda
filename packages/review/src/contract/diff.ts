/**
 * The review's API contract diff: every spec file read on both sides (load.ts), its endpoints
 * and document compared (compare-*.ts), and each change classified by exactly one rule
 * (rules.ts), with a fingerprint and the line that shows it. The rules of the whole:
 *   - A file whose sides are equal is skipped. A side that is absent makes every endpoint of the
 *     other side added or removed (nothing else is reported for a spec added or removed whole).
 *   - A side that cannot be loaded (over 20 MB, malformed, an external or unresolvable $ref, an
 *     unsupported version) is a problem with its location, and that file adds no changes; the
 *     other files go on. A side of a file that only has "openapi" or "swagger" in its name and
 *     is not a spec at all (no `openapi` or `swagger` field) counts as absent, without a problem
 *     (so a file that becomes a spec adds its endpoints); for the six default names it is a
 *     problem.
 *   - The fingerprint is a hash of the spec path, rule id, operation and location, never a
 *     line, so it is stable across pushes that move unrelated lines. Two changes with the same
 *     fingerprint are one (the first in order is kept).
 *   - The line is the head side's, or the base side's for a removal, of the element's nearest
 *     written ancestor.
 *   - A schema with more than SCHEMA_CHANGES_LIMIT changes under it (schema-compare.ts) is a
 *     problem too: the changes past the limit are not listed.
 * Changes are sorted by path, operation (document-level first), location and rule id; problems
 * by path and line. Nothing here throws.
 */
import { createHash } from 'node:crypto';
import type { PendingChange } from './changes.js';
import { compareDocuments } from './compare-document.js';
import { compareEndpoints } from './compare-operations.js';
import { loadSpec, type SpecLoad } from './load.js';
import type { ContractChange, ContractDiff, ContractFileSides, ContractProblem } from './model.js';
import { buildSpecView } from './operations.js';
import { contractRule } from './rules.js';
import { createSchemaComparer, SCHEMA_CHANGES_LIMIT } from './schema-compare.js';
import { isDefaultSpecName } from './spec-files.js';
import type { SpecView } from './spec-view.js';

export { isSpecFile } from './spec-files.js';

/** The fingerprint of a change: stable for the same rule at the same place of the same spec. */
export function changeFingerprint(path: string, ruleId: string, operation: string | undefined, location: string): string {
  return createHash('sha256').update(`${path}\u0000${ruleId}\u0000${operation ?? ''}\u0000${location}`).digest('hex').slice(0, 24);
}

type Side = { view: SpecView | null } | { problem: ContractProblem };

async function loadSide(path: string, text: string | null, side: 'base' | 'head'): Promise<Side> {
  if (text === null) return { view: null };
  const load: SpecLoad = await loadSpec(path, text);
  if (load.ok) return { view: buildSpecView(load.spec, load.positions) };
  // A file that only has openapi or swagger in its name and is not a spec: as if it were absent.
  if (load.notASpec && !isDefaultSpecName(path)) return { view: null };
  return { problem: { ...load.problem, message: `the ${side} side ${load.problem.message}` } };
}

function finish(path: string, pending: PendingChange, base: SpecView | null, head: SpecView | null): ContractChange {
  const rule = contractRule(pending.ruleId);
  const lineOf = (view: SpecView | null, source: string | undefined): number | undefined => (view && source !== undefined ? view.positions(source) : undefined);
  const baseLine = (): number | undefined => lineOf(base, pending.baseSource);
  const headLine = (): number | undefined => lineOf(head, pending.headSource);
  // Only the side that gives the line is asked, so a side whose positions are never needed is never indexed.
  const line = (rule.action === 'removed' ? baseLine() ?? headLine() : headLine() ?? baseLine()) ?? 1;
  const change: ContractChange = {
    id: changeFingerprint(path, rule.id, pending.operation, pending.location),
    ruleId: rule.id,
    severity: rule.severity,
    area: rule.area,
    action: rule.action,
    ...(pending.operation === undefined ? {} : { operation: pending.operation }),
    location: pending.location,
    path,
    line,
    message: pending.message,
  };
  return change;
}

async function diffFile(file: ContractFileSides, problems: ContractProblem[]): Promise<ContractChange[]> {
  const [base, head] = await Promise.all([loadSide(file.path, file.before, 'base'), loadSide(file.path, file.after, 'head')]);
  let failed = false;
  for (const side of [base, head]) {
    if (!('problem' in side)) continue;
    failed = true;
    problems.push(side.problem);
  }
  if (failed || !('view' in base) || !('view' in head)) return [];
  const baseView = base.view;
  const headView = head.view;
  const pending: PendingChange[] = [];
  const emit = (change: PendingChange): void => void pending.push(change);
  const schemas = createSchemaComparer(baseView?.spec.pointers ?? new WeakMap(), headView?.spec.pointers ?? new WeakMap());
  compareEndpoints(baseView, headView, schemas, emit);
  if (baseView && headView) compareDocuments({ emit, schemas }, baseView.spec, headView.spec);
  if (schemas.truncated()) {
    problems.push({ path: file.path, message: `has a schema with more than ${SCHEMA_CHANGES_LIMIT} changes under it; the rest are not listed, so the diff is incomplete` });
  }
  return pending.map((change) => finish(file.path, change, baseView, headView));
}

function order(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareChanges(a: ContractChange, b: ContractChange): number {
  return order(a.path, b.path) || order(a.operation ?? '', b.operation ?? '') || order(a.location, b.location) || order(a.ruleId, b.ruleId);
}

/** Diffs the review's spec files; never throws. */
export async function diffContracts(files: readonly ContractFileSides[]): Promise<ContractDiff> {
  const changes: ContractChange[] = [];
  const problems: ContractProblem[] = [];
  for (const file of [...files].sort((a, b) => order(a.path, b.path))) {
    if (file.before === file.after) continue;
    try {
      for (const change of await diffFile(file, problems)) changes.push(change);
    } catch (error) {
      problems.push({ path: file.path, message: `could not be diffed (${error instanceof Error ? error.message : String(error)})` });
    }
  }
  changes.sort(compareChanges);
  const seen = new Set<string>();
  const unique = changes.filter((change) => !seen.has(change.id) && seen.add(change.id));
  problems.sort((a, b) => order(a.path, b.path) || (a.line ?? 0) - (b.line ?? 0) || order(a.message, b.message));
  return { changes: unique, problems };
}
