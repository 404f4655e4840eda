/**
 * Binding for the JS family (TypeScript, TSX, JavaScript): what a ValueExpr denotes across files
 * (imports followed through re-exports and barrels, CommonJS `module.exports`), the type of a
 * value (annotations, `new X()`, return types, `this`, the extends chain) and member lookup.
 * Owns these rules; knows nothing of relations or storage.
 */
import type { DeclarationFact, ValueExpr } from '@repograph/core';
import type { Entity, LanguageBinder, Resolution } from './language-binder.js';
import type { FileUnit, Program } from './program.js';
import { DepthBudget, RecursionMemo } from './recursion-memo.js';

/**
 * The type of a value: a declaration whose members the value has (`instance` false for a class's
 * static side or a namespace), an array-like of an element type, or a function type.
 */
type TypeRef =
  | { t: 'decl'; unit: FileUnit; index: number; instance: boolean }
  | { t: 'array'; element: TypeRef | null }
  | { t: 'fn'; unit: FileUnit; params: ValueExpr[]; returns: ValueExpr };
type DeclType = Extract<TypeRef, { t: 'decl' }>;

const MAX_DEPTH = 24;
const CONTAINER_KINDS = new Set(['class', 'interface', 'enum', 'namespace', 'module', 'struct', 'trait']);
const CALLABLE_KINDS = new Set(['function', 'method', 'constructor']);

/** Evaluates expressions of one program; memoizes per declaration and per export. */
export class JsBinder implements LanguageBinder {
  private readonly program: Program;
  /** The depth limit shared by every memo of this binder (recursion-memo.ts). */
  private readonly depth = new DepthBudget(MAX_DEPTH);
  private readonly exportAnswers = new RecursionMemo<Entity>(this.depth);
  private readonly declarationTypes = new RecursionMemo<TypeRef>(this.depth);
  /** Set while an evaluation used a typed step (receiver type, `this`). */
  private typedStep = false;

  constructor(program: Program) {
    this.program = program;
  }

  /** Resolves the target of a reference; null when it has no target in the tree. */
  resolve(unit: FileUnit, expr: ValueExpr): Resolution | null {
    this.typedStep = false;
    const entity = this.valueOf(unit, expr, 0);
    if (!entity) return null;
    return { entity, confidence: this.typedStep ? 'typed' : 'exact' };
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
    return this.exportAnswers.answer(`${unit.path}\0${name}`, depth, () => this.exportValueUncached(unit, name, depth));
  }

  private exportValueUncached(unit: FileUnit, name: string, depth: number): Entity | null {
    const saved = this.typedStep;
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
      if (found) { this.typedStep = saved; return found; }
    }
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

