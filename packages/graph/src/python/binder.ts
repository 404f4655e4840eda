/**
 * Binding for Python: what a ValueExpr denotes across files and the type of a value. Modules are
 * namespaces: `mod.name` is a module-level declaration, an import binding of that module (so
 * re-exports through `__init__.py` follow), a name a star import brings in (honouring the
 * source's `__all__`), or a submodule. Calling a class yields an instance; members are looked up
 * along the C3 method resolution order of the declared bases; `self`/`cls` denote the enclosing
 * class and `super()` its MRO after it; types come from annotations, initializers and return
 * annotations or inferred returns. A call whose target is a variable is followed to the function
 * or class the variable holds (`f = g`, a `Type[C]` value, the function a factory returns and what
 * its `@functools.wraps(f)` names), a @property to what it returns, else it has no target: that is
 * what Python's own resolver (jedi) reports for such sites. Declarations and imports marked
 * `superseded` are never candidates; where a lookup meets a choice (a name bound twice, a
 * `oneof`), alternatives.ts adds the other targets. Containers and builtins are containers.ts's.
 * Owns these rules; knows nothing of relations.
 */
import { dirnameOf, type DeclarationFact, type ReferenceKind, type ValueExpr } from '@repograph/core';
import type { Entity, LanguageBinder, Resolution } from '../language-binder.js';
import type { FileUnit } from '../program.js';
import { DepthBudget, RecursionMemo } from '../recursion-memo.js';
import type { PythonModules } from './modules.js';
import { alternativeTargets } from './alternatives.js';
import { membersByFolder, submoduleNames } from './package-members.js';
import { pythonMovedImportFolders } from './moved-imports.js';
import { BUILTIN_CALLS, builtinCall, containerMethod } from './containers.js';

/** The type of a value: an instance (or the class itself) of a class, a module, or a list of a type. */
export type TypeRef =
  /** `object`: the class itself (`Type[C]`), which calling makes an instance of. */
  | { t: 'class'; unit: FileUnit; index: number; object?: boolean }
  | { t: 'module'; unit: FileUnit }
  /** A list, set, mapping (element: its values) or tuple (`items`: each position's type). */
  | { t: 'array'; element: TypeRef | null; items?: Array<TypeRef | null>; key?: TypeRef | null };

const MAX_DEPTH = 32;
const CALLABLE_KINDS = new Set(['function', 'method', 'constructor', 'class']);

export class PythonBinder implements LanguageBinder {
  private readonly files = new Map<string, FileUnit>();
  /** The units of each folder, with each subfolder's `__init__.py` (packageMembers); made on first use. */
  private byFolder: Map<string, FileUnit[]> | null = null;
  private readonly attributeMemo = new Map<string, Entity | null>();
  /** The depth limit shared by every memo of this binder (recursion-memo.ts). */
  private readonly depth = new DepthBudget(MAX_DEPTH);
  private readonly declarationTypes = new RecursionMemo<TypeRef>(this.depth);
  private readonly mroMemo = new Map<string, Array<{ unit: FileUnit; index: number }>>();
  private readonly inProgress = new Set<string>();
  /** Import bindings of each unit by local name. */
  private readonly importsByLocal = new Map<FileUnit, Map<string, number>>();
  private typedStep = false;
  /**
   * Set when resolving met a choice (a `oneof`, a name bound twice in a module or class):
   * alternatives.ts then collects the other targets. Memoized answers keep it in `branchingKeys`.
   */
  private branching = false;
  private readonly branchingKeys = new Set<string>();
  private readonly branchingTypes = new Set<string>();
  /** Module-level names bound more than once (live declarations and imports), per unit. */
  private readonly multiBound = new Map<FileUnit, Set<string>>();

  /** movedImportFolders' answer, made on first use. */
  private moved: ReadonlySet<string> | undefined | null = null;

  constructor(units: FileUnit[], private readonly modules: PythonModules, private readonly changed?: readonly string[]) {
    for (const unit of units) {
      this.files.set(unit.path, unit);
      const byLocal = new Map<string, number>();
      unit.facts.imports.forEach((fact, index) => {
        if (fact.local !== '' && !fact.superseded && !byLocal.has(fact.local)) byLocal.set(fact.local, index);
      });
      this.importsByLocal.set(unit, byLocal);
    }
  }

