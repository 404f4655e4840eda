/**
 * Binding for Java: resolves each reference of a Java file to the declaration javac would pick,
 * across the files of its package and the classes it imports. A call reaches a method (or, for
 * `this(...)`/`super(...)`, a constructor; a class that declares none is its own default
 * constructor); `new C(...)` reaches the class C (as TypeScript's `instantiates`); confidence is
 * `typed` when a receiver's type was used. Nothing is guessed by name: a receiver of unknown type
 * leaves the reference with no target (a call that fits no overload reaches the nearest one,
 * `heuristic` when several are equally near: see types.ts). Owns the LanguageBinder surface; the rules are types.ts,
 * the packages packages.ts.
 */
import type { ReferenceKind, ValueExpr } from '@repograph/core';
import type { Entity, LanguageBinder, MovedFile, Resolution } from '../language-binder.js';
import type { FileUnit } from '../program.js';
import { isClassKind, JavaPackageTable } from './packages.js';
import { namesGivenAnew, topLevelTypeNames } from './signature-names.js';
import { JavaTypes, type JEntity, type TypedFlag } from './types.js';

/** Builds the binder of a tree's Java files. */
export function createJavaBinder(units: FileUnit[]): LanguageBinder {
  return new JavaBinder(new JavaPackageTable(units));
}

/** The arguments of the reference being resolved (set by assembly through `resolveReference`). */
interface CallSite { argumentCount: number; args: ValueExpr[] | undefined }

export class JavaBinder implements LanguageBinder {
  private readonly flag: TypedFlag = { typed: false };
  private readonly types: JavaTypes;
  private readonly sites = new WeakMap<ValueExpr, CallSite>();
  private readonly indexed = new WeakSet<FileUnit>();

  constructor(private readonly table: JavaPackageTable) {
    this.types = new JavaTypes(table, this.flag);
  }

  resolve(unit: FileUnit, expr: ValueExpr, kind: ReferenceKind): Resolution | null {
    this.flag.typed = false;
    this.flag.heuristic = false;
    const entity = this.entityOf(unit, expr, kind);
    if (!entity) return null;
    if (entity.k === 'external') return { entity: { t: 'external' }, confidence: 'exact' };
    const result: Entity = { t: 'decl', unit: entity.unit, index: entity.index };
    return { entity: result, confidence: this.flag.heuristic ? 'heuristic' : this.flag.typed ? 'typed' : 'exact' };
  }

  private entityOf(unit: FileUnit, expr: ValueExpr, kind: ReferenceKind): JEntity | null {
    const site = this.siteOf(unit, expr);
    switch (kind) {
      case 'call': {
        if (expr.k === 'this' || expr.k === 'super') {
          if (expr.owner < 0) return null;
          const type = expr.k === 'this' ? { k: 'class' as const, unit, index: expr.owner } : this.types.superclassOf(unit, expr.owner, 0);
          if (expr.k === 'super') this.flag.typed = true;
          return this.types.constructorOf(type, site.argumentCount, site.args, unit, 0);
        }
        if (expr.k !== 'member') return expr.k === 'decl' ? null : null;
        return this.types.methodEntity(unit, expr, site.argumentCount, site.args, 0);
      }
      case 'new': case 'type': case 'extends': case 'implements': case 'decorate': {
        const type = this.types.typeOfTypeExpr(unit, expr, 0);
        if (!type) return null;
        if (type.k === 'class') return { k: 'decl', unit: type.unit, index: type.index };
        return type.k === 'external' ? { k: 'external' } : null;
      }
      case 'import': {
        if (expr.k !== 'import') return null;
        const fact = unit.facts.imports[expr.imp];
        if (!fact) return null;
        const holder = this.types.importedType(unit, expr.imp);
        if (!holder) return fact.imported === '*' ? null : { k: 'external' };
        if (fact.typeOnly || fact.imported === '*') return { k: 'decl', unit: holder.unit, index: holder.index };
        const members = holder.unit.members.get(holder.index)?.get(fact.imported) ?? [];
        return members.length > 0 ? { k: 'decl', unit: holder.unit, index: members[0]! } : { k: 'external' };
      }
      default: {
        if (expr.k === 'decl') return { k: 'decl', unit, index: expr.decl };
        if (expr.k !== 'member') return null;
        // A method reference `Foo::bar` names a method; a field access names a field or a type.
        const method = this.types.methodEntity(unit, expr, -1, undefined, 0);
        if (method) return method;
        return this.types.fieldEntity(unit, expr, 0);
      }
    }
  }

  /** The argument count and arguments of the reference whose target is `expr`. */
  private siteOf(unit: FileUnit, expr: ValueExpr): CallSite {
    if (!this.indexed.has(unit)) {
      this.indexed.add(unit);
      for (const reference of unit.facts.references) {
        if (reference.kind === 'call' || reference.kind === 'new') this.sites.set(reference.target, { argumentCount: reference.argumentCount ?? 0, args: reference.args });
      }
    }
    return this.sites.get(expr) ?? { argumentCount: 0, args: undefined };
  }

  importedUnit(unit: FileUnit, importIndex: number): FileUnit | undefined {
    return this.types.importedType(unit, importIndex)?.unit;
  }

  /** The files of every class it imports (its own package and on-demand imports are dependencyGroups'). */
  dependencies(unit: FileUnit): Iterable<FileUnit> {
    const found = new Set<FileUnit>();
    unit.facts.imports.forEach((_fact, index) => {
      const holder = this.types.importedType(unit, index);
      if (holder) found.add(holder.unit);
    });
    found.delete(unit);
    return found;
  }

  /** Its top-level types: readers of its package reach nothing else of it by name (the header: nothing is guessed by name). */
  groupNames(unit: FileUnit): Set<string> {
    return topLevelTypeNames(unit.facts);
  }

  /**
   * A class file that came or went changes what `unit` imports only under its top-level types'
   * names and the names `unit` imports from inside them (`import a.b.C.Inner;`, `import static
   * a.b.C.m;`): an import is not re-exported, so other files see the change only through `unit`'s
   * own declarations that name one (namesGivenAnew). `unit` is assembled again all the same.
   * Null (every dependent re-bound) for an on-demand import from inside such a class
   * (`import static a.b.C.*;`), whose names the import does not say.
   */
  memberNames(unit: FileUnit, moved: ReadonlyArray<MovedFile>): { names: Set<string>; self: boolean } | null {
    const names = new Set<string>();
    const inside: string[] = [];
    for (const file of moved) {
      const prefix = file.facts.packageName ? `${file.facts.packageName}.` : '';
      for (const name of topLevelTypeNames(file.facts)) {
        names.add(name);
        inside.push(`${prefix}${name}.`);
      }
    }
    for (const fact of unit.facts.imports) {
      const full = `${fact.specifier}.`;
      if (!inside.some((type) => full.startsWith(type))) continue;
      if (fact.imported === '*') return null;
      names.add(fact.imported);
    }
    return { names, self: true };
  }

  /** Those of its declarations that mention a changed name (signature-names.ts). */
  namesGivenAnew(unit: FileUnit, changed: ReadonlySet<string>): Set<string> {
    return namesGivenAnew(unit.facts, changed);
  }

  /** Its package (one scope), and every package it imports on demand (`import a.b.*`), as groups. */
  dependencyGroups(unit: FileUnit): { memberOf: Iterable<string>; reads: Iterable<string> } {
    const own = this.table.packageOf(unit);
    const reads = new Set([own]);
    for (const fact of unit.facts.imports) if (fact.imported === '*') reads.add(fact.specifier);
    return { memberOf: [own], reads };
  }
}

export { isClassKind };
