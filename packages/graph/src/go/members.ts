/**
 * What Go names and selectors denote: a name free in its file (the package scope across files, dot
 * imports, an imported package), `pkg.Name`, and the member a selector reaches on a type (its own
 * fields and interface methods, methods found by receiver type name across the package's files,
 * then promoted members of embedded fields and interfaces, level by level). Owns these lookups;
 * walking expressions is evaluate.ts's, types are typing.ts's.
 */
import type { FileUnit } from '../program.js';
import type { GoDecl, GoPackageTable } from './packages.js';
import { TYPE_KINDS, kindOf, type DeclRef, type TypeRef, type Value } from './type-refs.js';
import type { GoTyping, TypedFlag } from './typing.js';

/** Embedding levels searched for a promoted member. */
const MAX_EMBEDDING_LEVELS = 14;

export class GoMembers {
  constructor(private readonly table: GoPackageTable, private readonly typing: GoTyping, private readonly flag: TypedFlag) {}

  importValue(unit: FileUnit, importIndex: number): Value | null {
    const fact = unit.facts.imports[importIndex];
    if (!fact) return null;
    const goPackage = this.table.resolveImport(fact.specifier, unit);
    return goPackage ? { t: 'package', goPackage } : { t: 'external' };
  }

  /** A name free in its file: the package scope, dot imports, then an import whose package has that name. */
  globalValue(unit: FileUnit, name: string): Value | null {
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

  /**
   * What `object.name` denotes, given what `object` denotes (`base`) and its type (`type()`,
   * asked only when needed): a package's member, a method expression `T.M`, or a member of the
   * object's type.
   */
  selected(base: Value | null, type: () => TypeRef | null, name: string, depth: number): Value | null {
    if (base?.t === 'package') {
      const found = base.goPackage.scope.get(name);
      return found ? declValue(found) : null;
    }
    if (base?.t === 'external') return { t: 'external' };
    if (base?.t === 'decl' && TYPE_KINDS.has(kindOf(base))) return this.lookupMember(base, name, depth);
    const objectType = type();
    return objectType?.t === 'decl' ? this.lookupMember(objectType, name, depth) : null;
  }

  /**
   * Finds `name` on a type the way a selector does: the type's own fields and methods first, then
   * those of its embedded types, level by level (the shallowest wins).
   */
  private lookupMember(type: DeclRef, name: string, depth: number): Value | null {
    let level: DeclRef[] = [type];
    const seen = new Set<string>();
    for (let round = 0; level.length > 0 && round < MAX_EMBEDDING_LEVELS; round++) {
      const next: DeclRef[] = [];
      for (const current of level) {
        const key = `${current.unit.path}\0${current.index}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const own = this.ownMember(current, name);
        if (own) {
          if (round > 0 || current !== type) this.flag.typed = true;
          return own;
        }
        const declaration = current.unit.facts.declarations[current.index]!;
        const bases = declaration.kind === 'type_alias' ? (declaration.valueType ? [declaration.valueType] : []) : declaration.extendsTypes ?? [];
        for (const base of bases) {
          const baseType = this.typing.typeOfTypeExpr(current.unit, base, depth);
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
  private ownMember(type: DeclRef, name: string): Value | null {
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
}

function declValue(decl: GoDecl): Value {
  return { t: 'decl', unit: decl.unit, index: decl.index };
}