  resolve(unit: FileUnit, expr: ValueExpr, kind: ReferenceKind): Resolution | null {
    this.typedStep = false;
    this.branching = false;
    const value = this.valueOf(unit, expr, 0);
    // A call must reach something callable: a variable is followed to the function it holds.
    let entity = value?.t === 'decl' && kind === 'call' ? this.callable(value, 0) : value;
    const typed = this.typedStep;
    const alternatives = this.branching ? alternativeTargets(this, unit, expr, kind, value, entity) : [];
    if (!entity) {
      // Only an alternative reaches something (the first candidate holds nothing callable).
      if (alternatives.length === 0) return null;
      entity = alternatives.shift()!;
    }
    if (entity.t === 'external') return { entity, confidence: 'exact' };
    const resolution: Resolution = { entity, confidence: typed || this.typedStep ? 'typed' : 'exact' };
    if (alternatives.length > 0) resolution.alternatives = alternatives;
    return resolution;
  }

  /**
   * The module an import loads: `import a.b` and `from a import f` load `a.b` / `a`; `from pkg
   * import sub` loads the submodule `pkg.sub` when `pkg` itself does not define `sub` (Python
   * imports the submodule exactly then), so `from . import b` is an import of `b.py`.
   */
  importedUnit(unit: FileUnit, importIndex: number): FileUnit | undefined {
    const fact = unit.facts.imports[importIndex];
    if (!fact) return undefined;
    const module = this.moduleUnit(unit, fact.specifier);
    if (fact.style !== 'named' || fact.imported === '') return module;
    if (module) {
      const member = this.attribute(module, fact.imported, 0);
      return member?.t === 'module' ? member.unit : module;
    }
    // A namespace package (no __init__): only its submodules can be imported from it.
    return this.moduleUnit(unit, `${fact.specifier}${fact.specifier.endsWith('.') ? '' : '.'}${fact.imported}`);
  }

  /**
   * Imported modules (and `from pkg import sub` submodules), star-import sources and, for a
   * package's `__init__`, the modules of its folder (`pkg.sub` is an attribute of the package).
   */
  dependencies(unit: FileUnit): Iterable<FileUnit> {
    const found = new Set<FileUnit>();
    const add = (target: FileUnit | undefined): void => { if (target) found.add(target); };
    for (const fact of unit.facts.imports) {
      add(this.moduleUnit(unit, fact.specifier));
      if (fact.imported !== '*' && fact.imported !== '') {
        add(this.moduleUnit(unit, `${fact.specifier}${fact.specifier.endsWith('.') ? '' : '.'}${fact.imported}`));
      }
    }
    for (const fact of unit.starExports) add(this.moduleUnit(unit, fact.specifier ?? ''));
    // Modules a docstring's return type names without an import.
    for (const declaration of unit.facts.declarations) {
      const returned = declaration.returnType;
      if (returned?.k === 'member' && returned.object.k === 'module') add(this.moduleUnit(unit, returned.object.specifier));
    }
    if (this.modules.isPackageInit(unit.path)) for (const member of this.packageMembers(unit.path)) add(member);
    found.delete(unit);
    return found;
  }

  /** The folders whose files' imports the paths that came or went may move (moved-imports.ts); undefined: any file's. */
  get movedImportFolders(): ReadonlySet<string> | undefined {
    if (this.moved === null) this.moved = this.changed === undefined ? undefined : pythonMovedImportFolders(this.files.values(), this.changed);
    return this.moved;
  }

  memberNames(unit: FileUnit, moved: ReadonlyArray<{ path: string }>): { names: Set<string>; self: boolean } | null {
    const names = this.modules.isPackageInit(unit.path) ? submoduleNames(unit.path, unit.facts, moved.map((file) => file.path)) : null;
    return names === null ? null : { names, self: true };
  }

  /** The modules of a package's folder and its subfolders' `__init__.py` (package-members.ts), indexed on first use. */
  private packageMembers(initPath: string): FileUnit[] {
    this.byFolder ??= membersByFolder(this.files);
    return this.byFolder.get(dirnameOf(initPath)) ?? [];
  }

