/**
 * Java name, type and member resolution as javac does it, over the facts of the tree's Java
 * files: a name the extractor left as `member(this(C), name)` is looked up along C's supertypes,
 * then C's enclosing classes, then the file's static imports, then (as a type) C's member types,
 * the package and the on-demand imports; `a.b` looks `b` up in the type of `a` along extends and
 * implements; a call reaches the method of its name that overloads.ts chooses. Types keep
 * their type arguments where binding uses them (a collection's element, a generic class's `T`
 * substituted in its members' types, a library generic's `get()`-like methods). A type outside
 * the tree is `external`: a member not found in the tree then is external too, never guessed.
 * Owns the evaluation of names, types and members; the LanguageBinder surface is binder.ts, the
 * choice among overloads overloads.ts.
 */
import type { DeclarationFact, ValueExpr } from '@repograph/core';
import type { FileUnit } from '../program.js';
import { isClassKind, type JavaPackageTable, type JavaTypeRef } from './packages.js';
import { chooseMethod } from './overloads.js';

/** The type of a Java value. */
export type JType =
  | { k: 'class'; unit: FileUnit; index: number; args?: JType[] }
  | { k: 'array'; element: JType }
  | { k: 'prim'; name: string }
  | { k: 'external'; args?: JType[] };

/** What a name or member denotes. */
export type JEntity = { k: 'decl'; unit: FileUnit; index: number; receiver?: JType } | { k: 'external' };

const EXTERNAL: JType = { k: 'external' };
const PRIMITIVES = new Set(['int', 'long', 'short', 'byte', 'char', 'boolean', 'float', 'double']);
/** Methods of library generics that return the (last) type argument. */
const ELEMENT_METHODS = new Set(['get', 'getValue', 'next', 'previous', 'peek', 'poll', 'pop', 'element', 'remove', 'getFirst', 'getLast',
  'pollFirst', 'pollLast', 'peekFirst', 'peekLast', 'first', 'last', 'firstElement', 'lastElement', 'elementAt', 'orElse', 'orElseThrow',
  'orElseGet', 'take', 'removeFirst', 'removeLast', 'getOrDefault', 'floor', 'ceiling', 'higher', 'lower', 'put', 'computeIfAbsent']);
const MAX_DEPTH = 24;

/** Marks that a receiver's type was used (confidence `typed`). */
export interface TypedFlag {
  typed: boolean;
  /** Set when a call that fits no overload was linked to one of several equally near ones. */
  heuristic?: boolean;
}

export class JavaTypes {
  private readonly declTypes = new Map<FileUnit, Map<number, JType | null>>();

  constructor(private readonly table: JavaPackageTable, private readonly flag: TypedFlag) {}

  // Types.

  /** The type a type expression of `unit` denotes. */
  typeOfTypeExpr(unit: FileUnit, expr: ValueExpr, depth: number): JType | null {
    if (depth > MAX_DEPTH) return null;
    switch (expr.k) {
      case 'decl': {
        const declaration = unit.facts.declarations[expr.decl];
        if (!declaration) return null;
        if (isClassKind(declaration.kind)) return { k: 'class', unit, index: expr.decl };
        // A type parameter: its bound (the substitution happens at member access).
        if (declaration.kind === 'type_alias') return declaration.valueType ? this.typeOfTypeExpr(unit, declaration.valueType, depth + 1) : EXTERNAL;
        return null;
      }
      case 'import': {
        const ref = this.importedType(unit, expr.imp);
        return ref ? { k: 'class', unit: ref.unit, index: ref.index } : EXTERNAL;
      }
      case 'global': {
        if (PRIMITIVES.has(expr.name)) return { k: 'prim', name: expr.name };
        const ref = this.typeByName(unit, -1, expr.name);
        return ref ? { k: 'class', unit: ref.unit, index: ref.index } : EXTERNAL;
      }
      case 'member': {
        if (expr.object.k === 'this') {
          const ref = this.typeByName(unit, expr.object.owner, expr.name);
          return ref ? { k: 'class', unit: ref.unit, index: ref.index } : this.qualifiedOrExternal(unit, expr);
        }
        const outer = this.typeOfTypeExpr(unit, expr.object, depth + 1);
        if (outer?.k === 'class') {
          const nested = this.memberType(outer.unit, outer.index, expr.name, depth + 1);
          if (nested) return { k: 'class', unit: nested.unit, index: nested.index };
        }
        return this.qualifiedOrExternal(unit, expr);
      }
      case 'array': {
        const element = this.typeOfTypeExpr(unit, expr.element, depth + 1);
        return element ? { k: 'array', element } : null;
      }
      default: return null;
    }
  }

