/**
 * Binding for Go: what a ValueExpr of a Go file denotes across the files of its package and the
 * packages it imports (`pkg.F`, dot imports), the type of a value (declared types, composite
 * literals, `new(T)`, results of functions with a declared result type, elements of slices, maps
 * and channels, type-switch cases) and member lookup (fields, methods found by receiver type
 * name across the package's files, promoted members of embedded fields and interfaces, interface
 * method specs). A call resolves only to a function or method: conversions `T(x)` and calls of
 * function values stay unresolved, as go/types reports them. Owns these rules; knows nothing of
 * relations or storage.
 */
import type { Diagnostic, ReferenceKind, ValueExpr } from '@repograph/core';
import type { Entity, LanguageBinder, Resolution } from '../language-binder.js';
import type { ManifestText } from '../manifests.js';
import type { FileUnit } from '../program.js';
import { GoPackageTable, type GoDecl, type GoPackage } from './packages.js';
import { DepthBudget, RecursionMemo } from '../recursion-memo.js';

type Value = { t: 'decl'; unit: FileUnit; index: number } | { t: 'package'; goPackage: GoPackage } | { t: 'external' };
type TypeRef =
  | { t: 'decl'; unit: FileUnit; index: number }
  | { t: 'array'; element: TypeRef | null }
  | { t: 'fn'; unit: FileUnit; returns: ValueExpr };

const MAX_DEPTH = 14;
const TYPE_KINDS = new Set(['struct', 'interface', 'type_alias']);
const CALLABLE_KINDS = new Set(['function', 'method']);

/** Builds the binder of a tree's Go files. */
export function createGoBinder(units: FileUnit[], manifests: ManifestText[], diagnostics: Diagnostic[]): LanguageBinder {
  return new GoBinder(new GoPackageTable(units, manifests, diagnostics));
}

/** Evaluates Go expressions over the package table; memoizes declaration types. */
export class GoBinder implements LanguageBinder {
  /** The depth limit shared by every memo of this binder (recursion-memo.ts). */
  private readonly depth = new DepthBudget(MAX_DEPTH);
  private readonly declarationTypes = new RecursionMemo<TypeRef>(this.depth);
  private typedStep = false;

  constructor(private readonly table: GoPackageTable) {}

  resolve(unit: FileUnit, expr: ValueExpr, kind: ReferenceKind): Resolution | null {
    this.typedStep = false;
    const value = this.valueOf(unit, expr, 0);
    if (!value || value.t === 'package') return null;
    if (value.t === 'external') return { entity: { t: 'external' }, confidence: 'exact' };
    // A call resolves to a function or method only (a conversion `T(x)` is not a call of T).
    if (kind === 'call' && !CALLABLE_KINDS.has(kindOf(value))) return null;
    const entity: Entity = { t: 'decl', unit: value.unit, index: value.index };
    return { entity, confidence: this.typedStep ? 'typed' : 'exact' };
  }

  importedUnit(unit: FileUnit, importIndex: number): FileUnit | undefined {
    const fact = unit.facts.imports[importIndex];
    return fact ? this.table.resolveImport(fact.specifier, unit)?.units[0] : undefined;
  }

  /** The other files of its package (one scope) and every file of each imported package. */
  dependencies(unit: FileUnit): Iterable<FileUnit> {
    const found = new Set<FileUnit>(this.table.packageOf(unit)?.units ?? []);
    for (const fact of unit.facts.imports) {
      for (const other of this.table.resolveImport(fact.specifier, unit)?.units ?? []) found.add(other);
    }
    found.delete(unit);
    return found;
  }

