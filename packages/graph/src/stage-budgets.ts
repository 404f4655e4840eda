/**
 * The budgets of the materials, selection and publication stages, counted item by item in a fixed order so
 * a hit names the same used/adding figures whatever order the files arrived in. (Analysis is
 * charged inside GraphSession as groups are put together; selection inside selectGraph.)
 * Excluded files never reach these counts, and nodes the selection dropped never count for
 * publication. Pure: no I/O.
 */
import { BudgetMeter, type Budgets } from '@repograph/core';
import type { GraphOutput } from './build.js';
import type { MaterialPolicy } from './material.js';
import { selectGraph, type Selection } from './selection.js';

/**
 * Charges every admitted file (path and size; Documents included) to `materials`. A first pass
 * only sums (a live refresh calls this for the whole tree); the ordered pass that names the file
 * where the limit is crossed runs only when some limit is.
 */
export function chargeMaterials(files: Iterable<{ path: string; size: number }>, budgets: Budgets): void {
  const list = Array.isArray(files) ? files as Array<{ path: string; size: number }> : [...files];
  const limits = budgets.materials;
  let count = 0;
  let bytes = 0;
  let largest = 0;
  for (const file of list) {
    count++;
    bytes += file.size;
    if (file.size > largest) largest = file.size;
  }
  if (count <= limits.files && bytes <= limits.bytes && largest <= limits.bytesPerFile) return;
  const sorted = [...list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const meter = new BudgetMeter(budgets, 'materials');
  for (const file of sorted) {
    meter.check('bytesPerFile', file.size);
    meter.charge('files', 1);
    meter.charge('bytes', file.size);
  }
}

/** Charges the nodes and relations about to be published (after selection) to `publication`. */
export function chargePublication(output: GraphOutput, budgets: Budgets): void {
  const limits = budgets.publication;
  if (output.counts.symbols <= limits.nodes && output.counts.relations <= limits.relations) return;
  const meter = new BudgetMeter(budgets, 'publication');
  for (const group of output.groups) {
    meter.charge('nodes', group.symbols.length);
    meter.charge('relations', group.relations.length);
  }
}

/**
 * What a build publishes under `policy`: the preset's selection (its search charged to the
 * `selection` budget), then the published nodes and relations charged to `publication`.
 */
export function selectForPublication(graph: GraphOutput, policy: MaterialPolicy): PolicySelection {
  const meter = new BudgetMeter(policy.budgets, 'selection');
  const selection = selectGraph(graph, policy.preset, (unit, _used, adding) => meter.charge(unit, adding));
  chargePublication(selection.output, policy.budgets);
  return { ...selection, policy };
}

/** A selection with the policy it was made under. */
export interface PolicySelection extends Selection {
  policy: MaterialPolicy;
}
