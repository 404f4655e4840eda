/**
 * Binding for the JS family (TypeScript, TSX, JavaScript): what a ValueExpr denotes across files
 * (imports followed through re-exports and barrels, CommonJS `module.exports`; a type or a value
 * of one name as the position asks), the type of a value (annotations and JSDoc types alike, casts,
 * `new X()`, return types, `this`, the extends chain, narrowing, the type expected where a
 * function stands) and member lookup (unions, intersections, `Pick`/`Omit`). Owns these rules;
 * the type shapes are js-type-ref.ts's, the standard library's js-lib-types.ts's, the narrowing
 * algebra js-narrowing.ts's; knows nothing of relations or storage.
 */
import type { ValueExpr } from '@repograph/core';
import type { Entity, LanguageBinder, Resolution } from './language-binder.js';
import type { FileUnit, Program } from './program.js';
import { ModuleResolver } from './module-resolution.js';
import { DepthBudget, RecursionMemo } from './recursion-memo.js';
import { CALLABLE_KINDS, CONTAINER_KINDS, VALUE_KINDS, hasMembers, isClassLike, sameType } from './js-type-ref.js';
import type { DeclType, TypeRef } from './js-type-ref.js';
import { ARRAY_CALLBACK_ELEMENT_PARAMETERS, arrayMethodResult, isArrayIsArray } from './js-lib-types.js';
import { towardType, withoutType } from './js-narrowing.js';
import { JsCallTypes } from './js-call-types.js';
import type { Bases } from './js-narrowing.js';

/** What a member access found, and the type of the object it was looked up in (when it was). */
interface MemberLookup {
  entity: Entity | null;
  objectType: TypeRef | null;
}
const NO_MEMBER: MemberLookup = { entity: null, objectType: null };

const MAX_DEPTH = 24;

/** Evaluates expressions of one program; memoizes per declaration and per export. */
export class JsBinder implements LanguageBinder {
  private readonly program: Program;
  /** The bases of a type, as narrowing's subtype test reads them (js-narrowing.ts). */
  private readonly bases: Bases = {
    exceeded: (depth) => this.depth.exceeded(depth),
    typeOfBase: (unit, base, depth) => this.typeOfTypeExpr(unit, base, depth),
  };
  /** The types of calls and callbacks (js-call-types.ts). */
  private readonly calls = new JsCallTypes({
    valueOf: (unit, expr, depth) => this.valueOf(unit, expr, depth),
    typeOf: (unit, expr, depth) => this.typeOf(unit, expr, depth),
    typeOfTypeExpr: (unit, expr, depth) => this.typeOfTypeExpr(unit, expr, depth),
    declarationType: (unit, index, depth) => this.declarationType(unit, index, depth),
    memberLookup: (unit, object, name, depth) => this.memberLookup(unit, object, name, depth),
    memberOfType: (type, name, depth) => this.memberOfType(type, name, depth),
    lookupMember: (type, name, depth) => this.lookupMember(type, name, depth),
    markTyped: () => { this.typedStep = true; },
    exceeded: (depth) => this.depth.exceeded(depth),
  });
  /** The depth limit shared by every memo of this binder (recursion-memo.ts). */
  private readonly depth = new DepthBudget(MAX_DEPTH);
  private readonly exportAnswers = new RecursionMemo<Entity>(this.depth);
  /** Keyed by declarationKey: the type of a declaration is asked on every member access. */
  private readonly declarationTypes = new RecursionMemo<TypeRef, number>(this.depth);
  /** A number per file unit seen, for keys that name a declaration without building a string. */
  private readonly unitNumbers = new Map<FileUnit, number>();
  /** Set while an evaluation used a typed step (receiver type, `this`). */
  private typedStep = false;
  /**
   * Set while a type expression's names are evaluated: where a module exports a type and a value
   * under one name (`interface E` and `const E`), a type position means the type and an
   * expression the value, as the compiler's meanings have it.
   */
  private typeContext = false;

