/**
 * @repograph/analysis: the structural delta of a change (renames, dangling callers, arity,
 * duplicates, import cycles, tests reaching the edit), computed from two read-only graph sides
 * the engine provides. Pure: no I/O, no store, no wire shapes.
 */
export { computeDelta, computeDeltaPausing } from './delta.js';
export type {
  StructuralDelta, SymbolChanges, RenamedSymbol, DanglingCaller, SignatureChange, ArityFinding,
  ArityVerdict, DuplicateFinding, TestReaching, DeltaSite, SurfaceChange, SurfaceChanges,
} from './shapes.js';
export { isTest, isTestPath } from './test-conventions.js';