  /** What a call of `entity` reaches: a callable declaration, or the callable a variable holds. */
  /** @internal */ callable(entity: Extract<Entity, { t: 'decl' }>, depth: number, hops = 0): Entity | null {
    if (this.depth.exceeded(depth)) return null;
    const declaration = entity.unit.facts.declarations[entity.index]!;
    if (declaration.kind === 'property' && declaration.params !== undefined) {
      // `obj.prop(...)` calls what the @property returns (a bound method, a function), as jedi says.
      if (hops > 4 || !declaration.returnsExpr) return null;
      const returned = this.valueOf(entity.unit, declaration.returnsExpr, depth + 1);
      return returned?.t === 'decl' && (returned.unit !== entity.unit || returned.index !== entity.index) ? this.callable(returned, depth + 1, hops + 1) : null;
    }
    if (CALLABLE_KINDS.has(declaration.kind) || declaration.params !== undefined) return entity;
    if (declaration.valueType) {
      // `factory: Type[Base]`: calling it makes a Base (calling an instance reaches nothing jedi reports).
      const annotated = this.typeOfAnnotation(entity.unit, declaration.valueType, depth + 1);
      return annotated?.t === 'class' && annotated.object ? { t: 'decl', unit: annotated.unit, index: annotated.index } : null;
    }
    if (hops > 4 || !declaration.init) return null;
    const held = this.valueOf(entity.unit, declaration.init, depth + 1);
    if (!held) {
      // `handler = make_handler()`: the function the call returns.
      if (declaration.init.k === 'call') {
        const returned = this.functionReturned(entity.unit, declaration.init, depth + 1);
        if (returned) return returned;
      }
      // `cls = get_class()` with `-> Type[C]`: the variable holds the class C.
      const type = this.typeOf(entity.unit, declaration.init, depth + 1);
      return type?.t === 'class' && type.object ? { t: 'decl', unit: type.unit, index: type.index } : null;
    }
    return held?.t === 'decl' && (held.unit !== entity.unit || held.index !== entity.index) ? this.callable(held, depth + 1, hops + 1) : null;
  }

  /**
   * The function a call returns, when its callee returns a function of its own (`return wrapper`):
   * that function, or, when it is decorated `@functools.wraps(f)`, what `f` is at this call (an
   * argument, for a parameter of the callee), as jedi reports it (`lazy(gettext, str)` is gettext).
   */
  private functionReturned(unit: FileUnit, call: Extract<ValueExpr, { k: 'call' }>, depth: number): Entity | null {
    if (this.depth.exceeded(depth)) return null;
    const callee = this.valueOf(unit, call.callee, depth + 1);
    const target = callee?.t === 'decl' ? this.callable(callee, depth + 1) : null;
    if (target?.t !== 'decl') return null;
    const factory = target.unit.facts.declarations[target.index]!;
    if (factory.kind === 'class' || !factory.returnsExpr) return null;
    const returned = this.valueOf(target.unit, factory.returnsExpr, depth + 1);
    if (returned?.t !== 'decl') return null;
    const inner = returned.unit.facts.declarations[returned.index]!;
    if (inner.params === undefined || inner.kind === 'class') return null;
    if (!inner.wraps) return returned;
    const wrapped = this.valueOf(returned.unit, inner.wraps, depth + 1);
    if (wrapped?.t !== 'decl') return null;
    const parameters = wrapped.unit === target.unit ? wrapped.unit.parameters.get(target.index) : undefined;
    const position = parameters?.indexOf(wrapped.index) ?? -1;
    if (position < 0) return this.callable(wrapped, depth + 1);
    const argument = call.args?.[position];
    const value = argument ? this.valueOf(unit, argument, depth + 1) : null;
    return value?.t === 'decl' ? this.callable(value, depth + 1) : null;
  }

  /** @internal */ moduleUnit(unit: FileUnit, specifier: string): FileUnit | undefined {
    const target = this.modules.resolve(unit.path, specifier);
    return target.kind === 'file' ? this.files.get(target.path) : undefined;
  }

