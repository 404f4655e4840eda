/**
 * GraphSession: a bound tree kept in memory so a change re-binds only what it can affect. A
 * content change of files that keeps the file set, the languages and the manifests re-binds the
 * changed files and every file that depends on them, transitively (each binder names a file's
 * direct dependencies: imports, re-export sources, its own package, the last two kinds as whole
 * groups where they are: a package, a syntax-tier language); when a changed file's
 * imports stayed the same, only the dependents that look up one of its changed names
 * (narrow-rebind.ts). Any other change (a file
 * added or removed, a manifest edited, a Go file's package changed) re-binds the whole tree.
 * Either way the output equals buildGraph over the same files (invariant 2). Owns that choice,
 * the retained units, ids and groups; the rules of binding stay in the binders.
 */
import { BudgetMeter, runPausing, runToEnd, type Budgets, type Diagnostic, type FileFacts } from '@repograph/core';
import { assembleDocument, assembleUnit, assignIds, type IdTable, type PathGroup } from './assemble.js';
import { createBinder, familyOf, type LanguageFamily } from './binders.js';
import { graphDigest, groupHash, sortDiagnostics } from './digest.js';
import type { LanguageBinder } from './language-binder.js';
import type { ManifestText } from './manifests.js';
import { changedNames, dependentsReferencing } from './narrow-rebind.js';
import { makeFileUnit, type FileUnit } from './program.js';
import type { GraphFileInput, GraphInput, GraphOutput, HashedGroup } from './build.js';

/** What changed since the session's last output. */
export interface GraphChange {
  /** Files added or whose facts, flags or diagnostics changed. */
  upserts: GraphFileInput[];
  /** Paths that left the tree. */
  removed: string[];
  /** The complete manifest list, when any manifest changed. */
  manifests?: ManifestText[];
  /** The complete build-wide diagnostics, when they changed. */
  buildDiagnostics?: Diagnostic[];
}

export interface GraphUpdate {
  output: GraphOutput;
  /** Paths whose group was assembled again (sorted). */
  rebound: string[];
  mode: 'incremental' | 'full';
}

interface GroupCounts {
  symbols: number;
  relations: number;
  unresolved: number;
  references: number;
  entities: number;
}

interface KeptGroup {
  group: HashedGroup;
  counts: GroupCounts;
}

/** Files bound between two points where a pausing caller may give the thread away. */
const STEP_FILES = 4;
/** How long a slice of binding may hold the thread before a pausing caller pauses. */
const PAUSE_AFTER_MS = 8;

const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * What other files' binding can read of a file: its declarations without positions, text and
 * shape hashes (names, kinds, scopes, parents, exports, types, initializers, returns, bases,
 * parameters), its imports and exports without positions, and its package clause. References
 * are the file's own business. Two facts with equal surfaces bind every other file alike.
 */
export function bindingSurface(facts: FileFacts): string {
  return JSON.stringify([
    facts.language, facts.packageName ?? null, facts.buildConstraint ?? null,
    facts.declarations.map(({ range: _r, selection: _s, signature: _g, doc: _d, fingerprint: _f, branches: _b, nodeCount: _n, ...rest }) => rest),
    facts.imports.map(({ line: _l, column: _c, ...rest }) => rest),
    facts.exports.map(({ line: _l, column: _c, ...rest }) => rest),
  ]);
}

export class GraphSession {
  private readonly files = new Map<string, GraphFileInput>();
  private units = new Map<string, FileUnit>();
  private readonly groups = new Map<string, KeptGroup>();
  private manifests: ManifestText[] = [];
  private buildDiagnostics: Diagnostic[] = [];
  private manifestDiagnostics: Diagnostic[] = [];
  private ids: IdTable = new Map();
  private current: GraphOutput | null = null;
  /** Direct dependencies of each unit, and the reverse: who depends on a path. */
  private readonly forward = new Map<string, string[]>();
  private readonly reverse = new Map<string, Set<string>>();
  /** Dependency groups (LanguageBinder.dependencyGroups), keyed `<family>\0<group>`: each path's memberships and reads, and each group's readers. */
  private readonly memberOf = new Map<string, string[]>();
  private readonly reads = new Map<string, string[]>();
  private readonly readers = new Map<string, Set<string>>();
  /** Who calls or instantiates each symbol id: caller id -> number of such sites. */
  private readonly callers = new Map<string, Map<string, number>>();
  /** The group paths in order; kept while the set of paths is unchanged. */
  private sortedPaths: string[] | null = null;
  /**
   * The groups in path order with their running totals, patched as groups are assembled again
   * (null until the next publish rebuilds it, whenever the set of paths may have changed).
   */
  private ordered: { index: Map<string, number>; groups: HashedGroup[]; counts: GroupCounts & { files: number }; evidence: number } | null = null;
  /** Limits of the analysis stage, counted as the output is put together. */
  private budgets: Budgets | null = null;

