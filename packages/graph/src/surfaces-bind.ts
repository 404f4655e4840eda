/**
 * Binding of architecture facts (issue 17): turns a file's SurfaceFact/MountFact (expressions
 * still unbound) into the SurfaceRecord/MountRecord its file symbol publishes. Owns the router
 * identities that let the engine compose mounts across files:
 * - a declaration the ids table publishes: its id;
 * - a declaration that is not published (a Go `r := gin.Default()` inside `main`, a router made
 *   inside a factory): `<path>#<qualifiedName>` numbered `~n` over all of the file's declarations
 *   of that qualified name, the numbering narrow-rebind.ts compares, so a file whose binding
 *   reaches it is re-bound whenever the identity could change;
 * - a module: its path (Django's `include('app.urls')`, `import * as routes`); an endpoint without
 *   `router` or `routerParam` is registered on its own file's module;
 * - a router parameter: `<function identity>(<n>)`, for the endpoint (`routerParam`), for the
 *   mount that passes a router to that function (`mountedParam`) and for a mount whose parent is
 *   that parameter (`onParam`) alike; `n` is -1 for the router the function returns
 *   (`app.use('/x', makeRouter())`);
 * - a router expression that binds to nothing: `<path>#?<name>`, an identity no other file shares.
 * It does not own how facts are found (packages/extract) or how prefixes compose (engine
 * surfaces-index.ts).
 */
import type { FileFacts, KeyHoles, MountRecord, SurfaceRecord, ValueExpr } from '@repograph/core';
import type { IdTable } from './assemble.js';
import type { Entity, LanguageBinder } from './language-binder.js';
import type { FileUnit } from './program.js';

/** What bindSurfaces puts on a file symbol (each absent when the file has none). */
export interface BoundSurfaces {
  surfaces?: SurfaceRecord[];
  mounts?: MountRecord[];
}

/**
 * Binds the file's surfaces and mounts. `containerOf(index)` is assembly's: the id of the
 * innermost published declaration at or above `index`, the path for -1.
 */
export function bindSurfaces(unit: FileUnit, ids: IdTable, binder: LanguageBinder, containerOf: (index: number) => string): BoundSurfaces {
  const facts = unit.facts;
  const result: BoundSurfaces = {};
  if ((facts.surfaces === undefined || facts.surfaces.length === 0) && (facts.mounts === undefined || facts.mounts.length === 0)) return result;
  const identities = new Identities(unit, ids, binder);
  if (facts.surfaces && facts.surfaces.length > 0) {
    result.surfaces = facts.surfaces.map((fact) => {
      // Fields in a fixed order: the group hash is plain JSON of the records (digest.ts).
      const key = identities.filled(fact.key, fact.partial === true, fact.holes);
      const record: SurfaceRecord = { kind: fact.kind, key: key.text, framework: fact.framework } as SurfaceRecord;
      if (fact.method !== undefined) record.method = fact.method;
      if (fact.access !== undefined) record.access = fact.access;
      if (fact.default !== undefined) record.default = fact.default;
      if (key.partial) record.partial = true;
      record.owner = fact.from >= 0 ? containerOf(fact.from) : unit.path;
      if (fact.target !== undefined) {
        const target = identities.publishedId(fact.target);
        record.target = target;
        if (target === null) {
          const name = lastName(facts, fact.target);
          if (name !== undefined) record.targetName = name;
        }
      }
      if (fact.kind === 'endpoint') {
        if (fact.routerParam !== undefined) record.router = `${identities.ofDeclaration(fact.from)}(${fact.routerParam})`;
        else if (fact.router !== undefined) record.router = identities.router(fact.router);
        else record.router = unit.path;
        if (fact.routerKind !== undefined) record.routerKind = fact.routerKind;
        if (fact.routerPrefix !== undefined) record.routerPrefix = fact.routerPrefix;
      }
      record.line = fact.line;
      record.column = fact.column;
      return record;
    });
  }
  if (facts.mounts && facts.mounts.length > 0) {
    result.mounts = facts.mounts.map((fact) => {
      const prefix = identities.filled(fact.prefix, fact.partial === true, fact.holes);
      const record: MountRecord = { prefix: prefix.text, framework: fact.framework } as MountRecord;
      if (prefix.partial) record.partial = true;
      if (fact.mountedParam !== undefined) {
        const callee = identities.boundRouter(fact.mountedParam.callee);
        record.mounted = callee === null ? null : `${callee}(${fact.mountedParam.param})`;
      } else {
        record.mounted = fact.mounted === undefined ? null : identities.boundRouter(fact.mounted);
      }
      if (fact.onParam !== undefined) record.on = `${identities.ofDeclaration(fact.from)}(${fact.onParam})`;
      else if (fact.on !== undefined) record.on = identities.boundRouter(fact.on);
      if (fact.onKind !== undefined) record.onKind = fact.onKind;
      if (fact.replacesPrefix === true) record.replacesPrefix = true;
      if (fact.serves === true) record.serves = true;
      record.owner = fact.from >= 0 ? containerOf(fact.from) : unit.path;
      record.line = fact.line;
      record.column = fact.column;
      return record;
    });
  }
  return result;
}

