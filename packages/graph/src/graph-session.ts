/**
 * GraphSession: a bound tree kept in memory so a change re-binds only what it can affect. A
 * content change of files that keeps the file set, the languages and the manifests re-binds the
 * changed files and every file that depends on them, transitively (each binder names a file's
 * direct dependencies: imports, re-export sources, its own package, the last two kinds as whole
 * groups where they are: a package, a syntax-tier language); when a changed file's
 * imports stayed the same, only the dependents that look up one of its changed names
 * (narrow-rebind.ts). Files added or removed make the dependencies of every file they may
 * change be asked again (in the JS family, the files of the folders whose imports a path that
 * came or went could resolve otherwise; in the others, every file); the files whose dependencies
 * differ count as changed, with their dependents, unless only files that came or went as members
 * it never names differ (a Python package's submodules: LanguageBinder.memberNames); then only the
 * dependents that look those names up. A file that came or went is seen by name in its groups (a
 * Java package, a syntax-tier language): of their readers, only those that look up a name it gives
 * or gave (LanguageBinder.groupNames) are re-bound, as for a content edit that added or removed
 * it. Any other change
 * (a manifest edited, a file's language or Go package changed, a file becoming parsed or not)
 * re-binds the whole tree. Either way the output equals buildGraph over the same files
 * (invariant 2). Owns that choice, the retained units, ids and groups; the rules of binding stay
 * in the binders, the ordered output's bookkeeping in ordered-groups.ts.
 */
import { dirnameOf, runPausing, runToEnd, type Budgets, type Diagnostic, type FileFacts } from '@repograph/core';
import { assembleDocument, assembleUnit, assignIds, type IdTable, type PathGroup } from './assemble.js';
import { changesImportableTypes, createBinder, familyOf, namesGivenAnewThrough, type LanguageFamily } from './binders.js';
import { graphDigest, groupHash, sortDiagnostics } from './digest.js';
import type { LanguageBinder, MovedFile } from './language-binder.js';
import type { ManifestText } from './manifests.js';
import { bindingSurface, changedNames, declaredNames, dependentsReferencing } from './narrow-rebind.js';
import { makeFileUnit, unitWithNewResolution, type FileUnit } from './program.js';
import { chargeAnalysis, copyOrdered, orderGroups, patchOrdered, type KeptGroup, type OrderedGroups } from './ordered-groups.js';
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

/** Files bound between two points where a pausing caller may give the thread away. */
const STEP_FILES = 4;
/** Units made (lookup tables of one file's facts) between pause points. */
const UNITS_PER_STEP = 64;
/** How long a slice of binding may hold the thread before a pausing caller pauses. */
const PAUSE_AFTER_MS = 8;