  /** Binds a whole tree. */
  static create(input: GraphInput): GraphSession {
    const session = GraphSession.empty(input);
    runToEnd(session.rebindAllSteps());
    return session;
  }

  /**
   * Binds a whole tree, awaiting `pause()` whenever a slice of work has held the thread for
   * PAUSE_AFTER_MS, so a server's queries are answered in between (DESIGN.md invariant 3).
   */
  static async createPausing(input: GraphInput, pause: () => Promise<void>, sliceMs = PAUSE_AFTER_MS): Promise<GraphSession> {
    const session = GraphSession.empty(input);
    await runPausing(session.rebindAllSteps(), pause, sliceMs);
    return session;
  }

  private static empty(input: GraphInput): GraphSession {
    const session = new GraphSession();
    for (const file of input.files) session.files.set(file.path, file);
    session.manifests = [...input.manifests].sort(byPath);
    session.buildDiagnostics = [...input.buildDiagnostics];
    session.budgets = input.budgets ?? null;
    return session;
  }

  /** The latest output. */
  get output(): GraphOutput {
    return this.current!;
  }

  /** The inputs the session holds, by path (read-only use). */
  inputs(): ReadonlyMap<string, GraphFileInput> {
    return this.files;
  }

  /**
   * Applies a change. On an exception the session is left unusable for further updates
   * (callers create a new one); the previous output stays valid.
   */
  update(change: GraphChange): GraphUpdate {
    return runToEnd(this.updateSteps(change));
  }

  /**
   * update(), awaiting `pause()` between slices of work (see createPausing). Nothing may read or
   * update the session until it resolves.
   */
  updatePausing(change: GraphChange, pause: () => Promise<void>, sliceMs = PAUSE_AFTER_MS): Promise<GraphUpdate> {
    return runPausing(this.updateSteps(change), pause, sliceMs);
  }

  private *updateSteps(change: GraphChange): Generator<void, GraphUpdate> {
    const structural = this.isStructural(change);
    for (const path of change.removed) this.files.delete(path);
    for (const file of change.upserts) this.files.set(file.path, file);
    if (change.manifests) this.manifests = [...change.manifests].sort(byPath);
    if (change.buildDiagnostics) this.buildDiagnostics = [...change.buildDiagnostics];
    if (structural) {
      yield* this.rebindAllSteps();
      return { output: this.output, rebound: [...this.files.keys()].sort(), mode: 'full' };
    }
    const changed = new Set(change.upserts.map((f) => f.path));
    // A file whose binding surface is unchanged (a body edit) affects no other file's binding;
    // one whose imports stayed affects only the files that look its changed names up.
    const surfaceChanged = new Set<string>();
    const narrowed = new Map<string, Set<string>>();
    for (const path of changed) {
      const facts = this.files.get(path)!.facts;
      const before = this.units.get(path)?.facts;
      if (!before || !facts || bindingSurface(before) !== bindingSurface(facts)) {
        const names = before && facts ? changedNames(before, facts) : null;
        if (names) narrowed.set(path, names);
        else surfaceChanged.add(path);
      }
      if (facts) this.units.set(path, makeFileUnit(facts));
      else this.units.delete(path);
    }
    const binders = this.createBinders();
    for (const path of changed) {
      const unit = this.units.get(path);
      if (unit) this.ids.set(path, assignIds([unit]).get(path)!);
      else this.ids.delete(path);
    }
    for (const path of changed) this.recordDependencies(path, binders);
    const rebound = this.dependents(surfaceChanged, binders);
    if (narrowed.size > 0) {
      const candidates = [...this.dependents(new Set(narrowed.keys()), binders)].filter((path) => !rebound.has(path) && !changed.has(path)).sort();
      const names = new Set<string>();
      for (const changedHere of narrowed.values()) for (const name of changedHere) names.add(name);
      for (const path of dependentsReferencing(candidates, names, (p) => this.units.get(p)?.facts ?? null)) rebound.add(path);
    }
    for (const path of changed) rebound.add(path);
    let done = 0;
    for (const path of rebound) {
      this.assemble(path, binders);
      if (++done % STEP_FILES === 0) yield;
    }
    this.publish();
    return { output: this.output, rebound: [...rebound].sort(), mode: 'incremental' };
  }

  /** True when a change can alter module resolution or package scopes: re-bind everything. */
  private isStructural(change: GraphChange): boolean {
    if (change.removed.length > 0 || change.manifests !== undefined) return true;
    for (const file of change.upserts) {
      const before = this.files.get(file.path);
      if (!before) return true;
      if ((before.facts === null) !== (file.facts === null)) return true;
      if (before.facts && file.facts) {
        if (before.facts.language !== file.facts.language) return true;
        if (before.facts.packageName !== file.facts.packageName) return true;
        if (before.facts.buildConstraint !== file.facts.buildConstraint) return true;
      }
    }
    return false;
  }

