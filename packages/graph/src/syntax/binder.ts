/**
 * The syntax tier's binder, one per syntax-tier language (each is its own family, so names never
 * cross languages). The extractor leaves every name unbound (`global`, or `member` of a receiver);
 * this binds a name to a declaration of the same language:
 * - in the file itself, where exactly one module or member declaration has the name (`exact`);
 * - through the file's imports, package or namespace, where exactly one visible file declares it
 *   (`exact`): an import that names it (`use a::b::f`, `import a.b.F`, `use A\B\F`), a file an
 *   include/require/source names, the files of the same package or namespace;
 * - else by name alone, where exactly one declaration of the language has it (`heuristic`);
 * - else not at all (`to: null`).
 * A receiver call (`x.f()`) reaches `f` among the members of the receiver's class when the
 * receiver is `self`/`this` (`typed`) or names a type (`Store::new`), else the only member of
 * that name in the language (`heuristic`). Owns these rules only; the import paths are resolved
 * by resolve.ts.
 */
import type { DeclarationFact, ReferenceKind, SymbolKind, ValueExpr } from '@repograph/core';
import type { Entity, LanguageBinder, Resolution } from '../language-binder.js';
import type { FileUnit } from '../program.js';
import { SyntaxImportResolver } from './resolve.js';

interface Candidate {
  unit: FileUnit;
  index: number;
}

const CALLABLE: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'constructor', 'class', 'struct', 'enum', 'union', 'type_alias', 'trait', 'interface']);
const TYPES: ReadonlySet<SymbolKind> = new Set(['class', 'struct', 'enum', 'union', 'type_alias', 'trait', 'interface', 'module', 'namespace']);
const INSTANTIABLE: ReadonlySet<SymbolKind> = new Set(['class', 'struct', 'union', 'type_alias', 'enum']);

/** The one dependency group of a syntax-tier language: all its files (the family keeps languages apart). */
const LANGUAGE_GROUP = { memberOf: ['language'], reads: ['language'] } as const;

/** Builds the binder of one syntax-tier language's files. */
export function createSyntaxBinder(units: FileUnit[]): LanguageBinder {
  return new SyntaxBinder(units);
}

class SyntaxBinder implements LanguageBinder {
  /** Module-scope declarations by name, over every file of the language. */
  private readonly topByName = new Map<string, Candidate[]>();
  /** Member declarations by name. */
  private readonly membersByName = new Map<string, Candidate[]>();
  private readonly resolver: SyntaxImportResolver;

  constructor(units: FileUnit[]) {
    this.resolver = new SyntaxImportResolver(units);
    for (const unit of units) {
      unit.facts.declarations.forEach((declaration, index) => {
        if (!declaration.published || declaration.scope === 'local' || declaration.scope === 'parameter') return;
        const table = declaration.scope === 'member' ? this.membersByName : this.topByName;
        const list = table.get(declaration.name);
        if (list) list.push({ unit, index });
        else table.set(declaration.name, [{ unit, index }]);
      });
    }
  }

  resolve(unit: FileUnit, expr: ValueExpr, kind: ReferenceKind): Resolution | null {
    if (expr.k === 'decl') return { entity: { t: 'decl', unit, index: expr.decl }, confidence: 'exact' };
    if (expr.k === 'global') return this.resolveName(unit, expr.name, kind);
    if (expr.k === 'member') return this.resolveMember(unit, expr.object, expr.name, kind);
    return null;
  }

  importedUnit(unit: FileUnit, importIndex: number): FileUnit | undefined {
    return this.resolver.importedUnits(unit, importIndex)[0];
  }

  /** None one by one: every file of the language is in dependencyGroups' one group. */
  dependencies(): Iterable<FileUnit> {
    return [];
  }

  /**
   * Every file of the language, as one group: a by-name binding depends on every declaration of
   * that name in the language (a second one anywhere makes it ambiguous).
   */
  dependencyGroups(): { memberOf: Iterable<string>; reads: Iterable<string> } {
    return LANGUAGE_GROUP;
  }