const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** True when two dependency lists name the same paths (in any order). */
function sameMembers(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((path) => set.has(path));
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
  /**
   * Each family's resolutionState as its last binder left it: the next binder carries over what
   * still holds (the JS module resolutions no file that came or went can alter). Shared with a
   * fork, which only reads it: a binder adds to its state only for the files it was made for.
   */
  private resolution = new Map<LanguageFamily, unknown>();
  /** The group paths in order; kept while the set of paths is unchanged. */
  private sortedPaths: string[] | null = null;
  /**
   * The groups in path order with their running totals, patched as groups are assembled again
   * (null until the next publish rebuilds it, whenever the set of paths may have changed).
   */
  private ordered: OrderedGroups | null = null;
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

  /**
   * A session that starts where this one is and goes on alone: updating either never changes the
   * other. What updates replace whole (inputs, units, groups, id tables, forward lists, group
   * memberships and reads, outputs, the resolution states) is shared; what they change in place
   * (the reverse dependencies, the readers of each group, the caller counts, the ordered groups)
   * is copied. Costs a copy of those maps, far less than binding the tree again. Units are shared
   * too: the only thing a binder writes on one is its import-target cache, and resolution depends
   * only on the file set and manifests, which a session changes by making every unit afresh.
   * Call it only between updates (never while a pausing update is running).
   */
  fork(): GraphSession {
    const copy = new GraphSession();
    for (const [path, file] of this.files) copy.files.set(path, file);
    copy.units = new Map(this.units);
    for (const [path, kept] of this.groups) copy.groups.set(path, kept);
    copy.manifests = this.manifests;
    copy.buildDiagnostics = this.buildDiagnostics;
    copy.manifestDiagnostics = this.manifestDiagnostics;
    copy.ids = new Map(this.ids);
    copy.current = this.current;
    for (const [path, dependencies] of this.forward) copy.forward.set(path, dependencies);
    for (const [path, dependents] of this.reverse) copy.reverse.set(path, new Set(dependents));
    for (const [path, groups] of this.memberOf) copy.memberOf.set(path, groups);
    for (const [path, groups] of this.reads) copy.reads.set(path, groups);
    for (const [group, readers] of this.readers) copy.readers.set(group, new Set(readers));
    for (const [id, byCaller] of this.callers) copy.callers.set(id, new Map(byCaller));
    copy.sortedPaths = this.sortedPaths;
    copy.ordered = this.ordered === null ? null : copyOrdered(this.ordered);
    copy.budgets = this.budgets;
    copy.resolution = this.resolution;
    return copy;
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
    const kind = this.changeKind(change);
    /** The units of the files that went, for the names they gave (their units are remade below). */
    const went = new Map<string, FileUnit>();
    for (const path of change.removed) {
      const unit = this.units.get(path);
      if (unit) went.set(path, unit);
    }
    for (const path of change.removed) this.files.delete(path);
    for (const file of change.upserts) this.files.set(file.path, file);
    if (change.manifests) this.manifests = [...change.manifests].sort(byPath);
    if (change.buildDiagnostics) this.buildDiagnostics = [...change.buildDiagnostics];
    if (kind === 'full') {
      yield* this.rebindAllSteps();
      return { output: this.output, rebound: [...this.files.keys()].sort(), mode: 'full' };
    }
    const changed = new Set(change.upserts.map((f) => f.path));
    // A file whose binding surface is unchanged (a body edit) affects no other file's binding;
    // one whose imports stayed affects only the files that look its changed names up.
    const surfaceChanged = new Set<string>();
    const narrowed = new Map<string, Set<string>>();
    /**
     * Files that came. Whoever depends on such a file by name (an import of it) is found when
     * every dependency is asked again below; what it adds to a group (a Java package, a
     * syntax-tier language) only its readers that look up a name it gives can see
     * (LanguageBinder.groupNames), as a content edit that added them.
     */
    const came = new Set<string>();
    /** The readers of the groups the files that went were members of: they lose those files' names. */
    const wentReaders = new Set<string>();
    /** Files narrowed by members that came or went that are assembled again all the same (memberNames' `self`). */
    const selfRebound = new Set<string>();
    for (const path of changed) {
      const facts = this.files.get(path)!.facts;
      const before = this.units.get(path)?.facts;
      if (!before || !facts || bindingSurface(before) !== bindingSurface(facts)) {
        const names = before && facts ? changedNames(before, facts) : null;
        if (names) narrowed.set(path, names);
        else if (!before && facts && kind === 'files') came.add(path);
        else surfaceChanged.add(path);
      }
    }
    const binders = kind === 'files'
      ? yield* this.rebindFileSetSteps(changed, change.removed, went, surfaceChanged, narrowed, wentReaders, selfRebound)
      : this.rebindContent(changed);
    const whole = this.dependents(surfaceChanged);
    const rebound = new Set(whole);
    const narrow = (seeds: Set<string>, names: Set<string>): void => {
      if (seeds.size === 0) return;
      const candidates = [...this.dependents(seeds)].filter((path) => !whole.has(path) && !changed.has(path)).sort();
      for (const path of dependentsReferencing(candidates, names, (p) => this.units.get(p)?.facts ?? null, namesGivenAnewThrough(binders, this.units))) rebound.add(path);
    };
    // Names changed in files (and members that came or went) reach the files' dependents...
    const names = new Set<string>();
    for (const changedHere of narrowed.values()) for (const name of changedHere) names.add(name);
    narrow(new Set(narrowed.keys()), names);
    // ...names a file that came or went gives or gave, its groups' readers and theirs.
    const groupSeeds = new Set(wentReaders);
    const groupNames = new Set<string>();
    const namesOf = (unit: FileUnit): Set<string> => binders.get(familyOf(unit.facts.language))?.groupNames?.(unit) ?? declaredNames(unit.facts);
    for (const path of came) {
      for (const group of this.memberOf.get(path) ?? []) for (const reader of this.readers.get(group) ?? []) groupSeeds.add(reader);
      for (const name of namesOf(this.units.get(path)!)) groupNames.add(name);
    }
    if (wentReaders.size > 0) for (const unit of went.values()) for (const name of namesOf(unit)) groupNames.add(name);
    narrow(groupSeeds, groupNames);
    for (const path of changed) rebound.add(path);
    for (const path of selfRebound) rebound.add(path);
    let done = 0;
    for (const path of rebound) {
      this.assemble(path, binders);
      if (++done % STEP_FILES === 0) yield;
    }
    this.publish();
    return { output: this.output, rebound: [...rebound].sort(), mode: 'incremental' };
  }

  /** A content change (the file set stays): the changed units anew, binders over them, their dependencies. */
  private rebindContent(changed: ReadonlySet<string>): Map<LanguageFamily, LanguageBinder> {
    for (const path of changed) {
      const facts = this.files.get(path)!.facts;
      if (facts) this.units.set(path, makeFileUnit(facts));
      else this.units.delete(path);
    }
    // The file set is the same: every resolution still holds.
    const binders = this.createBinders([]);
    for (const path of changed) {
      const unit = this.units.get(path);
      if (unit) this.ids.set(path, assignIds([unit]).get(path)!);
      else this.ids.delete(path);
    }
    for (const path of changed) this.recordDependencies(path, binders);
    return binders;
  }

  /**
   * Files came or went (nothing else structural): module resolution and package scopes may differ
   * for other files, so every unit is made anew (a unit caches what its imports resolve to) and
   * the dependencies of every file they may differ for are asked again: each file of a family
   * whose binder cannot tell, and in the JS and Python families the files of the folders whose
   * imports a path that came or went could resolve otherwise (LanguageBinder.movedImportFolders),
   * with every file that depended on a removed one; every other
   * file depends on the same files as before. A file whose dependencies differ now counts as
   * surface-changed, so it and everything depending on it is bound again, as a file whose
   * surface changed is. Files that depended on a removed one are among those. The rest keep
   * their groups: binding a file reads nothing beyond the dependencies its binder names (the
   * rule every incremental update rests on).
   */
  private *rebindFileSetSteps(
    changed: ReadonlySet<string>, removed: readonly string[], went: ReadonlyMap<string, FileUnit>,
    surfaceChanged: Set<string>, narrowed: Map<string, Set<string>>, wentReaders: Set<string>, selfRebound: Set<string>,
  ): Generator<void, Map<LanguageFamily, LanguageBinder>> {
    const removedMemberOf = new Map(removed.map((path) => [path, this.memberOf.get(path)] as const));
    yield* this.makeUnitsSteps();
    const binders = this.createBinders([...changed, ...removed]);
    for (const path of removed) this.ids.delete(path);
    for (const path of changed) {
      const unit = this.units.get(path);
      if (unit) this.ids.set(path, assignIds([unit]).get(path)!);
      else this.ids.delete(path);
    }
    // Whoever depended on a removed file is asked again, whatever its binder says of folders.
    const removedDependents = new Set<string>();
    for (const path of removed) for (const dependent of this.reverse.get(path) ?? []) removedDependents.add(dependent);
    // A removed file depends on nothing any more.
    for (const path of removed) this.recordDependencies(path, binders);
    let done = 0;
    for (const [path, unit] of this.units) {
      const moved = binders.get(familyOf(unit.facts.language))!.movedImportFolders;
      if (moved !== undefined && !changed.has(path) && !moved.has(dirnameOf(path)) && !removedDependents.has(path)) continue;
      const forward = this.forward.get(path);
      const reads = this.reads.get(path);
      const memberOf = this.memberOf.get(path);
      this.recordDependencies(path, binders);
      // A file that came has no dependencies to compare (updateSteps' `came` says who can see it).
      if (changed.has(path) && forward === undefined) continue;
      if (!sameMembers(reads, this.reads.get(path)) || !sameMembers(memberOf, this.memberOf.get(path))) surfaceChanged.add(path);
      else if (!sameMembers(forward, this.forward.get(path))) {
        // Only files that came or went joined or left its dependencies, as members it never
        // names (a Python package's submodules): only the lookups of their names can change.
        const members = changed.has(path) ? null : this.movedMembers(path, forward ?? [], this.forward.get(path) ?? [], changed, went, binders);
        if (members) {
          narrowed.set(path, members.names);
          if (members.self) selfRebound.add(path);
        } else surfaceChanged.add(path);
      }
      if (++done % STEP_FILES === 0) yield;
    }
    for (const path of removed) {
      // Nothing depends on a removed file any more (every dependent was asked again above).
      if (this.reverse.get(path)?.size === 0) this.reverse.delete(path);
      // A removed member of a dependency group (a Java package, a syntax-tier language) changes
      // what the group's readers see, though none of their own dependencies differ: the names it
      // gave (updateSteps narrows them as for a file that came).
      for (const group of removedMemberOf.get(path) ?? []) {
        for (const reader of this.readers.get(group) ?? []) wentReaders.add(reader);
      }
      const previous = this.groups.get(path);
      if (!previous) continue;
      this.countCalls(previous.group, -1);
      this.groups.delete(path);
    }
    // The set of paths changed: the ordered groups are rebuilt at publish.
    this.sortedPaths = null;
    this.ordered = null;
    return binders;
  }

  /**
   * The names under which the paths that joined or left a file's dependencies (`before` ->
   * `after`) are its members (LanguageBinder.memberNames), when every such path came or went in
   * this change and is a member only; else null.
   */
  private movedMembers(
    path: string, before: readonly string[], after: readonly string[], changed: ReadonlySet<string>, went: ReadonlyMap<string, FileUnit>,
    binders: Map<LanguageFamily, LanguageBinder>,
  ): { names: Set<string>; self: boolean } | null {
    const unit = this.units.get(path);
    const binder = unit ? binders.get(familyOf(unit.facts.language)) : undefined;
    if (!unit || !binder?.memberNames) return null;
    const kept = new Set(after);
    const was = new Set(before);
    const moved: MovedFile[] = [];
    for (const each of [...after.filter((other) => !was.has(other)), ...before.filter((other) => !kept.has(other))]) {
      const came = changed.has(each) ? this.units.get(each) : undefined;
      const facts = came?.facts ?? went.get(each)?.facts;
      if (!facts) return null;
      moved.push({ path: each, facts, unit: came });
    }
    return binder.memberNames(unit, moved);
  }

  /**
   * What a change needs: `full` when it can alter module resolution or package scopes beyond
   * what asking every file's dependencies again finds (a manifest, a file's language, Go
   * package or build constraint, a file becoming parsed or unparsed); `files` when files only
   * came or went (besides content edits), or an edit changed the types an import can name (Java:
   * changesImportableTypes); else `content`.
   */
  private changeKind(change: GraphChange): 'full' | 'files' | 'content' {
    if (change.manifests !== undefined) return 'full';
    let files = change.removed.some((path) => this.files.has(path));
    for (const file of change.upserts) {
      const before = this.files.get(file.path);
      // A new document binds nothing and resolves nothing (manifests come as `manifests`).
      if (!before) { if (file.facts !== null) files = true; continue; }
      if ((before.facts === null) !== (file.facts === null)) return 'full';
      if (before.facts && file.facts) {
        if (before.facts.language !== file.facts.language) return 'full';
        if (before.facts.packageName !== file.facts.packageName) return 'full';
        if (before.facts.buildConstraint !== file.facts.buildConstraint) return 'full';
        if (changesImportableTypes(before.facts, file.facts)) files = true;
      }
    }
    return files ? 'files' : 'content';
  }

  /** The given paths and every unit that depends on one of them, transitively. */
  private dependents(changed: Set<string>): Set<string> {
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

  /**
   * Every file's unit made anew (a unit caches what its imports resolve to), pausing as it goes;
   * a file whose facts are the ones its unit was made of keeps the unit's tables (a file set
   * changed by a few files re-makes only theirs).
   */
  private *makeUnitsSteps(): Generator<void, void> {
    const previous = this.units;
    this.units = new Map();
    let made = 0;
    for (const file of [...this.files.values()].sort(byPath)) {
      if (file.facts) {
        const before = previous.get(file.path);
        this.units.set(file.path, before?.facts === file.facts ? unitWithNewResolution(before) : makeFileUnit(file.facts));
      }
      if (++made % UNITS_PER_STEP === 0) yield;
    }
  }

  /** Forgets every recorded dependency, group membership and group read. */
  private clearDependencies(): void {
    this.forward.clear();
    this.reverse.clear();
    this.memberOf.clear();
    this.reads.clear();
    this.readers.clear();
  }

  private *rebindAllSteps(): Generator<void, void> {
    yield* this.makeUnitsSteps();
    const binders = this.createBinders();
    this.ids = assignIds(this.units.values());
    this.clearDependencies();
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

  /**
   * The binder of each family over the current units; with `changed` (the paths that came, went
   * or changed since the last binders, the manifests the same), each starts from what its
   * family's last binder resolved (createBinder's `carried`).
   */
  private createBinders(changed?: readonly string[]): Map<LanguageFamily, LanguageBinder> {
    const byFamily = new Map<LanguageFamily, FileUnit[]>();
    for (const unit of [...this.units.values()].sort(byPath)) {
      const family = familyOf(unit.facts.language);
      const list = byFamily.get(family);
      if (list) list.push(unit);
      else byFamily.set(family, [unit]);
    }
    this.manifestDiagnostics = [];
    const binders = new Map<LanguageFamily, LanguageBinder>();
    const resolution = new Map<LanguageFamily, unknown>();
    for (const [family, units] of byFamily) {
      const carried = changed === undefined ? undefined : { state: this.resolution.get(family), changed };
      const binder = createBinder(family, units, this.manifests, this.manifestDiagnostics, carried);
      binders.set(family, binder);
      const next = binder.resolutionState?.();
      if (next !== undefined) resolution.set(family, next);
    }
    this.resolution = resolution;
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
    // A new path: the order is rebuilt at publish.
    if (this.ordered && !patchOrdered(this.ordered, path, previous, kept)) this.ordered = null;
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
    const ordered = this.ordered ?? orderGroups(this.sortedPaths, this.groups);
    this.ordered = ordered;
    const counts = { ...ordered.counts };
    if (this.budgets) chargeAnalysis(this.budgets, ordered, this.sortedPaths, this.groups);
    // A copy: `ordered` is patched in place by later updates; this output must stay as it is.
    const groups = ordered.groups.slice();
    const diagnostics = sortDiagnostics([...this.manifestDiagnostics, ...this.buildDiagnostics]);
    const digest = graphDigest(groups, diagnostics);
    this.current = { groups, diagnostics, digest, counts };
  }
}
