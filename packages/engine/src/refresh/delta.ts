/**
 * The delta stage: runs the caller's analysis over the two sides of a change, the before side
 * (the previous generation, a stored one after a restart, or a commit's baseline) and the after
 * side (the tree just bound: its publication, or for a dry run the bound tree read in memory),
 * awaiting its answer (a pausing analysis gives the thread away) while the sides stay open.
 * Owns how the sides are made; what the analysis computes is the caller's.
 */
import type { FileFacts } from '@repograph/core';
import type { FunctionIndex } from '../function-index.js';
import type { GraphChangeSummary } from '../graph-change.js';
import { ReaderSide, type SideReader } from '../reader-side.js';
import type { LiveState } from './state.js';
import type { Analyze, RefreshContext } from './types.js';

export interface DeltaStageInput<A> {
  context: RefreshContext;
  analyze: Analyze<A>;
  declaredRenames?: Array<{ old: string; new: string }> | undefined;
  before: SideReader;
  beforeFacts: (path: string) => FileFacts | null;
  beforeFunctions?: FunctionIndex | null;
  /** The after side's records: the new publication, or the bound tree in memory. */
  after: SideReader;
  /** The tree after the change (its facts, function index and callers back the after side). */
  state: LiveState;
  change: GraphChangeSummary;
}

export async function analyzeChange<A>(input: DeltaStageInput<A>): Promise<A> {
  const { state, change } = input;
  const facts = state.facts;
  const session = state.session;
  return await input.analyze({
    workspace: input.context.spec.id,
    paths: change.paths, reparsed: change.reparsed, affected: change.affected, removedFiles: change.removedFiles,
    before: new ReaderSide(input.before, input.beforeFacts, input.beforeFunctions ?? null),
    after: new ReaderSide(input.after, (path) => facts.get(path) ?? null, state.functions, (id) => session.callersOf(id)),
    ...(input.declaredRenames ? { declaredRenames: input.declaredRenames } : {}),
    reingestMs: change.reingestMs,
  });
}

/** The facts a path had before a change: those the read stage kept for changed paths, else the current ones. */
export function factsBefore(previous: ReadonlyMap<string, FileFacts | undefined>, current: ReadonlyMap<string, FileFacts>): (path: string) => FileFacts | null {
  return (path) => (previous.has(path) ? previous.get(path) : current.get(path)) ?? null;
}