  constructor(program: Program) {
    this.program = program;
  }

  /** Resolves the target of a reference; null when it has no target in the tree. */
  resolve(unit: FileUnit, expr: ValueExpr): Resolution | null {
    this.typedStep = false;
    this.typeContext = false;
    const entity = this.valueOf(unit, expr, 0);
    if (!entity) return null;
    return { entity, confidence: this.typedStep ? 'typed' : 'exact' };
  }

  /** The module resolver: the next binder over the same manifests carries its answers over (binders.ts). */
  resolutionState(): unknown {
    return this.program.resolver;
  }

  get movedImportFolders(): ReadonlySet<string> | undefined {
    return this.program.resolver instanceof ModuleResolver ? this.program.resolver.movedFolders : undefined;
  }

  /** The module an import resolves to, as a unit of the program (undefined when outside). */
  importedUnit(unit: FileUnit, importIndex: number): FileUnit | undefined {
    return this.program.unitOf(this.program.importTarget(unit, importIndex));
  }

  /** Imported files and the sources of re-exports: every file a resolution in `unit` reads directly. */
  dependencies(unit: FileUnit): Iterable<FileUnit> {
    const found = new Set<FileUnit>();
    unit.facts.imports.forEach((_fact, index) => {
      const target = this.importedUnit(unit, index);
      if (target) found.add(target);
    });
    for (const fact of unit.facts.exports) {
      if (fact.specifier === undefined) continue;
      const target = this.program.unitOf(this.program.resolveSpecifier(unit, fact.specifier));
      if (target) found.add(target);
    }
    found.delete(unit);
    return found;
  }