  private resolveName(unit: FileUnit, name: string, kind: ReferenceKind): Resolution | null {
    const fits = (candidate: Candidate): boolean => fitsKind(decl(candidate), kind);
    const all = (this.topByName.get(name) ?? []).filter(fits);
    const local = all.filter((candidate) => candidate.unit === unit);
    if (local.length === 1) return found(local[0]!, 'exact');
    if (local.length > 1) return null;
    // In a class body, a bare name is often a member of the same class (Ruby, Kotlin, Scala...).
    const ownMembers = (this.membersByName.get(name) ?? []).filter((candidate) => candidate.unit === unit && fits(candidate));
    if (ownMembers.length === 1 && all.length === 0) return found(ownMembers[0]!, 'exact');
    const named = this.resolver.namedImport(unit, name);
    if (named !== undefined) {
      const imported = (this.topByName.get(named.imported) ?? []).concat(this.membersByName.get(named.imported) ?? []).filter(fits)
        .filter((candidate) => candidate.unit !== unit && decl(candidate).exported);
      const visible = imported.filter((candidate) => this.resolver.isVisibleThrough(unit, named.index, candidate.unit));
      if (visible.length === 1) return found(visible[0]!, 'exact');
      if (visible.length === 0 && imported.length === 1) return found(imported[0]!, 'heuristic');
      return null;
    }
    const others = all.filter((candidate) => candidate.unit !== unit && decl(candidate).exported);
    const visible = others.filter((candidate) => this.resolver.isVisible(unit, candidate.unit));
    if (visible.length === 1) return found(visible[0]!, 'exact');
    if (visible.length > 1) return null;
    if (others.length === 1) return found(others[0]!, 'heuristic');
    if (others.length === 0 && ownMembers.length === 0) {
      const members = (this.membersByName.get(name) ?? []).filter(fits);
      if (members.length === 1 && kind === 'call') return found(members[0]!, 'heuristic');
    }
    return null;
  }

  private resolveMember(unit: FileUnit, object: ValueExpr, name: string, kind: ReferenceKind): Resolution | null {
    const fits = (candidate: Candidate): boolean => fitsKind(decl(candidate), kind);
    if (object.k === 'this' && object.owner >= 0) {
      const own = membersOf({ unit, index: object.owner }, name).filter(fits);
      if (own.length === 1) return found(own[0]!, 'typed');
    }
    if (object.k === 'global') {
      const owner = this.resolveName(unit, object.name, 'type');
      if (owner !== null && owner.entity.t === 'decl') {
        const ownerCandidate = { unit: owner.entity.unit, index: owner.entity.index };
        if (TYPES.has(decl(ownerCandidate).kind)) {
          const own = this.membersNamed(ownerCandidate, name).filter(fits);
          if (own.length === 1) return found(own[0]!, owner.confidence);
        }
      }
    }
    const members = (this.membersByName.get(name) ?? []).filter(fits);
    if (members.length === 1) return found(members[0]!, 'heuristic');
    return null;
  }

  /** Members named `name` of a type: its children, and those of same-named scopes (`impl T`, reopened classes). */
  private membersNamed(owner: Candidate, name: string): Candidate[] {
    const direct = membersOf(owner, name);
    if (direct.length > 0) return direct;
    const ownerName = decl(owner).qualifiedName;
    return (this.membersByName.get(name) ?? []).filter((candidate) => {
      const qualified = decl(candidate).qualifiedName;
      return qualified === `${ownerName}.${name}`;
    });
  }
}

function decl(candidate: Candidate): DeclarationFact {
  return candidate.unit.facts.declarations[candidate.index]!;
}

function membersOf(owner: Candidate, name: string): Candidate[] {
  return (owner.unit.members.get(owner.index)?.get(name) ?? []).map((index) => ({ unit: owner.unit, index }));
}

function fitsKind(declaration: DeclarationFact, kind: ReferenceKind): boolean {
  if (kind === 'call') return CALLABLE.has(declaration.kind);
  if (kind === 'new') return INSTANTIABLE.has(declaration.kind) || declaration.kind === 'constructor';
  if (kind === 'type' || kind === 'extends' || kind === 'implements') return TYPES.has(declaration.kind);
  return true;
}

function found(candidate: Candidate, confidence: Resolution['confidence']): Resolution {
  const entity: Entity = { t: 'decl', unit: candidate.unit, index: candidate.index };
  return { entity, confidence };
}