  /** What an expression denotes as a value. */
  /** @internal */ valueOf(unit: FileUnit, expr: ValueExpr, depth: number): Entity | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'decl': return { t: 'decl', unit, index: expr.decl };
      case 'import': return this.importValue(unit, expr.imp, depth + 1);
      case 'global': return this.starValue(unit, expr.name, depth + 1);
      case 'this': return expr.owner >= 0 ? { t: 'decl', unit, index: expr.owner } : null;
      case 'member': return this.memberValue(unit, expr.object, expr.name, depth + 1);
      case 'cast': return this.valueOf(unit, expr.value, depth + 1);
      case 'module': {
        const target = this.modules.resolve(unit.path, expr.specifier);
        if (target.kind === 'external') return { t: 'external' };
        const module = target.kind === 'file' ? this.files.get(target.path) : undefined;
        return module ? { t: 'module', unit: module } : null;
      }
      case 'oneof': {
        // One of several values: the first that denotes something (alternatives.ts reaches the others).
        this.branching = true;
        for (const member of expr.types) {
          const value = this.valueOf(unit, member, depth + 1);
          if (value) return value;
        }
        return null;
      }
      default: return null;
    }
  }

  /** @internal */ importValue(unit: FileUnit, importIndex: number, depth: number): Entity | null {
    const fact = unit.facts.imports[importIndex];
    if (!fact || fact.style === 'side-effect') return null;
    const target = this.modules.resolve(unit.path, fact.specifier);
    if (target.kind === 'external') return { t: 'external' };
    const targetUnit = target.kind === 'file' ? this.files.get(target.path) : undefined;
    if (fact.imported === '*') return targetUnit ? { t: 'module', unit: targetUnit } : null;
    if (targetUnit) {
      const found = this.attribute(targetUnit, fact.imported, depth + 1);
      if (found) return found;
    }
    // `from pkg import sub` where pkg is a namespace package (no __init__).
    const sub = this.moduleUnit(unit, `${fact.specifier}${fact.specifier.endsWith('.') ? '' : '.'}${fact.imported}`);
    return sub ? { t: 'module', unit: sub } : null;
  }

  /** A name free in `unit`: one a star import brings in (builtins have no target). */
  /** @internal */ starValue(unit: FileUnit, name: string, depth: number): Entity | null {
    for (const fact of unit.starExports) {
      const source = this.moduleUnit(unit, fact.specifier ?? '');
      if (!source || !this.starExported(source, name)) continue;
      const found = this.attribute(source, name, depth + 1);
      if (found) return found;
    }
    return null;
  }

  /** Whether `from source import *` brings `name`: listed in `__all__`, or public when there is none. */
  private starExported(source: FileUnit, name: string): boolean {
    const listed = source.facts.exports.some((e) => e.style === 'local');
    return listed ? source.exportsByName.has(name) : !name.startsWith('_');
  }

  /** `module.name`: a module-level declaration, an import binding, a star-imported name, a submodule. */
  attribute(unit: FileUnit, name: string, depth: number): Entity | null {
    if (this.depth.exceeded(depth)) return null;
    const key = `${unit.path}\0${name}`;
    if (this.attributeMemo.has(key)) {
      if (this.branchingKeys.has(key)) this.branching = true;
      return this.attributeMemo.get(key)!;
    }
    if (this.inProgress.has(key)) return null;
    this.inProgress.add(key);
    const saved = this.typedStep;
    const result = this.remembering(key, () => this.attributeUncached(unit, name, depth));
    this.typedStep = saved;
    this.inProgress.delete(key);
    this.attributeMemo.set(key, result);
    return result;
  }

  /** Runs a memoized question, remembering whether it met a choice (see `branching`). */
  private remembering<V>(key: string, compute: () => V): V {
    const outer = this.branching;
    this.branching = false;
    const result = compute();
    if (this.branching) this.branchingKeys.add(key);
    else if (this.branchingKeys.has(key)) this.branching = true;
    this.branching ||= outer;
    return result;
  }

  /** Whether `name` is bound more than once at module level in `unit` (live bindings only). */
  /** @internal */ boundTwice(unit: FileUnit, name: string): boolean {
    let names = this.multiBound.get(unit);
    if (names === undefined) {
      const counts = new Map<string, number>();
      for (const member of unit.members.get(-1)?.keys() ?? []) counts.set(member, liveMembers(unit, -1, member).length);
      unit.facts.imports.forEach((fact, index) => {
        if (fact.local !== '' && !fact.superseded && moduleLevelImport(unit, index)) counts.set(fact.local, (counts.get(fact.local) ?? 0) + 1);
      });
      names = new Set([...counts].filter(([, count]) => count > 1).map(([member]) => member));
      this.multiBound.set(unit, names);
    }
    return names.has(name);
  }

  private attributeUncached(unit: FileUnit, name: string, depth: number): Entity | null {
    if (this.boundTwice(unit, name)) this.branching = true;
    const declared = liveMembers(unit, -1, name);
    if (declared.length > 0) {
      const declarations = unit.facts.declarations;
      const best = declared.find((i) => CALLABLE_KINDS.has(declarations[i]!.kind)) ?? declared[0]!;
      return { t: 'decl', unit, index: best };
    }
    const imported = this.importsByLocal.get(unit)?.get(name);
    if (imported !== undefined) {
      const found = this.importValue(unit, imported, depth + 1);
      if (found) return found;
    }
    const starred = this.starValue(unit, name, depth + 1);
    if (starred) return starred;
    if (this.modules.isPackageInit(unit.path)) {
      const sub = this.modules.submodule(unit.path.slice(0, unit.path.lastIndexOf('/') < 0 ? 0 : unit.path.lastIndexOf('/')), name);
      const subUnit = sub.kind === 'file' ? this.files.get(sub.path) : undefined;
      if (subUnit) return { t: 'module', unit: subUnit };
    }
    return null;
  }

  /** What `object.name` denotes. */
  private memberValue(unit: FileUnit, object: ValueExpr, name: string, depth: number): Entity | null {
    if (object.k === 'super') {
      if (object.owner < 0) return null;
      const mro = this.mro(unit, object.owner, depth + 1);
      this.typedStep = true;
      return this.lookupIn(mro.slice(1), name);
    }
    if (object.k !== 'this') {
      const base = this.valueOf(unit, object, depth + 1);
      if (base?.t === 'module') return this.attribute(base.unit, name, depth + 1);
      if (base?.t === 'external') return null;
      if (base?.t === 'decl' && base.unit.facts.declarations[base.index]!.kind === 'class') {
        return this.lookupMember(base.unit, base.index, name, depth + 1);
      }
    }
    const type = this.typeOf(unit, object, depth + 1);
    if (!type) return null;
    if (type.t === 'module') return this.attribute(type.unit, name, depth + 1);
    if (type.t !== 'class') return null;
    this.typedStep = true;
    return this.lookupMember(type.unit, type.index, name, depth + 1);
  }

  /** `name` along the MRO of a class. */
  /** @internal */ lookupMember(unit: FileUnit, index: number, name: string, depth: number): Entity | null {
    return this.lookupIn(this.mro(unit, index, depth + 1), name);
  }

  /** @internal */ lookupIn(mro: Array<{ unit: FileUnit; index: number }>, name: string): Entity | null {
    for (let i = 0; i < mro.length; i++) {
      const { unit, index } = mro[i]!;
      const candidates = liveMembers(unit, index, name);
      if (candidates.length > 0) {
        if (i > 0) this.typedStep = true;
        if (candidates.length > 1) this.branching = true;
        return { t: 'decl', unit, index: candidates[0]! };
      }
    }
    return null;
  }

  /** The C3 linearization of a class's declared bases (depth-first when C3 fails). */
  /** @internal */ mro(unit: FileUnit, index: number, depth: number): Array<{ unit: FileUnit; index: number }> {
    const key = `${unit.path}\0${index}`;
    const memo = this.mroMemo.get(key);
    if (memo) return memo;
    const self = { unit, index };
    if (this.inProgress.has(`mro\0${key}`) || depth > MAX_DEPTH) return [self];
    this.inProgress.add(`mro\0${key}`);
    const bases: Array<{ unit: FileUnit; index: number }> = [];
    for (const base of unit.facts.declarations[index]!.extendsTypes ?? []) {
      const saved = this.typedStep;
      const entity = this.valueOf(unit, base, depth + 1);
      const resolved = entity?.t === 'decl' ? this.classOf(entity, depth + 1) : null;
      this.typedStep = saved;
      if (resolved) bases.push(resolved);
    }
    const sequences = bases.map((b) => this.mro(b.unit, b.index, depth + 1).slice());
    sequences.push(bases.slice());
    const result = [self, ...(merge(sequences.map((s) => s.slice())) ?? depthFirst(sequences))];
    this.inProgress.delete(`mro\0${key}`);
    this.mroMemo.set(key, result);
    return result;
  }

  /** A class declaration an entity names (following `Alias = Base` assignments). */
  /** @internal */ classOf(entity: Extract<Entity, { t: 'decl' }>, depth: number): { unit: FileUnit; index: number } | null {
    const declaration = entity.unit.facts.declarations[entity.index]!;
    if (declaration.kind === 'class') return { unit: entity.unit, index: entity.index };
    if (this.depth.exceeded(depth) || !declaration.init) return null;
    const held = this.valueOf(entity.unit, declaration.init, depth + 1);
    return held?.t === 'decl' && (held.unit !== entity.unit || held.index !== entity.index) ? this.classOf(held, depth + 1) : null;
  }

  /** The type of the value an expression evaluates to. */
  /** @internal */ typeOf(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'this': return expr.owner >= 0 ? { t: 'class', unit, index: expr.owner } : null;
      case 'call': {
        const callee = expr.callee;
        if (callee.k === 'global' && BUILTIN_CALLS.has(callee.name) && !this.starValue(unit, callee.name, depth + 1)) {
          return builtinCall(callee.name, expr.args ?? [], (arg) => this.typeOf(unit, arg, depth + 1));
        }
        return this.callResult(unit, callee, depth + 1);
      }
      case 'oneof': {
        this.branching = true;
        for (const member of expr.types) {
          const type = this.typeOf(unit, member, depth + 1);
          if (type) return type;
        }
        return null;
      }
      case 'element': {
        const container = this.typeOf(unit, expr.of, depth + 1);
        if (container?.t !== 'array') return null;
        // `a, b = f()` with `-> Tuple[A, B]`: each target its item.
        if (expr.index !== undefined && container.items) return container.items[expr.index] ?? null;
        return container.element;
      }
      case 'cast': {
        // `typing.cast(T, x)` is a T where x has a type of its own: jedi matches cast's typeshed
        // overloads against the arguments, and an argument of no known type matches none.
        const own = this.typeOf(unit, expr.value, depth + 1);
        return own ? this.typeOfAnnotation(unit, expr.type, depth + 1) ?? own : null;
      }
      case 'array': {
        // A list, set, tuple or dict literal.
        const array: TypeRef = { t: 'array', element: this.typeOf(unit, expr.element, depth + 1) };
        if (expr.items) array.items = expr.items.map((item) => this.typeOf(unit, item, depth + 1));
        if (expr.key) array.key = this.typeOf(unit, expr.key, depth + 1);
        return array;
      }
      default: {
        const entity = this.valueOf(unit, expr, depth + 1);
        if (entity?.t === 'module') return { t: 'module', unit: entity.unit };
        return entity?.t === 'decl' ? this.declarationType(entity.unit, entity.index, depth + 1) : null;
      }
    }
  }

  /** What calling `callee` returns: an instance for a class, else the declared or inferred return. */
  private callResult(unit: FileUnit, callee: ValueExpr, depth: number): TypeRef | null {
    if (callee.k === 'this') return callee.owner >= 0 ? { t: 'class', unit, index: callee.owner } : null;
    const entity = this.valueOf(unit, callee, depth + 1);
    if (!entity && callee.k === 'member') {
      // `table.get(k)`, `table.items()`: a container's method.
      const container = this.typeOf(unit, callee.object, depth + 1);
      return container?.t === 'array' ? containerMethod(container, callee.name) ?? null : null;
    }
    if (entity?.t !== 'decl') return null;
    const target = this.callable(entity, depth + 1);
    if (target?.t !== 'decl') return null;
    const declaration = target.unit.facts.declarations[target.index]!;
    if (declaration.kind === 'class') return { t: 'class', unit: target.unit, index: target.index };
    return this.returnType(target.unit, declaration, depth + 1);
  }

  /** @internal */ returnType(unit: FileUnit, declaration: DeclarationFact, depth: number): TypeRef | null {
    if (declaration.returnType) return this.typeOfAnnotation(unit, declaration.returnType, depth + 1);
    if (declaration.returnsExpr) return this.typeOf(unit, declaration.returnsExpr, depth + 1);
    return null;
  }

  /** The type an annotation names. */
  /** @internal */ typeOfAnnotation(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (expr.k === 'array') {
      const array: TypeRef = { t: 'array', element: this.typeOfAnnotation(unit, expr.element, depth + 1) };
      if (expr.items) array.items = expr.items.map((item) => this.typeOfAnnotation(unit, item, depth + 1));
      if (expr.key) array.key = this.typeOfAnnotation(unit, expr.key, depth + 1);
      return array;
    }
    if (expr.k === 'typeof') {
      const of = this.typeOfAnnotation(unit, expr.value, depth + 1);
      return of?.t === 'class' ? { ...of, object: true } : null;
    }
    if (expr.k === 'oneof') {
      this.branching = true;
      for (const member of expr.types) {
        const type = this.typeOfAnnotation(unit, member, depth + 1);
        if (type) return type;
      }
      return null;
    }
    const entity = this.valueOf(unit, expr, depth + 1);
    if (entity?.t !== 'decl') return null;
    const resolved = this.classOf(entity, depth + 1);
    return resolved ? { t: 'class', ...resolved } : null;
  }

  /** The type of a declaration used as a value (memoized). */
  /** @internal */ declarationType(unit: FileUnit, index: number, depth: number): TypeRef | null {
    const key = `${unit.path}\0${index}`;
    // As `remembering`, inline: this is the binder's hottest question.
    const outer = this.branching;
    this.branching = false;
    const result = this.declarationTypes.answer(key, depth, () => this.declarationTypeUncached(unit, index, depth));
    if (this.branching) this.branchingTypes.add(key);
    else if (this.branchingTypes.has(key)) this.branching = true;
    this.branching ||= outer;
    if (result) this.typedStep = true;
    return result;
  }

  private declarationTypeUncached(unit: FileUnit, index: number, depth: number): TypeRef | null {
    const declaration = unit.facts.declarations[index]!;
    if (declaration.kind === 'class') return { t: 'class', unit, index };
    if (declaration.params !== undefined) {
      // A @property is read without a call: its value is what it returns.
      return declaration.kind === 'property' ? this.returnType(unit, declaration, depth + 1) : null;
    }
    if (declaration.valueType) {
      const annotated = this.typeOfAnnotation(unit, declaration.valueType, depth + 1);
      if (annotated) return annotated;
    }
    if (declaration.init) return this.typeOf(unit, declaration.init, depth + 1);
    return null;
  }
}