  /** What an expression denotes as a value. */
  private valueOf(unit: FileUnit, expr: ValueExpr, depth: number): Entity | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'decl':
        return { t: 'decl', unit, index: expr.decl };
      case 'import':
        return this.importValue(unit, expr.imp, depth + 1);
      case 'member':
        return this.memberValue(unit, expr.object, expr.name, depth + 1);
      case 'this':
        return expr.owner >= 0 ? { t: 'decl', unit, index: expr.owner } : null;
      case 'super':
        return this.superConstructor(unit, expr.owner, depth + 1);
      case 'cast':
      case 'refined':
        return this.valueOf(unit, expr.value, depth + 1);
      default:
        return null;
    }
  }

  /** `super(...)` calls the base class's constructor (or the base class, when it declares none). */
  private superConstructor(unit: FileUnit, owner: number, depth: number): Entity | null {
    if (owner < 0) return null;
    const base = unit.facts.declarations[owner]!.extendsTypes?.[0];
    const baseType = base ? this.typeOfTypeExpr(unit, base, depth) : null;
    if (baseType?.t !== 'decl') return null;
    this.typedStep = false;
    const constructorEntity = this.lookupMember({ ...baseType, instance: true }, 'constructor', depth);
    return constructorEntity ?? { t: 'decl', unit: baseType.unit, index: baseType.index };
  }

  private importValue(unit: FileUnit, importIndex: number, depth: number): Entity | null {
    const fact = unit.facts.imports[importIndex];
    if (!fact) return null;
    const target = this.program.importTarget(unit, importIndex);
    if (target.kind === 'external') return { t: 'external' };
    const targetUnit = this.program.unitOf(target);
    if (!targetUnit) return null;
    if (fact.imported === '*') {
      // `import * as ns` is the module object; `require()` of a CommonJS module is its `module.exports`.
      if (fact.style === 'require' || fact.style === 'default') {
        const assigned = this.exportValue(targetUnit, '=', depth);
        if (assigned) return assigned;
      }
      return { t: 'module', unit: targetUnit };
    }
    return this.exportValue(targetUnit, fact.imported, depth);
  }

  /** What `unit` exports under `name`, following re-exports and `export *`. */
  exportValue(unit: FileUnit, name: string, depth: number): Entity | null {
    if (this.depth.exceeded(depth)) return null;
    const key = `${unit.path}\0${name}${this.typeContext ? '\0type' : ''}`;
    return this.exportAnswers.answer(key, depth, () => this.exportValueUncached(unit, name, depth));
  }

  private exportValueUncached(unit: FileUnit, name: string, depth: number): Entity | null {
    const saved = this.typedStep;
    // A name exported twice (a type and a value): the one of the meaning asked for, else the first.
    let other: Entity | null = null;
    for (const fact of unit.exportsByName.get(name) ?? []) {
      let found: Entity | null = null;
      if (fact.style === 'local' && fact.value) {
        found = this.valueOf(unit, fact.value, depth + 1);
      } else if (fact.specifier !== undefined) {
        const target = this.program.resolveSpecifier(unit, fact.specifier);
        if (target.kind === 'external') found = { t: 'external' };
        const targetUnit = this.program.unitOf(target);
        if (targetUnit) {
          found = fact.style === 'reexport-namespace'
            ? { t: 'module', unit: targetUnit }
            : this.exportValue(targetUnit, fact.imported ?? name, depth + 1);
        }
      }
      if (found && this.hasMeaning(found)) { this.typedStep = saved; return found; }
      other ??= found;
    }
    if (other) { this.typedStep = saved; return other; }
    if (name !== 'default' && name !== '=') {
      for (const fact of unit.starExports) {
        const targetUnit = this.program.unitOf(this.program.resolveSpecifier(unit, fact.specifier ?? ''));
        const found = targetUnit ? this.exportValue(targetUnit, name, depth + 1) : null;
        if (found) { this.typedStep = saved; return found; }
      }
    }
    if (name !== '=' && unit.exportsByName.has('=')) {
      // CommonJS: `module.exports = X`; a default import is X, a named import is X's member.
      const assigned = this.exportValue(unit, '=', depth + 1);
      if (name === 'default') return assigned;
      if (assigned && assigned.t === 'decl') {
        const member = this.staticMember(assigned.unit, assigned.index, name, depth + 1);
        if (member) return member;
      }
    }
    this.typedStep = saved;
    return null;
  }

  /** Whether an entity has the meaning asked for (see typeContext). */
  private hasMeaning(entity: Entity): boolean {
    if (entity.t !== 'decl') return true;
    const kind = entity.unit.facts.declarations[entity.index]!.kind;
    const isType = kind === 'interface' || kind === 'type_alias';
    return this.typeContext ? isType || CONTAINER_KINDS.has(kind) : !isType;
  }

  /** What `object.name` denotes. */
  private memberValue(unit: FileUnit, object: ValueExpr, name: string, depth: number): Entity | null {
    return this.memberLookup(unit, object, name, depth).entity;
  }

  /** What `object.name` denotes, and the object's type when the member was looked up in it. */
  private memberLookup(unit: FileUnit, object: ValueExpr, name: string, depth: number): MemberLookup {
    // `x.constructor` is the runtime constructor (Object's `constructor: Function`), not a declaration.
    if (name === 'constructor') return NO_MEMBER;
    // A refinement that changes nothing (a call that is no guard, a non-union without a member) is its value.
    if (object.k === 'refined' && !this.refines(unit, object, depth)) return this.memberLookup(unit, object.value, name, depth);
    if (object.k === 'this' || object.k === 'super' || object.k === 'cast' || object.k === 'refined') {
      return this.memberOfObjectType(unit, object, name, depth);
    }
    const base = this.valueOf(unit, object, depth);
    if (base?.t === 'module') return { entity: this.exportValue(base.unit, name, depth), objectType: null };
    if (base?.t === 'external') return NO_MEMBER;
    if (base?.t === 'decl') {
      const declaration = base.unit.facts.declarations[base.index]!;
      // A value with a declared type has that type's members, not its initializer's.
      const declared = declaration.valueType !== undefined && VALUE_KINDS.has(declaration.kind);
      if (!declared && (CONTAINER_KINDS.has(declaration.kind) || CALLABLE_KINDS.has(declaration.kind) || hasMembers(base.unit, base.index))) {
        const member = this.staticMember(base.unit, base.index, name, depth);
        if (member) return { entity: member, objectType: null };
      }
    }
    return this.memberOfObjectType(unit, object, name, depth);
  }

  /** The member `name` of `object`'s type. */
  private memberOfObjectType(unit: FileUnit, object: ValueExpr, name: string, depth: number): MemberLookup {
    const objectType = this.typeOf(unit, object, depth);
    return { entity: this.memberOfType(objectType, name, depth), objectType };
  }

  /**
   * The member `name` of a value of type `type`: a declaration's along its extends chain, a
   * union's when every constituent gives the same declaration (the compiler orders a union's
   * constituents by type identity, so which one it looks in first is not known otherwise), an
   * intersection's first part's that has it.
   */
  private memberOfType(type: TypeRef | null, name: string, depth: number): Entity | null {
    if (type === null || this.depth.exceeded(depth)) return null;
    switch (type.t) {
      case 'decl':
        return this.lookupMember(type, name, depth);
      case 'oneof': {
        let found: Entity | null = null;
        for (const member of type.types) {
          const entity = this.memberOfType(member, name, depth + 1);
          if (entity?.t !== 'decl') return null;
          if (found === null) found = entity;
          else if (found.t !== 'decl' || found.unit !== entity.unit || found.index !== entity.index) return null;
        }
        return found;
      }
      case 'allof':
        for (const part of type.types) {
          if (part === null) return null;
          const entity = this.memberOfType(part, name, depth + 1);
          if (entity) return entity;
        }
        return null;
      case 'pick':
        return type.names.has(name) !== type.omit ? this.memberOfType(type.type, name, depth + 1) : null;
      default:
        return null;
    }
  }

  /** A member of a declaration used as a value: statics of a class, namespace/enum/object members. */
  private staticMember(unit: FileUnit, index: number, name: string, depth: number): Entity | null {
    const declaration = unit.facts.declarations[index]!;
    if (declaration.kind === 'class') {
      return this.lookupMember({ t: 'decl', unit, index, instance: false }, name, depth);
    }
    const list = unit.members.get(index)?.get(name);
    if (list && list.length > 0) return { t: 'decl', unit, index: list[0]! };
    return null;
  }

  /**
   * Finds `name` on a type, walking the extends chain. `seen` holds the declarations the walk has
   * been through (made when the walk goes past the first one: most lookups end there).
   */
  private lookupMember(type: DeclType, name: string, depth: number, seen: Set<number> | null = null): Entity | null {
    if (this.depth.exceeded(depth)) return null;
    const key = this.declarationKey(type.unit, type.index);
    if (seen !== null && seen.has(key)) return null;
    const declaration = type.unit.facts.declarations[type.index]!;
    const candidates = type.unit.members.get(type.index)?.get(name);
    if (candidates && candidates.length > 0) {
      const declarations = type.unit.facts.declarations;
      const preferred = candidates.find((c) => Boolean(declarations[c]!.isStatic) === !type.instance);
      // A class's static members are not its instances' (nor the other way round): look further up.
      if (preferred !== undefined || declaration.kind !== 'class') return { t: 'decl', unit: type.unit, index: preferred ?? candidates[0]! };
    }
    (seen ??= new Set()).add(key);
    for (const base of declaration.extendsTypes ?? []) {
      const baseType = this.typeOfTypeExpr(type.unit, base, depth + 1);
      if (baseType?.t !== 'decl') continue;
      const found = this.lookupMember({ ...baseType, instance: type.instance }, name, depth + 1, seen);
      if (found) { this.typedStep = true; return found; }
    }
    if (declaration.kind === 'variable' || declaration.kind === 'constant' || declaration.kind === 'property' ||
        declaration.kind === 'parameter' || declaration.kind === 'field') {
      // A value whose members are not its own (an alias): follow its type.
      const aliased = this.declarationType(type.unit, type.index, depth + 1);
      if (aliased?.t === 'decl' && (aliased.unit !== type.unit || aliased.index !== type.index)) {
        return this.lookupMember(aliased, name, depth + 1, seen);
      }
    }
    return null;
  }

  /** The type of the value an expression evaluates to. */
  private typeOf(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'decl':
        return this.declarationType(unit, expr.decl, depth + 1);
      case 'import': {
        const entity = this.importValue(unit, expr.imp, depth + 1);
        return entity?.t === 'decl' ? this.declarationType(entity.unit, entity.index, depth + 1) : null;
      }
      case 'this':
        if (expr.owner < 0) return null;
        this.typedStep = true;
        return { t: 'decl', unit, index: expr.owner, instance: isClassLike(unit.facts.declarations[expr.owner]!) };
      case 'super': {
        if (expr.owner < 0) return null;
        this.typedStep = true;
        const base = unit.facts.declarations[expr.owner]!.extendsTypes?.[0];
        const baseType = base ? this.typeOfTypeExpr(unit, base, depth + 1) : null;
        return baseType?.t === 'decl' ? { ...baseType, instance: true } : null;
      }
      case 'member': {
        const { entity, objectType } = this.memberLookup(unit, expr.object, expr.name, depth + 1);
        if (entity?.t === 'decl') return this.declarationType(entity.unit, entity.index, depth + 1);
        // A union's member whose constituents declare it apart still has a type: the union of theirs.
        return entity === null && objectType?.t === 'oneof' ? this.memberTypeOfUnion(objectType, expr.name, depth + 1) : null;
      }
      case 'call':
        return this.calls.callResultType(unit, expr.callee, depth + 1);
      case 'new': {
        const callee = this.valueOf(unit, expr.callee, depth + 1);
        if (callee?.t !== 'decl') return null;
        const declaration = callee.unit.facts.declarations[callee.index]!;
        if (declaration.kind === 'class' || declaration.kind === 'function') {
          this.typedStep = true;
          return { t: 'decl', unit: callee.unit, index: callee.index, instance: true };
        }
        const type = this.declarationType(callee.unit, callee.index, depth + 1);
        return type?.t === 'decl' && !type.instance ? { ...type, instance: true } : null;
      }
      case 'element': {
        const container = this.typeOf(unit, expr.of, depth + 1);
        return container?.t === 'array' && !container.map ? container.element : null;
      }
      case 'argparam':
        return this.calls.contextualParameterType(unit, expr, depth + 1);
      case 'paramof':
        return this.calls.expectedParameterType(unit, expr.fn, expr.param, depth + 1);
      case 'cast':
        return this.typeOfTypeExpr(unit, expr.type, depth + 1);
      case 'refined':
        return this.refinedType(unit, expr, depth + 1);
      case 'oneof': {
        // One of several values (a JavaScript `this.x` assigned in several places): their types' union.
        const types: TypeRef[] = [];
        for (const value of expr.types) {
          const type = this.typeOf(unit, value, depth + 1);
          if (type === null) return null;
          if (!types.some((known) => sameType(known, type))) types.push(type);
        }
        return types.length === 1 ? types[0]! : { t: 'oneof', types };
      }
      default:
        return null;
    }
  }

  /**
   * The type of a value where a condition refined it (the compiler's narrowing): toward a type, a
   * union keeps the members that are of it (none: the type itself) and another type is kept when
   * it is one, else replaced; away from it, a union loses those members. A call that is no type
   * guard refines nothing.
   */
  private refinedType(unit: FileUnit, expr: Extract<ValueExpr, { k: 'refined' }>, depth: number): TypeRef | null {
    const declared = this.typeOf(unit, expr.value, depth + 1);
    let toward: TypeRef | null;
    if (expr.type.k === 'guard') {
      const guarded = this.guardType(unit, expr.type, depth + 1);
      if (guarded === undefined) return declared;
      toward = guarded;
    } else {
      toward = this.typeOfTypeExpr(unit, expr.type, depth + 1);
    }
    return expr.except ? withoutType(declared, toward, this.bases, depth + 1) : towardType(declared, toward, this.bases, depth + 1);
  }

  /** Whether a refinement can change its value's type (see refinedType). */
  private refines(unit: FileUnit, expr: Extract<ValueExpr, { k: 'refined' }>, depth: number): boolean {
    if (expr.type.k === 'guard' && this.guardType(unit, expr.type, depth + 1) === undefined) return false;
    return !expr.except || this.typeOf(unit, expr.value, depth + 1)?.t === 'oneof';
  }

  /**
   * What a type-guard call says of argument `arg` (-1: the object it is called on) when it returns
   * true: `Array.isArray` an array; a declaration's `guard` for that parameter its type (null when
   * unknown); undefined when the call is no guard of that argument.
   */
  private guardType(unit: FileUnit, guard: Extract<ValueExpr, { k: 'guard' }>, depth: number): TypeRef | null | undefined {
    const callee = guard.callee;
    if (isArrayIsArray(callee)) return guard.arg === 0 ? { t: 'array', element: null } : undefined;
    const entity = this.valueOf(unit, callee, depth + 1);
    if (entity?.t !== 'decl') return undefined;
    const declared = entity.unit.facts.declarations[entity.index]!.guard;
    if (declared !== undefined) return declared.param === guard.arg ? this.typeOfTypeExpr(entity.unit, declared.type, depth + 1) : undefined;
    // A value of a guard's function type (`const isT = make() as (x: any) => x is T`).
    const type = this.declarationType(entity.unit, entity.index, depth + 1);
    if (type?.t !== 'fn' || type.guard === undefined || type.guard.param !== guard.arg) return undefined;
    return this.typeOfTypeExpr(type.unit, type.guard.type, depth + 1);
  }

  /** The type of member `name` of a union's values: each constituent's member's type (one when they agree). */
  private memberTypeOfUnion(type: Extract<TypeRef, { t: 'oneof' }>, name: string, depth: number): TypeRef | null {
    const types: TypeRef[] = [];
    for (const member of type.types) {
      const entity = this.memberOfType(member, name, depth + 1);
      const memberType = entity?.t === 'decl' ? this.declarationType(entity.unit, entity.index, depth + 1) : null;
      if (memberType === null) return null;
      if (!types.some((known) => sameType(known, memberType))) types.push(memberType);
    }
    return types.length === 1 ? types[0]! : { t: 'oneof', types };
  }

  /** The type of a type expression (an annotation). */
  private typeOfTypeExpr(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'array': {
        const element = this.typeOfTypeExpr(unit, expr.element, depth + 1);
        return expr.key === undefined ? { t: 'array', element } : { t: 'array', element, map: true };
      }
      case 'pick': {
        const type = this.typeOfTypeExpr(unit, expr.type, depth + 1);
        return type === null ? null : { t: 'pick', type, names: new Set(expr.names), omit: expr.omit };
      }
      case 'indexed': {
        // `T["name"]`: the type of T's property.
        const entity = this.memberOfType(this.typeOfTypeExpr(unit, expr.object, depth + 1), expr.name, depth + 1);
        return entity?.t === 'decl' ? this.declarationType(entity.unit, entity.index, depth + 1) : null;
      }
      case 'returnof': {
        // `ReturnType<typeof f>`: what calling f gives; `ReturnType<F>` of a function type: its result.
        if (expr.type.k === 'typeof') {
          const entity = this.valueOf(unit, expr.type.value, depth + 1);
          return entity?.t === 'decl' ? this.calls.declarationCallResult(entity.unit, entity.index, depth + 1) : null;
        }
        const fn = this.typeOfTypeExpr(unit, expr.type, depth + 1);
        return fn?.t === 'fn' ? this.typeOfTypeExpr(fn.unit, fn.returns, depth + 1) : null;
      }
      case 'fn':
        return { t: 'fn', unit, params: expr.params, returns: expr.returns, guard: expr.guard };
      case 'oneof': {
        const types: TypeRef[] = [];
        for (const member of expr.types) {
          const type = this.typeOfTypeExpr(unit, member, depth + 1);
          if (type === null) return null;
          types.push(type);
        }
        return { t: 'oneof', types };
      }
      case 'allof': {
        // A global part (`Record<string, any>`) declares no member of ours; an unknown one may.
        const types = expr.types.filter((part) => part.k !== 'global').map((part) => this.typeOfTypeExpr(unit, part, depth + 1));
        return types.every((type) => type === null) ? null : types.length === 1 ? types[0]! : { t: 'allof', types };
      }
      case 'typeof': {
        const saved = this.typeContext;
        this.typeContext = false;
        let entity = this.valueOf(unit, expr.value, depth + 1);
        this.typeContext = saved;
        // `typeof import("./x")` of a CommonJS module: what `module.exports` holds.
        if (entity?.t === 'module') entity = this.exportValue(entity.unit, '=', depth + 1);
        if (entity?.t !== 'decl') return null;
        return this.declarationType(entity.unit, entity.index, depth + 1);
      }
      default:
        break;
    }
    const saved = this.typeContext;
    this.typeContext = true;
    let entity = this.valueOf(unit, expr, depth + 1);
    // `import("./x")` as a type: a CommonJS module's `module.exports = X` means X's type.
    if (entity?.t === 'module') entity = this.exportValue(entity.unit, '=', depth + 1);
    this.typeContext = saved;
    if (entity?.t !== 'decl') return null;
    const declaration = entity.unit.facts.declarations[entity.index]!;
    if (declaration.kind === 'type_alias') {
      // An object type (`type A = { ... }`, `@typedef {Object} A` with `@property` lines) has its members.
      if (!declaration.valueType) return hasMembers(entity.unit, entity.index) ? this.instanceOf(entity.unit, entity.index) : null;
      return this.typeOfTypeExpr(entity.unit, declaration.valueType, depth + 1);
    }
    if (!isClassLike(declaration) && declaration.kind !== 'namespace') return null;
    this.typedStep = true;
    return { t: 'decl', unit: entity.unit, index: entity.index, instance: declaration.kind !== 'namespace' && declaration.kind !== 'enum' };
  }

  private instanceOf(unit: FileUnit, index: number): TypeRef {
    this.typedStep = true;
    return { t: 'decl', unit, index, instance: true };
  }

  /** The type of a declaration used as a value. */
  private declarationType(unit: FileUnit, index: number, depth: number): TypeRef | null {
    const result = this.declarationTypes.answer(this.declarationKey(unit, index), depth, () => this.declarationTypeUncached(unit, index, depth));
    if (result) this.typedStep = true;
    return result;
  }

  /** One number per declaration of the program (a unit has one FileUnit per path, and fewer than 2^32 declarations). */
  private declarationKey(unit: FileUnit, index: number): number {
    let number = this.unitNumbers.get(unit);
    if (number === undefined) this.unitNumbers.set(unit, (number = this.unitNumbers.size));
    return number * 4294967296 + index;
  }

  private declarationTypeUncached(unit: FileUnit, index: number, depth: number): TypeRef | null {
    const declaration = unit.facts.declarations[index]!;
    // A function-like's own type, unless it has a value type (a getter, a function declared with a type).
    const valued = declaration.valueType !== undefined || declaration.init !== undefined;
    if (isClassLike(declaration) || declaration.kind === 'namespace' || (CALLABLE_KINDS.has(declaration.kind) && !valued)) {
      return { t: 'decl', unit, index, instance: false };
    }
    // A declared type is the type, known or not (its initializer is only checked against it).
    if (declaration.valueType) return this.typeOfTypeExpr(unit, declaration.valueType, depth + 1);
    if (declaration.init) {
      const inferred = this.typeOf(unit, declaration.init, depth + 1);
      if (inferred) return inferred;
    }
    if (hasMembers(unit, index)) return { t: 'decl', unit, index, instance: false };
    return null;
  }
}