  /** `a.b.C` written out in full: the class when some file declares it, else external. */
  private qualifiedOrExternal(unit: FileUnit, expr: ValueExpr): JType {
    const dotted = dottedName(expr);
    if (dotted) {
      const cut = dotted.lastIndexOf('.');
      for (let end = dotted.length; end > 0; end = dotted.lastIndexOf('.', end - 1)) {
        const head = dotted.slice(0, end);
        const ref = this.table.topLevelType(head, unit);
        if (ref) {
          let current: JavaTypeRef | undefined = ref;
          for (const name of dotted.slice(end + 1).split('.').filter(Boolean)) current = current ? this.memberType(current.unit, current.index, name, 0) : undefined;
          if (current) return { k: 'class', unit: current.unit, index: current.index };
          break;
        }
        if (end <= 0 || cut < 0) break;
      }
    }
    return EXTERNAL;
  }

  /** A type by simple name seen from class `owner` of `unit` (-1: the file level). */
  typeByName(unit: FileUnit, owner: number, name: string): JavaTypeRef | undefined {
    // Member types of the enclosing classes and their supertypes, innermost first.
    for (let current = owner; current >= 0; current = enclosingClass(unit, current)) {
      const found = this.memberType(unit, current, name, 0);
      if (found) return found;
    }
    const declarations = unit.facts.declarations;
    for (let index = 0; index < declarations.length; index++) {
      const declaration = declarations[index]!;
      if (declaration.parent === -1 && declaration.name === name && isClassKind(declaration.kind)) return { unit, index };
    }
    const packageName = this.table.packageOf(unit);
    const inPackage = this.table.topLevelType(packageName ? `${packageName}.${name}` : name, unit);
    if (inPackage) return inPackage;
    for (const fact of unit.facts.imports) {
      if (fact.imported !== '*') continue;
      const found = this.table.topLevelType(`${fact.specifier}.${name}`, unit);
      if (found) return found;
      // `import a.b.C.*` (or `import static a.b.C.*`): C's member types.
      const holder = this.qualifiedType(fact.specifier, unit);
      const nested = holder ? this.memberType(holder.unit, holder.index, name, 0) : undefined;
      if (nested) return nested;
    }
    return undefined;
  }

  /** A class named by its canonical name (`a.b.C.D`). */
  qualifiedType(dotted: string, from: FileUnit): JavaTypeRef | undefined {
    const parts = dotted.split('.');
    for (let split = parts.length; split > 0; split--) {
      const ref = this.table.topLevelType(parts.slice(0, split).join('.'), from);
      if (!ref) continue;
      let current: JavaTypeRef | undefined = ref;
      for (const name of parts.slice(split)) current = current ? this.memberType(current.unit, current.index, name, 0) : undefined;
      return current;
    }
    return undefined;
  }

  /** The class a single-type import names (`import a.b.C;`), or the class holding a static import. */
  importedType(unit: FileUnit, importIndex: number): JavaTypeRef | undefined {
    const fact = unit.facts.imports[importIndex];
    if (!fact) return undefined;
    if (fact.typeOnly && fact.imported !== '*') return this.qualifiedType(`${fact.specifier}.${fact.imported}`, unit);
    return this.qualifiedType(fact.specifier, unit);
  }

  /** A member type `name` of class `index` or of its supertypes. */
  memberType(unit: FileUnit, index: number, name: string, depth: number): JavaTypeRef | undefined {
    let found: JavaTypeRef | undefined;
    this.walkHierarchy(unit, index, depth, (u, i) => {
      for (const member of u.members.get(i)?.get(name) ?? []) {
        if (isClassKind(u.facts.declarations[member]!.kind)) { found = { unit: u, index: member }; return true; }
      }
      return false;
    });
    return found;
  }