  /** The given paths and every unit that depends on one of them, transitively. */
  private dependents(changed: Set<string>, _binders: Map<LanguageFamily, LanguageBinder>): Set<string> {
    const result = new Set(changed);
    const queue = [...changed];
    /** Groups whose readers are already in: a group is walked once, not once per member. */
    const walkedGroups = new Set<string>();
    const visit = (dependent: string): void => {
      if (result.has(dependent)) return;
      result.add(dependent);
      queue.push(dependent);
    };
    while (queue.length > 0) {
      const path = queue.pop()!;
      for (const dependent of this.reverse.get(path) ?? []) visit(dependent);
      for (const group of this.memberOf.get(path) ?? []) {
        if (walkedGroups.has(group)) continue;
        walkedGroups.add(group);
        for (const reader of this.readers.get(group) ?? []) visit(reader);
      }
    }
    return result;
  }

  /** Replaces the recorded dependencies of one path with what its binder says now. */
  private recordDependencies(path: string, binders: Map<LanguageFamily, LanguageBinder>): void {
    for (const old of this.forward.get(path) ?? []) this.reverse.get(old)?.delete(path);
    for (const group of this.reads.get(path) ?? []) this.readers.get(group)?.delete(path);
    this.forward.delete(path);
    this.reads.delete(path);
    this.memberOf.delete(path);
    const unit = this.units.get(path);
    if (!unit) return;
    const family = familyOf(unit.facts.language);
    const binder = binders.get(family)!;
    const paths = [...binder.dependencies(unit)].map((dependency) => dependency.path);
    this.forward.set(path, paths);
    for (const dependency of paths) {
      let set = this.reverse.get(dependency);
      if (!set) this.reverse.set(dependency, (set = new Set()));
      set.add(path);
    }
    const groups = binder.dependencyGroups?.(unit);
    if (groups === undefined) return;
    const memberOf = [...groups.memberOf].map((group) => `${family}\0${group}`);
    const reads = [...groups.reads].map((group) => `${family}\0${group}`);
    if (memberOf.length > 0) this.memberOf.set(path, memberOf);
    if (reads.length > 0) this.reads.set(path, reads);
    for (const group of reads) {
      let set = this.readers.get(group);
      if (!set) this.readers.set(group, (set = new Set()));
      set.add(path);
    }
  }

  private *rebindAllSteps(): Generator<void, void> {
    this.units = new Map();
    for (const file of [...this.files.values()].sort(byPath)) {
      if (file.facts) this.units.set(file.path, makeFileUnit(file.facts));
    }
    const binders = this.createBinders();
    this.ids = assignIds(this.units.values());
    this.forward.clear();
    this.reverse.clear();
    this.memberOf.clear();
    this.reads.clear();
    this.readers.clear();
    let done = 0;
    for (const path of this.units.keys()) {
      this.recordDependencies(path, binders);
      if (++done % STEP_FILES === 0) yield;
    }
    this.groups.clear();
    this.callers.clear();
    this.sortedPaths = null;
    this.ordered = null;
    for (const path of this.files.keys()) {
      this.assemble(path, binders);
      if (++done % STEP_FILES === 0) yield;
    }
    this.publish();
  }

  private createBinders(): Map<LanguageFamily, LanguageBinder> {
    const byFamily = new Map<LanguageFamily, FileUnit[]>();
    for (const unit of [...this.units.values()].sort(byPath)) {
      const family = familyOf(unit.facts.language);
      const list = byFamily.get(family);
      if (list) list.push(unit);
      else byFamily.set(family, [unit]);
    }
    this.manifestDiagnostics = [];
    const binders = new Map<LanguageFamily, LanguageBinder>();
    for (const [family, units] of byFamily) binders.set(family, createBinder(family, units, this.manifests, this.manifestDiagnostics));
    return binders;
  }

  /** Ids that call or instantiate `id` (from this session's current groups). */
  callersOf(id: string): string[] {
    return [...(this.callers.get(id)?.keys() ?? [])];
  }

  private countCalls(group: PathGroup, delta: 1 | -1): void {
    for (const relation of group.relations) {
      if (relation.to === null || (relation.kind !== 'calls' && relation.kind !== 'instantiates')) continue;
      let byCaller = this.callers.get(relation.to);
      if (!byCaller) this.callers.set(relation.to, (byCaller = new Map()));
      const count = (byCaller.get(relation.from) ?? 0) + delta;
      if (count > 0) byCaller.set(relation.from, count);
      else byCaller.delete(relation.from);
      if (byCaller.size === 0) this.callers.delete(relation.to);
    }
  }

