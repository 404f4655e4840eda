/**
 * Binding for Python: what a ValueExpr denotes across files and the type of a value. Modules are
 * namespaces: `mod.name` is a module-level declaration, an import binding of that module (so
 * re-exports through `__init__.py` follow), a name a star import brings in (honouring the
 * source's `__all__`), or a submodule. Calling a class yields an instance; members are looked up
 * along the C3 method resolution order of the declared bases; `self`/`cls` denote the enclosing
 * class and `super()` its MRO after it; types come from annotations, initializers and return
 * annotations or inferred returns. A call whose target is a variable is followed to the function
 * or class the variable holds (`f = g`), else it has no target: that is what Python's own
 * resolver (jedi) reports for such sites. Owns these rules; knows nothing of relations.
 */
import type { DeclarationFact, ReferenceKind, ValueExpr } from '@repograph/core';
import type { Entity, LanguageBinder, Resolution } from '../language-binder.js';
import type { FileUnit } from '../program.js';
import { DepthBudget, RecursionMemo } from '../recursion-memo.js';
import type { PythonModules } from './modules.js';

/** The type of a value: an instance (or the class itself) of a class, a module, or a list of a type. */
type TypeRef =
  | { t: 'class'; unit: FileUnit; index: number }
  | { t: 'module'; unit: FileUnit }
  | { t: 'array'; element: TypeRef | null };

const MAX_DEPTH = 16;
const CALLABLE_KINDS = new Set(['function', 'method', 'constructor', 'class']);

export class PythonBinder implements LanguageBinder {
  private readonly files = new Map<string, FileUnit>();
  private readonly attributeMemo = new Map<string, Entity | null>();
  /** The depth limit shared by every memo of this binder (recursion-memo.ts). */
  private readonly depth = new DepthBudget(MAX_DEPTH);
  private readonly declarationTypes = new RecursionMemo<TypeRef>(this.depth);
  private readonly mroMemo = new Map<string, Array<{ unit: FileUnit; index: number }>>();
  private readonly inProgress = new Set<string>();
  /** Import bindings of each unit by local name. */
  private readonly importsByLocal = new Map<FileUnit, Map<string, number>>();
  private typedStep = false;

  constructor(units: FileUnit[], private readonly modules: PythonModules) {
    for (const unit of units) {
      this.files.set(unit.path, unit);
      const byLocal = new Map<string, number>();
      unit.facts.imports.forEach((fact, index) => {
        if (fact.local !== '' && !byLocal.has(fact.local)) byLocal.set(fact.local, index);
      });
      this.importsByLocal.set(unit, byLocal);
    }
  }

  resolve(unit: FileUnit, expr: ValueExpr, kind: ReferenceKind): Resolution | null {
    this.typedStep = false;
    let entity = this.valueOf(unit, expr, 0);
    // A call must reach something callable: a variable is followed to the function it holds.
    if (entity?.t === 'decl' && kind === 'call') entity = this.callable(entity, 0);
    if (!entity || entity.t === 'external') return entity ? { entity, confidence: 'exact' } : null;
    return { entity, confidence: this.typedStep ? 'typed' : 'exact' };
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
    if (this.modules.isPackageInit(unit.path)) {
      const slash = unit.path.lastIndexOf('/');
      const dir = slash < 0 ? '' : unit.path.slice(0, slash + 1);
      for (const [path, other] of this.files) {
        if (!path.startsWith(dir)) continue;
        const rest = path.slice(dir.length);
        const parts = rest.split('/');
        if (parts.length === 1 || (parts.length === 2 && parts[1] === '__init__.py')) add(other);
      }
    }
    found.delete(unit);
    return found;
  }

  /** What a call of `entity` reaches: a callable declaration, or the callable a variable holds. */
  private callable(entity: Extract<Entity, { t: 'decl' }>, depth: number): Entity | null {
    const declaration = entity.unit.facts.declarations[entity.index]!;
    if (CALLABLE_KINDS.has(declaration.kind) || declaration.params !== undefined) return entity;
    if (declaration.valueType) {
      // `factory: Type[Base]` (annotations reduce `Type[X]` to X): calling it makes an X.
      const annotated = this.valueOf(entity.unit, declaration.valueType, depth + 1);
      const annotatedClass = annotated?.t === 'decl' ? this.classOf(annotated, depth + 1) : null;
      return annotatedClass ? { t: 'decl', ...annotatedClass } : null;
    }
    if (depth > 4 || !declaration.init) return null;
    const held = this.valueOf(entity.unit, declaration.init, depth + 1);
    return held?.t === 'decl' && (held.unit !== entity.unit || held.index !== entity.index) ? this.callable(held, depth + 1) : null;
  }