  /** What an expression denotes as a value. */
  private valueOf(unit: FileUnit, expr: ValueExpr, depth: number): Value | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'decl':
        return { t: 'decl', unit, index: expr.decl };
      case 'global':
        return this.globalValue(unit, expr.name);
      case 'import':
        return this.importValue(unit, expr.imp);
      case 'member':
        return this.memberValue(unit, expr.object, expr.name, depth + 1);
      default:
        return null;
    }
  }

  private importValue(unit: FileUnit, importIndex: number): Value | null {
    const fact = unit.facts.imports[importIndex];
    if (!fact) return null;
    const goPackage = this.table.resolveImport(fact.specifier, unit);
    return goPackage ? { t: 'package', goPackage } : { t: 'external' };
  }

  /** A name free in its file: the package scope, dot imports, then an import whose package has that name. */
  private globalValue(unit: FileUnit, name: string): Value | null {
    const goPackage = this.table.packageOf(unit);
    const own = goPackage?.scope.get(name);
    if (own) return declValue(own);
    const imports = unit.facts.imports;
    for (const fact of imports) {
      if (fact.local !== '.') continue;
      const found = this.table.resolveImport(fact.specifier, unit)?.scope.get(name);
      if (found) return declValue(found);
    }
    for (const fact of imports) {
      if (fact.style === 'side-effect' || fact.local === '.') continue;
      const target = this.table.resolveImport(fact.specifier, unit);
      if (target && target.name === name) return { t: 'package', goPackage: target };
    }
    return null;
  }

  /** What `object.name` denotes. */
  private memberValue(unit: FileUnit, object: ValueExpr, name: string, depth: number): Value | null {
    const base = this.valueOf(unit, object, depth);
    if (base?.t === 'package') {
      const found = base.goPackage.scope.get(name);
      return found ? declValue(found) : null;
    }
    if (base?.t === 'external') return { t: 'external' };
    if (base?.t === 'decl' && TYPE_KINDS.has(kindOf(base))) {
      // A method expression `T.M`.
      return this.lookupMember({ t: 'decl', unit: base.unit, index: base.index }, name, depth + 1);
    }
    const type = this.typeOf(unit, object, depth + 1);
    if (type?.t !== 'decl') return null;
    return this.lookupMember(type, name, depth + 1);
  }

  /**
   * Finds `name` on a type the way a selector does: the type's own fields and methods first, then
   * those of its embedded types, level by level (the shallowest wins).
   */
  private lookupMember(type: Extract<TypeRef, { t: 'decl' }>, name: string, depth: number): Value | null {
    let level: Array<Extract<TypeRef, { t: 'decl' }>> = [type];
    const seen = new Set<string>();
    for (let round = 0; level.length > 0 && round < MAX_DEPTH; round++) {
      const next: Array<Extract<TypeRef, { t: 'decl' }>> = [];
      for (const current of level) {
        const key = `${current.unit.path}\0${current.index}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const own = this.ownMember(current, name);
        if (own) {
          if (round > 0 || current !== type) this.typedStep = true;
          return own;
        }
        const declaration = current.unit.facts.declarations[current.index]!;
        const bases = declaration.kind === 'type_alias' ? (declaration.valueType ? [declaration.valueType] : []) : declaration.extendsTypes ?? [];
        for (const base of bases) {
          const baseType = this.typeOfTypeExpr(current.unit, base, depth + 1);
          if (baseType?.t !== 'decl') continue;
          // An alias (or defined type) shares its underlying type's level; an embedded type is one deeper.
          if (declaration.kind === 'type_alias') level.push(baseType);
          else next.push(baseType);
        }
      }
      level = next;
    }
    return null;
  }

  /** A field or interface method declared in the type, or a method declared with it as receiver. */
  private ownMember(type: Extract<TypeRef, { t: 'decl' }>, name: string): Value | null {
    const members = type.unit.members.get(type.index)?.get(name);
    if (members && members.length > 0) return { t: 'decl', unit: type.unit, index: members[0]! };
    const declaration = type.unit.facts.declarations[type.index]!;
    if (declaration.scope !== 'module') return null;
    const method = this.table.packageOf(type.unit)?.methods.get(declaration.name)?.get(name);
    if (!method) return null;
    // A method from a file the default build leaves out belongs to another declaration of the type.
    if (!this.table.inDefaultBuild(method.unit) && this.table.inDefaultBuild(type.unit)) return null;
    return declValue(method);
  }

  /** The type of the value an expression evaluates to. */
  private typeOf(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'decl':
        return this.declarationType(unit, expr.decl, depth + 1);
      case 'global': case 'member': {
        const value = this.valueOf(unit, expr, depth + 1);
        return value?.t === 'decl' ? this.declarationType(value.unit, value.index, depth + 1) : null;
      }
      case 'call':
        return this.callResultType(unit, expr.callee, depth + 1);
      case 'new':
        return this.typeOfTypeExpr(unit, expr.callee, depth + 1);
      case 'element': {
        const container = this.underlying(this.typeOf(unit, expr.of, depth + 1), depth + 1);
        return container?.t === 'array' ? container.element : null;
      }
      default:
        return null;
    }
  }

  /** What a call of `callee` returns: a function's declared result, or the type converted to. */
  private callResultType(unit: FileUnit, callee: ValueExpr, depth: number): TypeRef | null {
    const value = this.valueOf(unit, callee, depth + 1);
    if (value?.t !== 'decl') return null;
    const declaration = value.unit.facts.declarations[value.index]!;
    if (TYPE_KINDS.has(declaration.kind)) return { t: 'decl', unit: value.unit, index: value.index };
    if (CALLABLE_KINDS.has(declaration.kind)) {
      return declaration.returnType ? this.typeOfTypeExpr(value.unit, declaration.returnType, depth + 1) : null;
    }
    const held = this.underlying(this.declarationType(value.unit, value.index, depth + 1), depth + 1);
    return held?.t === 'fn' ? this.typeOfTypeExpr(held.unit, held.returns, depth + 1) : null;
  }

  /** A defined non-struct type (`type L []T`, `type F func() T`) as its underlying type. */
  private underlying(type: TypeRef | null, depth: number): TypeRef | null {
    let current = type;
    for (let i = 0; current?.t === 'decl' && i < MAX_DEPTH; i++) {
      const declaration = current.unit.facts.declarations[current.index]!;
      if (declaration.kind !== 'type_alias' || !declaration.valueType) return current;
      current = this.typeOfTypeExpr(current.unit, declaration.valueType, depth + 1);
    }
    return current;
  }

  /** The type a type expression denotes. */
  private typeOfTypeExpr(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (this.depth.exceeded(depth)) return null;
    if (expr.k === 'array') return { t: 'array', element: this.typeOfTypeExpr(unit, expr.element, depth + 1) };
    if (expr.k === 'fn') return { t: 'fn', unit, returns: expr.returns };
    const value = this.valueOf(unit, expr, depth + 1);
    if (value?.t !== 'decl' || !TYPE_KINDS.has(kindOf(value))) return null;
    this.typedStep = true;
    return { t: 'decl', unit: value.unit, index: value.index };
  }

  /** The type of a variable, constant, field or parameter (memoized). */
  private declarationType(unit: FileUnit, index: number, depth: number): TypeRef | null {
    const result = this.declarationTypes.answer(`${unit.path}\0${index}`, depth, () => {
      const declaration = unit.facts.declarations[index]!;
      if (TYPE_KINDS.has(declaration.kind) || CALLABLE_KINDS.has(declaration.kind)) return null;
      const declared = declaration.valueType ? this.typeOfTypeExpr(unit, declaration.valueType, depth + 1) : null;
      return declared ?? (declaration.init ? this.typeOf(unit, declaration.init, depth + 1) : null);
    });
    if (result) this.typedStep = true;
    return result;
  }
}

function declValue(decl: GoDecl): Value {
  return { t: 'decl', unit: decl.unit, index: decl.index };
}

function kindOf(value: { unit: FileUnit; index: number }): string {
  return value.unit.facts.declarations[value.index]!.kind;
}