  private assemble(path: string, binders: Map<LanguageFamily, LanguageBinder>): void {
    const previous = this.groups.get(path);
    if (previous) this.countCalls(previous.group, -1);
    const file = this.files.get(path)!;
    const unit = this.units.get(path);
    const group = unit
      ? assembleUnit(unit, this.ids, binders.get(familyOf(unit.facts.language))!, file.generated)
      : assembleDocument(file.path, file.lineCount, file.generated, file.facts?.diagnostics ?? []);
    if (file.diagnostics.length > 0) group.diagnostics.push(...file.diagnostics);
    group.diagnostics = sortDiagnostics(group.diagnostics);
    let unresolved = 0;
    for (const relation of group.relations) if (relation.to === null) unresolved++;
    this.countCalls(group, 1);
    const kept: KeptGroup = {
      group: { ...group, hash: groupHash(group) },
      counts: {
        symbols: group.symbols.length,
        relations: group.relations.length,
        unresolved,
        references: unit ? unit.facts.references.length : 0,
        entities: unit ? unit.facts.declarations.length : 0,
      },
    };
    this.groups.set(path, kept);
    this.patchOrdered(path, previous, kept);
  }

  /** Puts a re-assembled group in its place in `ordered` and moves the totals by the difference. */
  private patchOrdered(path: string, previous: KeptGroup | undefined, kept: KeptGroup): void {
    const ordered = this.ordered;
    if (!ordered) return;
    const at = ordered.index.get(path);
    if (at === undefined || !previous) {
      this.ordered = null; // a new path: the order is rebuilt at publish
      return;
    }
    ordered.groups[at] = kept.group;
    for (const key of ['symbols', 'relations', 'unresolved', 'references', 'entities'] as const) {
      ordered.counts[key] += kept.counts[key] - previous.counts[key];
    }
    ordered.evidence += kept.counts.relations + kept.group.diagnostics.length - previous.counts.relations - previous.group.diagnostics.length;
  }

  /**
   * Puts the output together in path order, charging the analysis budget group by group: a
   * budget hit throws before `output` changes (the session is then unusable, as on any error).
   */
  private publish(): void {
    if (!this.sortedPaths || this.sortedPaths.length !== this.groups.size) {
      this.sortedPaths = [...this.groups.keys()].sort();
      this.ordered = null;
    }
    const ordered = this.ordered ?? this.orderGroups(this.sortedPaths);
    this.ordered = ordered;
    const counts = { ...ordered.counts };
    if (this.budgets) this.chargeAnalysis(counts, ordered.evidence);
    // A copy: `ordered` is patched in place by later updates; this output must stay as it is.
    const groups = ordered.groups.slice();
    const diagnostics = sortDiagnostics([...this.manifestDiagnostics, ...this.buildDiagnostics]);
    const digest = graphDigest(groups, diagnostics);
    this.current = { groups, diagnostics, digest, counts };
  }

  /** The groups in path order with their totals, from scratch. */
  private orderGroups(paths: string[]): NonNullable<GraphSession['ordered']> {
    const counts = { files: 0, symbols: 0, relations: 0, unresolved: 0, references: 0, entities: 0 };
    let evidence = 0;
    const groups: HashedGroup[] = [];
    const index = new Map<string, number>();
    for (const path of paths) {
      const kept = this.groups.get(path)!;
      index.set(path, groups.length);
      groups.push(kept.group);
      counts.files++;
      counts.symbols += kept.counts.symbols;
      counts.relations += kept.counts.relations;
      counts.unresolved += kept.counts.unresolved;
      counts.references += kept.counts.references;
      counts.entities += kept.counts.entities;
      evidence += kept.counts.relations + kept.group.diagnostics.length;
    }
    return { index, groups, counts, evidence };
  }

  /**
   * The analysis budget: the totals are compared with the limits; only when one is passed are
   * the groups charged again in path order, so the error names the group where it was crossed.
   */
  private chargeAnalysis(totals: { entities: number; references: number; relations: number }, evidence: number): void {
    const limits = this.budgets!.analysis;
    if (totals.entities <= limits.entities && totals.references <= limits.references
      && totals.relations <= limits.relations && evidence <= limits.evidence) return;
    const meter = new BudgetMeter(this.budgets!, 'analysis');
    for (const path of this.sortedPaths!) {
      const kept = this.groups.get(path)!;
      meter.charge('entities', kept.counts.entities);
      meter.charge('references', kept.counts.references);
      meter.charge('relations', kept.counts.relations);
      meter.charge('evidence', kept.counts.relations + kept.group.diagnostics.length);
    }
  }
}