type ClassRef = { unit: FileUnit; index: number };

const moduleImports = new WeakMap<FileUnit, Set<number>>();

/** Whether an import of `unit` binds at module level (not inside a def or class body). */
export function moduleLevelImport(unit: FileUnit, index: number): boolean {
  let set = moduleImports.get(unit);
  if (set === undefined) {
    const bodies = unit.facts.declarations.filter((d) => d.parent === -1 && (d.kind === 'function' || d.kind === 'class')).map((d) => d.range);
    const before = (a: { line: number; column: number }, b: { line: number; column: number }): boolean => a.line < b.line || (a.line === b.line && a.column <= b.column);
    set = new Set();
    unit.facts.imports.forEach((fact, i) => {
      const at = { line: fact.line, column: fact.column };
      if (!bodies.some((r) => before(r.start, at) && before(at, r.end))) set!.add(i);
    });
    moduleImports.set(unit, set);
  }
  return set.has(index);
}

/** The members named `name` of a container (-1: the module) that no later binding supersedes. */
export function liveMembers(unit: FileUnit, container: number, name: string): number[] {
  const all = unit.members.get(container)?.get(name);
  if (all === undefined) return [];
  const declarations = unit.facts.declarations;
  return all.some((i) => declarations[i]!.superseded) ? all.filter((i) => !declarations[i]!.superseded) : all;
}

const sameClass = (a: ClassRef, b: ClassRef): boolean => a.unit === b.unit && a.index === b.index;

/** C3 merge; null when the hierarchy is inconsistent. */
function merge(sequences: ClassRef[][]): ClassRef[] | null {
  const result: ClassRef[] = [];
  const seqs = sequences.filter((s) => s.length > 0);
  while (seqs.length > 0) {
    let head: ClassRef | null = null;
    for (const seq of seqs) {
      const candidate = seq[0]!;
      if (!seqs.some((other) => other.slice(1).some((c) => sameClass(c, candidate)))) { head = candidate; break; }
    }
    if (!head) return null;
    result.push(head);
    for (const seq of seqs) if (sameClass(seq[0]!, head)) seq.shift();
    for (let i = seqs.length - 1; i >= 0; i--) if (seqs[i]!.length === 0) seqs.splice(i, 1);
  }
  return result;
}

/** Left-to-right depth-first order without repeats (the fallback when C3 fails). */
function depthFirst(sequences: ClassRef[][]): ClassRef[] {
  const result: ClassRef[] = [];
  for (const seq of sequences) for (const c of seq) if (!result.some((r) => sameClass(r, c))) result.push(c);
  return result;
}