  /**
   * Visits class `index` and its supertypes breadth-first (each once); stops when `visit` returns
   * true. Returns whether some supertype lies outside the tree (a class without `extends`
   * extends Object, outside the tree too).
   */
  walkHierarchy(unit: FileUnit, index: number, depth: number, visit: (unit: FileUnit, index: number) => boolean): { external: boolean; stopped: boolean } {
    const queue: JavaTypeRef[] = [{ unit, index }];
    const seen = new Set<string>();
    let external = false;
    while (queue.length > 0) {
      const current = queue.shift()!;
      const key = `${current.unit.path}#${current.index}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (visit(current.unit, current.index)) return { external, stopped: true };
      const declaration = current.unit.facts.declarations[current.index]!;
      const supers = [...(declaration.extendsTypes ?? []), ...(declaration.implementsTypes ?? [])];
      if (!declaration.extendsTypes || declaration.kind === 'interface') external = true;
      for (const superType of supers) {
        const type = this.typeOfTypeExpr(current.unit, superType, depth + 1);
        if (type?.k === 'class') queue.push({ unit: type.unit, index: type.index });
        else external = true;
      }
    }
    return { external, stopped: false };
  }

  /** The superclass of class `owner` (its first `extends`), or external. */
  superclassOf(unit: FileUnit, owner: number, depth: number): JType {
    const declaration = unit.facts.declarations[owner];
    const first = declaration?.extendsTypes?.[0];
    return first ? this.typeOfTypeExpr(unit, first, depth + 1) ?? EXTERNAL : EXTERNAL;
  }

  // Values.

  /** The type of the value of an expression of `unit`. */
  typeOfValue(unit: FileUnit, expr: ValueExpr, depth: number): JType | null {
    if (depth > MAX_DEPTH) return null;
    switch (expr.k) {
      case 'decl': return this.typeOfDecl(unit, expr.decl, depth + 1);
      case 'import': {
        const fact = unit.facts.imports[expr.imp];
        if (!fact) return null;
        if (fact.typeOnly) return this.typeOfTypeExpr(unit, expr, depth + 1);
        const field = this.staticMember(unit, expr.imp, fact.imported, 'field', depth + 1);
        return field?.k === 'decl' ? this.typeOfDecl(field.unit, field.index, depth + 1) : field ? EXTERNAL : null;
      }
      case 'this': return expr.owner >= 0 ? { k: 'class', unit, index: expr.owner } : null;
      case 'super': return expr.owner >= 0 ? this.superclassOf(unit, expr.owner, depth) : null;
      case 'global': return PRIMITIVES.has(expr.name) || expr.name === 'String' || expr.name === 'Class' ? (PRIMITIVES.has(expr.name) ? { k: 'prim', name: expr.name } : EXTERNAL) : this.typeOfTypeExpr(unit, expr, depth + 1);
      case 'member': {
        const entity = this.fieldEntity(unit, expr, depth + 1);
        if (entity?.k === 'external') return EXTERNAL;
        if (entity) return this.typeOfMemberDecl(entity.unit, entity.index, entity.receiver, depth + 1);
        return null;
      }
      case 'call': {
        if (expr.callee.k !== 'member') return null;
        const method = this.methodEntity(unit, expr.callee, expr.args?.length ?? 0, expr.args, depth + 1);
        if (!method) return null;
        if (method.k === 'external') return this.libraryResult(unit, expr.callee, depth + 1);
        return this.typeOfMemberDecl(method.unit, method.index, method.receiver, depth + 1);
      }
      case 'new': return this.typeOfTypeExpr(unit, expr.callee, depth + 1);
      case 'cast': return this.typeOfTypeExpr(unit, expr.type, depth + 1);
      case 'element': {
        const of = this.typeOfValue(unit, expr.of, depth + 1);
        if (of?.k === 'array') return of.element;
        if ((of?.k === 'class' || of?.k === 'external') && of.args && of.args.length > 0) return of.args[of.args.length - 1]!;
        return null;
      }
      case 'oneof': return expr.types[0] ? this.typeOfValue(unit, expr.types[0], depth + 1) : null;
      default: return null;
    }
  }

  /** A library generic's `get()`-like result: its last type argument. */
  private libraryResult(unit: FileUnit, callee: ValueExpr & { k: 'member' }, depth: number): JType | null {
    if (!ELEMENT_METHODS.has(callee.name)) return null;
    const receiver = this.typeOfValue(unit, callee.object, depth + 1);
    if (receiver?.k === 'external' && receiver.args && receiver.args.length > 0) return receiver.args[receiver.args.length - 1]!;
    return null;
  }

  /** The declared (or inferred) type of a declaration, with its type arguments. */
  typeOfDecl(unit: FileUnit, index: number, depth: number): JType | null {
    let memo = this.declTypes.get(unit);
    if (!memo) this.declTypes.set(unit, (memo = new Map()));
    if (memo.has(index)) return memo.get(index)!;
    memo.set(index, null);
    const declaration = unit.facts.declarations[index];
    const type = declaration ? this.computeDeclType(unit, index, declaration, depth) : null;
    memo.set(index, type);
    return type;
  }

  private computeDeclType(unit: FileUnit, index: number, declaration: DeclarationFact, depth: number): JType | null {
    if (isClassKind(declaration.kind)) return { k: 'class', unit, index };
    const declared = declaration.kind === 'method' ? declaration.returnType : declaration.valueType;
    if (declared) {
      const type = this.typeOfTypeExpr(unit, declared, depth + 1);
      if (type && (type.k === 'class' || type.k === 'external') && declaration.typeArguments) {
        const args = declaration.typeArguments.map((arg) => this.typeOfTypeExpr(unit, arg, depth + 1) ?? EXTERNAL);
        return { ...type, args };
      }
      return type;
    }
    if (declaration.kind === 'method' || declaration.kind === 'constructor') return null;
    return declaration.init ? this.typeOfValue(unit, declaration.init, depth + 1) : null;
  }

  /** A member's type seen through `receiver`: a class type parameter is replaced by the receiver's argument. */
  private typeOfMemberDecl(unit: FileUnit, index: number, receiver: JType | undefined, depth: number): JType | null {
    const declaration = unit.facts.declarations[index]!;
    const declared = declaration.kind === 'method' ? declaration.returnType : declaration.valueType;
    if (declared?.k === 'decl' && receiver?.k === 'class' && receiver.args) {
      const parameter = unit.facts.declarations[declared.decl];
      if (parameter?.kind === 'type_alias' && parameter.parent === receiver.index && receiver.unit === unit) {
        const position = typeParametersOf(unit, receiver.index).indexOf(declared.decl);
        const argument = receiver.args[position];
        if (argument && argument.k !== 'external') return argument;
      }
    }
    return this.typeOfDecl(unit, index, depth);
  }

  /**
   * `receiver` seen as its supertype `owner` (the class declaring a member found along the
   * superclass chain), with the type arguments its `extends Base<...>` clauses give: a member's
   * `T` then substitutes. Without a path through superclasses, `owner` without arguments.
   */
  viewAs(receiver: JType | undefined, ownerUnit: FileUnit, owner: number, depth: number): JType {
    let current: JType | undefined = receiver?.k === 'class' ? receiver : undefined;
    for (let step = 0; current?.k === 'class' && step < 16; step++) {
      if (current.unit === ownerUnit && current.index === owner) return current;
      const declaration: DeclarationFact = current.unit.facts.declarations[current.index]!;
      const superType = declaration.extendsTypes?.[0];
      const resolved: JType | null = superType ? this.typeOfTypeExpr(current.unit, superType, depth + 1) : null;
      if (resolved?.k !== 'class') break;
      const from: JType & { k: 'class' } = current;
      const args: JType[] | undefined = declaration.kind === 'interface' ? undefined : declaration.typeArguments?.map((arg): JType => this.substituted(from, arg, depth));
      current = args ? { ...resolved, args } : resolved;
    }
    return { k: 'class', unit: ownerUnit, index: owner };
  }

  /** A type argument written in class `within`'s heritage, its own type parameters replaced by `within`'s arguments. */
  private substituted(within: JType & { k: 'class' }, arg: ValueExpr, depth: number): JType {
    if (arg.k === 'decl' && within.args) {
      const parameter = within.unit.facts.declarations[arg.decl];
      if (parameter?.kind === 'type_alias' && parameter.parent === within.index) {
        const position = typeParametersOf(within.unit, within.index).indexOf(arg.decl);
        const found = within.args[position];
        if (found) return found;
      }
    }
    return this.typeOfTypeExpr(within.unit, arg, depth + 1) ?? EXTERNAL;
  }

  // Members.

  /** A field (or, failing that, a type) `expr.name` denotes. */
  fieldEntity(unit: FileUnit, expr: ValueExpr & { k: 'member' }, depth: number): (JEntity & { k: 'decl' }) | { k: 'external' } | null {
    if (expr.object.k === 'this' && (expr.object.owner < 0 || unit.facts.declarations[expr.object.owner])) {
      const owner = expr.object.owner;
      let sawExternal = false;
      for (let current = owner; current >= 0; current = enclosingClass(unit, current)) {
        const found = this.lookupMember(unit, current, expr.name, 'field', depth);
        if (found.entity) { if (current === owner) this.flag.typed = true; return { ...found.entity, receiver: this.ownerView({ k: 'class', unit, index: current }, found.entity, depth) }; }
        sawExternal ||= found.external;
      }
      const staticImport = this.staticImportLookup(unit, expr.name, 'field', depth);
      if (staticImport) return staticImport;
      const type = this.typeByName(unit, owner, expr.name);
      if (type) return { k: 'decl', unit: type.unit, index: type.index };
      return sawExternal ? { k: 'external' } : null;
    }
    const objectType = this.receiverType(unit, expr.object, depth);
    if (!objectType) return null;
    if (objectType.k !== 'class') return { k: 'external' };
    this.flag.typed = true;
    const found = this.lookupMember(objectType.unit, objectType.index, expr.name, 'field', depth);
    if (found.entity) return { ...found.entity, receiver: this.ownerView(objectType, found.entity, depth) };
    const nested = this.memberType(objectType.unit, objectType.index, expr.name, depth);
    if (nested) return { k: 'decl', unit: nested.unit, index: nested.index };
    return found.external ? { k: 'external' } : null;
  }

  /** The type of a receiver: a value's type, or the class a type name denotes (a static access). */
  receiverType(unit: FileUnit, expr: ValueExpr, depth: number): JType | null {
    const type = this.typeOfValue(unit, expr, depth + 1);
    if (type) return type;
    if (expr.k === 'member' && expr.object.k !== 'this') {
      const qualified = this.qualifiedOrExternal(unit, expr);
      if (qualified.k === 'class') return qualified;
    }
    return null;
  }

  /** The method a call `expr.name(args)` reaches. */
  methodEntity(unit: FileUnit, expr: ValueExpr & { k: 'member' }, argumentCount: number, args: ValueExpr[] | undefined, depth: number): (JEntity & { k: 'decl' }) | { k: 'external' } | null {
    const object = expr.object;
    if (object.k === 'this' && (object.owner < 0 || unit.facts.declarations[object.owner])) {
      let sawExternal = false;
      for (let current = object.owner; current >= 0; current = enclosingClass(unit, current)) {
        const found = chooseMethod(this, this.flag, unit, current, expr.name, argumentCount, args, unit, depth, false);
        if (found === 'ambiguous') return null;
        if (found.entity) { if (current === object.owner) this.flag.typed = true; return { ...found.entity, receiver: this.ownerView({ k: 'class', unit, index: current }, found.entity, depth) }; }
        sawExternal ||= found.external;
      }
      const staticImport = this.staticImportLookup(unit, expr.name, 'method', depth);
      if (staticImport) return staticImport;
      return sawExternal ? { k: 'external' } : null;
    }
    if (object.k === 'super') {
      if (object.owner < 0) return null;
      const superType = this.superclassOf(unit, object.owner, depth);
      // `super.m()` of an interface default (`I.super.m()`) or of the superclass.
      const start = superType.k === 'class' ? superType : null;
      const declaration = unit.facts.declarations[object.owner]!;
      const candidates = start ? [start] : [];
      for (const type of declaration.implementsTypes ?? []) {
        const resolved = this.typeOfTypeExpr(unit, type, depth + 1);
        if (resolved?.k === 'class') candidates.push(resolved);
      }
      // The nearest overload stands in for a call no overload fits only when the superclass is in the tree too.
      const closed = superType.k === 'class';
      for (const candidate of candidates) {
        const found = chooseMethod(this, this.flag, candidate.unit, candidate.index, expr.name, argumentCount, args, unit, depth, false, closed);
        if (found === 'ambiguous') return null;
        if (found.entity) { this.flag.typed = true; return { ...found.entity, receiver: this.ownerView(candidate, found.entity, depth) }; }
      }
      return { k: 'external' };
    }
    const receiver = this.receiverType(unit, object, depth);
    if (!receiver) return null;
    if (receiver.k !== 'class') return { k: 'external' };
    this.flag.typed = true;
    const found = chooseMethod(this, this.flag, receiver.unit, receiver.index, expr.name, argumentCount, args, unit, depth, false);
    if (found === 'ambiguous') return null;
    if (found.entity) return { ...found.entity, receiver: this.ownerView(receiver, found.entity, depth) };
    return found.external ? { k: 'external' } : null;
  }

  /** The receiver seen as the class declaring `member`. */
  private ownerView(receiver: JType, member: { unit: FileUnit; index: number }, depth: number): JType {
    const owner = member.unit.facts.declarations[member.index]!.parent;
    return this.viewAs(receiver, member.unit, owner, depth);
  }

  /** The constructor `new C(args)`, `this(args)` or `super(args)` reaches: class C's own, or C itself when it declares none. */
  constructorOf(type: JType, argumentCount: number, args: ValueExpr[] | undefined, site: FileUnit, depth: number): JEntity | null {
    if (type.k !== 'class') return { k: 'external' };
    const found = chooseMethod(this, this.flag, type.unit, type.index, type.unit.facts.declarations[type.index]!.name, argumentCount, args, site, depth, true);
    if (found === 'ambiguous') return null;
    if (found.entity) return found.entity;
    const declared = type.unit.members.get(type.index)?.get(type.unit.facts.declarations[type.index]!.name) ?? [];
    const hasConstructors = declared.some((member) => type.unit.facts.declarations[member]!.kind === 'constructor');
    return hasConstructors ? null : { k: 'decl', unit: type.unit, index: type.index };
  }

  private staticImportLookup(unit: FileUnit, name: string, want: 'field' | 'method', depth: number): (JEntity & { k: 'decl' }) | { k: 'external' } | null {
    const facts = unit.facts.imports;
    for (let i = 0; i < facts.length; i++) {
      const fact = facts[i]!;
      if (!fact.typeOnly && fact.imported === name) return this.staticMember(unit, i, name, want, depth);
    }
    for (let i = 0; i < facts.length; i++) {
      const fact = facts[i]!;
      if (fact.typeOnly || fact.imported !== '*') continue;
      const holder = this.qualifiedType(fact.specifier, unit);
      if (!holder) continue;
      const found = this.lookupMember(holder.unit, holder.index, name, want, depth);
      if (found.entity) return found.entity;
    }
    return null;
  }

  private staticMember(unit: FileUnit, importIndex: number, name: string, want: 'field' | 'method', depth: number): (JEntity & { k: 'decl' }) | { k: 'external' } | null {
    const holder = this.importedType(unit, importIndex);
    if (!holder) return { k: 'external' };
    const found = this.lookupMember(holder.unit, holder.index, name, want, depth);
    return found.entity ?? (found.external ? { k: 'external' } : null);
  }

  /** The first field (or method) named `name` along the hierarchy of class `index`. */
  private lookupMember(unit: FileUnit, index: number, name: string, want: 'field' | 'method', depth: number): { entity?: JEntity & { k: 'decl' }; external: boolean } {
    let entity: (JEntity & { k: 'decl' }) | undefined;
    const walk = this.walkHierarchy(unit, index, depth, (u, i) => {
      for (const member of u.members.get(i)?.get(name) ?? []) {
        const kind = u.facts.declarations[member]!.kind;
        const isField = kind === 'field' || kind === 'constant' || kind === 'property';
        if (want === 'field' ? isField : kind === 'method') { entity = { k: 'decl', unit: u, index: member }; return true; }
      }
      return false;
    });
    return { ...(entity ? { entity } : {}), external: walk.external };
  }
}

/** The class declaring class `index` (skipping methods and other non-class containers), or -1. */
export function enclosingClass(unit: FileUnit, index: number): number {
  let current = unit.facts.declarations[index]?.parent ?? -1;
  while (current >= 0 && !isClassKind(unit.facts.declarations[current]!.kind)) current = unit.facts.declarations[current]!.parent;
  return current;
}

/** The type parameters of a class or method, in order. */
function typeParametersOf(unit: FileUnit, owner: number): number[] {
  const found: number[] = [];
  unit.facts.declarations.forEach((declaration, index) => {
    if (declaration.parent === owner && declaration.kind === 'type_alias' && declaration.scope === 'local') found.push(index);
  });
  return found;
}

/** `a.b.C` for a chain of names (`member(member(this, a), b)...`), or undefined. */
function dottedName(expr: ValueExpr): string | undefined {
  if (expr.k === 'global') return expr.name;
  if (expr.k !== 'member') return undefined;
  if (expr.object.k === 'this') return expr.name;
  const head = dottedName(expr.object);
  return head === undefined ? undefined : `${head}.${expr.name}`;
}