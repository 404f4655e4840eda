/**
 * The select stage: what the policy publishes of the bound output (the output itself under the
 * `full` preset), the paths whose published group may differ (re-bound, plus those a global
 * selection changed), and the change summary against the previous selection. Owns that step;
 * selection itself is @repograph/graph's.
 */
import { selectForPublication, type GraphOutput, type PolicySelection } from '@repograph/graph';
import { graphChangeOf, type GraphChangeSummary } from '../graph-change.js';
import { withReselected } from '../workspace-tree.js';
import type { BoundGraph } from './bind.js';
import type { TreeRead } from './read.js';
import type { LiveState } from './state.js';
import type { RefreshContext } from './types.js';

export interface SelectInput {
  context: RefreshContext;
  /** The state before this refresh (its selection, an immutable copy, is the previous one); null on a cold start. */
  state: LiveState | null;
  read: TreeRead;
  bound: BoundGraph;
}

export interface SelectedGraph {
  selection: PolicySelection;
  /** The published graph: `selection.output`. */
  graph: GraphOutput;
  /** Re-bound paths plus the paths whose selected group changed, sorted when it grew. */
  rebound: string[];
  change: GraphChangeSummary;
}

export function selectGraph(input: SelectInput): SelectedGraph {
  const { context, state, read, bound } = input;
  const selection = selectForPublication(bound.session.output, context.host.policy);
  const graph = selection.output;
  const previousGroups = state?.selection.output.groups ?? [];
  // Selection is global: a change can keep or drop records of files nobody re-bound (a read
  // from an edited file makes another file's field a bridge). Those count as re-bound.
  const rebound = state && graph !== bound.session.output ? withReselected(bound.rebound, previousGroups, graph.groups) : bound.rebound;
  const change = graphChangeOf(previousGroups, graph.groups, {
    reparsed: read.changed.map((f) => f.path).sort(), removedFiles: read.removed, rebound, cold: !state,
  });
  return { selection, graph, rebound, change };
}