  private moduleUnit(unit: FileUnit, specifier: string): FileUnit | undefined {
    const target = this.modules.resolve(unit.path, specifier);
    return target.kind === 'file' ? this.files.get(target.path) : undefined;
  }

  /** What an expression denotes as a value. */
  private valueOf(unit: FileUnit, expr: ValueExpr, depth: number): Entity | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'decl': return { t: 'decl', unit, index: expr.decl };
      case 'import': return this.importValue(unit, expr.imp, depth + 1);
      case 'global': return this.starValue(unit, expr.name, depth + 1);
      case 'this': return expr.owner >= 0 ? { t: 'decl', unit, index: expr.owner } : null;
      case 'member': return this.memberValue(unit, expr.object, expr.name, depth + 1);
      default: return null;
    }
  }

  private importValue(unit: FileUnit, importIndex: number, depth: number): Entity | null {
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
  private starValue(unit: FileUnit, name: string, depth: number): Entity | null {
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
    if (this.attributeMemo.has(key)) return this.attributeMemo.get(key)!;
    if (this.inProgress.has(key)) return null;
    this.inProgress.add(key);
    const saved = this.typedStep;
    const result = this.attributeUncached(unit, name, depth);
    this.typedStep = saved;
    this.inProgress.delete(key);
    this.attributeMemo.set(key, result);
    return result;
  }

  private attributeUncached(unit: FileUnit, name: string, depth: number): Entity | null {
    const declared = unit.members.get(-1)?.get(name);
    if (declared && declared.length > 0) {
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
  private lookupMember(unit: FileUnit, index: number, name: string, depth: number): Entity | null {
    return this.lookupIn(this.mro(unit, index, depth + 1), name);
  }

  private lookupIn(mro: Array<{ unit: FileUnit; index: number }>, name: string): Entity | null {
    for (let i = 0; i < mro.length; i++) {
      const { unit, index } = mro[i]!;
      const candidates = unit.members.get(index)?.get(name);
      if (candidates && candidates.length > 0) {
        if (i > 0) this.typedStep = true;
        return { t: 'decl', unit, index: candidates[0]! };
      }
    }
    return null;
  }

  /** The C3 linearization of a class's declared bases (depth-first when C3 fails). */
  private mro(unit: FileUnit, index: number, depth: number): Array<{ unit: FileUnit; index: number }> {
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
  private classOf(entity: Extract<Entity, { t: 'decl' }>, depth: number): { unit: FileUnit; index: number } | null {
    const declaration = entity.unit.facts.declarations[entity.index]!;
    if (declaration.kind === 'class') return { unit: entity.unit, index: entity.index };
    if (this.depth.exceeded(depth) || !declaration.init) return null;
    const held = this.valueOf(entity.unit, declaration.init, depth + 1);
    return held?.t === 'decl' && (held.unit !== entity.unit || held.index !== entity.index) ? this.classOf(held, depth + 1) : null;
  }

  /** The type of the value an expression evaluates to. */
  private typeOf(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'this': return expr.owner >= 0 ? { t: 'class', unit, index: expr.owner } : null;
      case 'call': return this.callResult(unit, expr.callee, depth + 1);
      case 'element': {
        const container = this.typeOf(unit, expr.of, depth + 1);
        return container?.t === 'array' ? container.element : null;
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
    if (entity?.t !== 'decl') return null;
    const target = this.callable(entity, 0);
    if (target?.t !== 'decl') return null;
    const declaration = target.unit.facts.declarations[target.index]!;
    if (declaration.kind === 'class') return { t: 'class', unit: target.unit, index: target.index };
    return this.returnType(target.unit, declaration, depth + 1);
  }

  private returnType(unit: FileUnit, declaration: DeclarationFact, depth: number): TypeRef | null {
    if (declaration.returnType) return this.typeOfAnnotation(unit, declaration.returnType, depth + 1);
    if (declaration.returnsExpr) return this.typeOf(unit, declaration.returnsExpr, depth + 1);
    return null;
  }

  /** The type an annotation names. */
  private typeOfAnnotation(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (expr.k === 'array') return { t: 'array', element: this.typeOfAnnotation(unit, expr.element, depth + 1) };
    const entity = this.valueOf(unit, expr, depth + 1);
    if (entity?.t !== 'decl') return null;
    const resolved = this.classOf(entity, depth + 1);
    return resolved ? { t: 'class', ...resolved } : null;
  }

  /** The type of a declaration used as a value (memoized). */
  private declarationType(unit: FileUnit, index: number, depth: number): TypeRef | null {
    const result = this.declarationTypes.answer(`${unit.path}\0${index}`, depth, () => this.declarationTypeUncached(unit, index, depth));
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