  /** What `object.name` denotes. */
  private memberValue(unit: FileUnit, object: ValueExpr, name: string, depth: number): Entity | null {
    if (object.k === 'this' || object.k === 'super') {
      const type = this.typeOf(unit, object, depth);
      return type?.t === 'decl' ? this.lookupMember(type, name, depth) : null;
    }
    const base = this.valueOf(unit, object, depth);
    if (base?.t === 'module') return this.exportValue(base.unit, name, depth);
    if (base?.t === 'external') return null;
    if (base?.t === 'decl') {
      const declaration = base.unit.facts.declarations[base.index]!;
      if (CONTAINER_KINDS.has(declaration.kind) || CALLABLE_KINDS.has(declaration.kind) || hasMembers(base.unit, base.index)) {
        const member = this.staticMember(base.unit, base.index, name, depth);
        if (member) return member;
      }
    }
    const type = this.typeOf(unit, object, depth);
    if (type?.t !== 'decl') return null;
    return this.lookupMember(type, name, depth);
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

  /** Finds `name` on a type, walking the extends chain. */
  private lookupMember(type: DeclType, name: string, depth: number, seen = new Set<string>()): Entity | null {
    if (this.depth.exceeded(depth)) return null;
    const key = `${type.unit.path}\0${type.index}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const candidates = type.unit.members.get(type.index)?.get(name);
    if (candidates && candidates.length > 0) {
      const declarations = type.unit.facts.declarations;
      const preferred = candidates.find((c) => Boolean(declarations[c]!.isStatic) === !type.instance) ?? candidates[0]!;
      return { t: 'decl', unit: type.unit, index: preferred };
    }
    const declaration = type.unit.facts.declarations[type.index]!;
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
        const entity = this.memberValue(unit, expr.object, expr.name, depth + 1);
        return entity?.t === 'decl' ? this.declarationType(entity.unit, entity.index, depth + 1) : null;
      }
      case 'call':
        return this.callResultType(unit, expr.callee, depth + 1);
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
        return container?.t === 'array' ? container.element : null;
      }
      case 'argparam':
        return this.contextualParameterType(unit, expr, depth + 1);
      default:
        return null;
    }
  }

  /** The type a call of `callee` returns. */
  private callResultType(unit: FileUnit, callee: ValueExpr, depth: number): TypeRef | null {
    const entity = this.valueOf(unit, callee, depth);
    if (entity?.t === 'decl') return this.declarationCallResult(entity.unit, entity.index, depth + 1);
    const calleeType = this.typeOf(unit, callee, depth + 1);
    return calleeType?.t === 'fn' ? this.typeOfTypeExpr(calleeType.unit, calleeType.returns, depth + 1) : null;
  }

  /** What calling a declaration returns: its return type, or that of the function it holds. */
  private declarationCallResult(unit: FileUnit, index: number, depth: number): TypeRef | null {
    if (this.depth.exceeded(depth)) return null;
    const declaration = unit.facts.declarations[index]!;
    if (declaration.returnType) return this.typeOfTypeExpr(unit, declaration.returnType, depth + 1);
    if (declaration.returnsExpr) return this.typeOf(unit, declaration.returnsExpr, depth + 1);
    if (CALLABLE_KINDS.has(declaration.kind)) return null;
    // A value typed with a function type (a parameter, a property): its declared result.
    if (declaration.valueType) {
      const declared = this.typeOfTypeExpr(unit, declaration.valueType, depth + 1);
      if (declared?.t === 'fn') return this.typeOfTypeExpr(declared.unit, declared.returns, depth + 1);
    }
    // A value that holds a function (`module.exports = { run }`, `const f = g`): that function's result.
    if (declaration.init) {
      const held = this.valueOf(unit, declaration.init, depth + 1);
      if (held?.t === 'decl' && (held.unit !== unit || held.index !== index)) return this.declarationCallResult(held.unit, held.index, depth + 1);
    }
    return null;
  }

  /**
   * The type of a callback's parameter from the function it is passed to: `operate((source,
   * subscriber) => ...)` takes the types of `operate`'s parameter's function type; array
   * methods (`xs.map((x) => ...)`) give the element type.
   */
  private contextualParameterType(unit: FileUnit, expr: Extract<ValueExpr, { k: 'argparam' }>, depth: number): TypeRef | null {
    if (expr.callee.k === 'member' && !expr.isNew) {
      const slot = ARRAY_CALLBACK_ELEMENT_PARAMETER.get(expr.callee.name);
      if (slot !== undefined) {
        const receiver = this.typeOf(unit, expr.callee.object, depth + 1);
        if (receiver?.t === 'array') return expr.arg === 0 && expr.param === slot ? receiver.element : null;
      }
    }
    const callee = this.valueOf(unit, expr.callee, depth + 1);
    if (callee?.t !== 'decl') return null;
    let functionEntity: Entity | null = callee;
    if (expr.isNew) {
      const declaration = callee.unit.facts.declarations[callee.index]!;
      functionEntity = declaration.kind === 'class'
        ? this.lookupMember({ t: 'decl', unit: callee.unit, index: callee.index, instance: true }, 'constructor', depth + 1)
        : callee;
    }
    if (functionEntity?.t !== 'decl') return null;
    let expected: TypeRef | null = null;
    const parameters = functionEntity.unit.parameters.get(functionEntity.index);
    if (parameters && parameters.length > 0) {
      const slot = Math.min(expr.arg, parameters.length - 1);
      const parameter = functionEntity.unit.facts.declarations[parameters[slot]!]!;
      if (slot !== expr.arg && !isVariadicParameter(functionEntity.unit, functionEntity.index, slot)) return null;
      expected = parameter.valueType ? this.typeOfTypeExpr(functionEntity.unit, parameter.valueType, depth + 1) : null;
      if (expected?.t === 'array' && slot !== expr.arg) expected = expected.element;
    } else {
      const calleeType = this.declarationType(functionEntity.unit, functionEntity.index, depth + 1);
      if (calleeType?.t === 'fn') {
        const parameterType = calleeType.params[expr.arg];
        expected = parameterType ? this.typeOfTypeExpr(calleeType.unit, parameterType, depth + 1) : null;
      }
    }
    if (expected?.t !== 'fn') return null;
    const parameterType = expected.params[expr.param];
    if (!parameterType) return null;
    this.typedStep = true;
    return this.typeOfTypeExpr(expected.unit, parameterType, depth + 1);
  }

  /** The type of a type expression (an annotation). */
  private typeOfTypeExpr(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    if (this.depth.exceeded(depth)) return null;
    switch (expr.k) {
      case 'array':
        return { t: 'array', element: this.typeOfTypeExpr(unit, expr.element, depth + 1) };
      case 'fn':
        return { t: 'fn', unit, params: expr.params, returns: expr.returns };
      case 'typeof': {
        const entity = this.valueOf(unit, expr.value, depth + 1);
        if (entity?.t !== 'decl') return null;
        return this.declarationType(entity.unit, entity.index, depth + 1);
      }
      default:
        break;
    }
    const entity = this.valueOf(unit, expr, depth + 1);
    if (entity?.t !== 'decl') return null;
    const declaration = entity.unit.facts.declarations[entity.index]!;
    if (declaration.kind === 'type_alias') {
      if (!declaration.valueType) return null;
      return this.typeOfTypeExpr(entity.unit, declaration.valueType, depth + 1);
    }
    if (!isClassLike(declaration) && declaration.kind !== 'namespace') return null;
    this.typedStep = true;
    return { t: 'decl', unit: entity.unit, index: entity.index, instance: declaration.kind !== 'namespace' && declaration.kind !== 'enum' };
  }

  /** The type of a declaration used as a value. */
  private declarationType(unit: FileUnit, index: number, depth: number): TypeRef | null {
    const result = this.declarationTypes.answer(`${unit.path}\0${index}`, depth, () => this.declarationTypeUncached(unit, index, depth));
    if (result) this.typedStep = true;
    return result;
  }

  private declarationTypeUncached(unit: FileUnit, index: number, depth: number): TypeRef | null {
    const declaration = unit.facts.declarations[index]!;
    if (isClassLike(declaration) || declaration.kind === 'namespace' || CALLABLE_KINDS.has(declaration.kind)) {
      return { t: 'decl', unit, index, instance: false };
    }
    if (declaration.valueType) {
      const annotated = this.typeOfTypeExpr(unit, declaration.valueType, depth + 1);
      if (annotated) return annotated;
    }
    if (declaration.init) {
      const inferred = this.typeOf(unit, declaration.init, depth + 1);
      if (inferred) return inferred;
    }
    if (hasMembers(unit, index)) return { t: 'decl', unit, index, instance: false };
    return null;
  }
}

/** Array methods whose callback receives the element, and which callback parameter it is. */
const ARRAY_CALLBACK_ELEMENT_PARAMETER: ReadonlyMap<string, number> = new Map([
  ['forEach', 0], ['map', 0], ['filter', 0], ['find', 0], ['findIndex', 0], ['findLast', 0],
  ['findLastIndex', 0], ['some', 0], ['every', 0], ['flatMap', 0], ['reduce', 1], ['reduceRight', 1],
]);

function isVariadicParameter(unit: FileUnit, functionIndex: number, slot: number): boolean {
  return unit.facts.declarations[functionIndex]!.params?.[slot]?.variadic ?? false;
}

function isClassLike(declaration: DeclarationFact): boolean {
  return declaration.kind === 'class' || declaration.kind === 'interface' || declaration.kind === 'enum' ||
    declaration.kind === 'struct' || declaration.kind === 'trait';
}

function hasMembers(unit: FileUnit, index: number): boolean {
  return (unit.members.get(index)?.size ?? 0) > 0;
}