/** Resolves expressions of one file to published ids and router identities. */
class Identities {
  private localNames: string[] | null = null;

  constructor(private readonly unit: FileUnit, private readonly ids: IdTable, private readonly binder: LanguageBinder) {}

  /** The published id (or module path) an expression denotes, null when it denotes nothing in the tree. */
  publishedId(expr: ValueExpr): string | null {
    const entity = this.resolve(expr);
    if (entity === null) return null;
    if (entity.t === 'module') return entity.unit.path;
    if (entity.t === 'decl') return this.ids.get(entity.unit.path)?.[entity.index] ?? null;
    return null;
  }

  /**
   * The router identity of an endpoint's router expression (see the header): one that binds to
   * nothing gets a file-scoped name identity.
   */
  router(expr: ValueExpr): string {
    return this.boundRouter(expr) ?? `${this.unit.path}#?${lastName(this.unit.facts, expr) ?? ''}`;
  }

  /** The router identity of a mount's expression, null when it binds to nothing (MountRecord's null). */
  boundRouter(expr: ValueExpr): string | null {
    const entity = this.resolve(expr);
    if (entity?.t === 'module') return entity.unit.path;
    if (entity?.t === 'decl') return declarationIdentity(entity.unit, entity.index, this.ids);
    return null;
  }

  /**
   * A key with its holes (core KeyHoles) filled in: each `*` that names an imported constant
   * becomes the string the constant it binds to holds (DeclarationFact.value); partial while any
   * computed `*` stays.
   */
  filled(text: string, partial: boolean, holes: KeyHoles | undefined): { text: string; partial: boolean } {
    if (holes === undefined || !partial) return { text, partial };
    let out = '';
    let from = 0;
    let unknown = false;
    let star = 0;
    for (let at = text.indexOf('*'); at >= 0; at = text.indexOf('*', at + 1), star++) {
      const hole = holes[star];
      if (hole === null || hole === undefined) continue;
      const value = this.constantValue(hole);
      if (value === undefined) {
        unknown = true;
        continue;
      }
      out += text.slice(from, at) + value;
      from = at + 1;
    }
    return { text: out + text.slice(from), partial: unknown };
  }

  /** The string the constant an expression binds to holds, if it binds to one that holds one. */
  private constantValue(expr: ValueExpr): string | undefined {
    const entity = this.resolve(expr);
    return entity?.t === 'decl' ? entity.unit.facts.declarations[entity.index]?.value : undefined;
  }

  /** The identity of this file's declaration `index` (the path for -1). */
  ofDeclaration(index: number): string {
    if (index < 0) return this.unit.path;
    return declarationIdentity(this.unit, index, this.ids);
  }

  private resolve(expr: ValueExpr): Entity | null {
    if (expr.k === 'unknown') return null;
    return this.binder.resolve(this.unit, expr, 'read')?.entity ?? null;
  }
}

/** Local identities of every declaration of a file, kept per facts object. */
const localIdentities = new WeakMap<FileFacts, string[]>();

function declarationIdentity(unit: FileUnit, index: number, ids: IdTable): string {
  const published = ids.get(unit.path)?.[index];
  if (published !== undefined) return published;
  let names = localIdentities.get(unit.facts);
  if (!names) {
    const seen = new Map<string, number>();
    names = unit.facts.declarations.map((declaration) => {
      const count = (seen.get(declaration.qualifiedName) ?? 0) + 1;
      seen.set(declaration.qualifiedName, count);
      const base = `${unit.path}#${declaration.qualifiedName}`;
      return count === 1 ? base : `${base}~${count}`;
    });
    localIdentities.set(unit.facts, names);
  }
  return names[index] ?? `${unit.path}#?`;
}

/** The last name an expression is written with (`b` of `a.b`, the callee's of a call), if any. */
export function lastName(facts: FileFacts, expr: ValueExpr): string | undefined {
  for (let current: ValueExpr | undefined = expr, steps = 0; current !== undefined && steps < 64; steps++) {
    switch (current.k) {
      case 'decl': return facts.declarations[current.decl]?.name;
      case 'import': {
        const fact = facts.imports[current.imp];
        if (!fact) return undefined;
        return fact.local !== '' ? fact.local : fact.specifier;
      }
      case 'global': return current.name;
      case 'member': return current.name;
      case 'module': return current.specifier;
      case 'this': return 'this';
      case 'super': return 'super';
      case 'call': case 'new': current = current.callee; break;
      case 'cast': case 'refined': current = current.value; break;
      default: return undefined;
    }
  }
  return undefined;
}
