/**
 * The further targets of a Python reference (Resolution.alternatives), for the references whose
 * resolution met a choice: every live binding of a module's name (defined in both branches of an
 * `if`, in a `try` and its `except`; the extractor marks the ones a later binding always
 * replaces as superseded), every live def of that name in the class the lookup stops at, every
 * member of a `oneof` value, the member of each class a `Union`-typed receiver may be, and for a
 * call, each value a variable or @property holds (`f = a if c else b`). One level of
 * alternatives: deeper in a chain the binder follows the first. This is what jedi, the Python
 * oracle, reports for such sites. Owns collecting them; binder.ts resolves each one.
 */
import type { DeclarationFact, ReferenceKind, ValueExpr } from '@repograph/core';
import type { Entity } from '../language-binder.js';
import type { FileUnit } from '../program.js';
import { liveMembers, moduleLevelImport } from './binder.js';
import type { PythonBinder, TypeRef } from './binder.js';

const MAX_CHAIN = 4;
const MAX_TARGETS = 16;

/**
 * The targets besides `primary` (already a callable for a call), without repeats. `value` is what
 * the expression denotes before a call follows it (a variable, a @property).
 */
export function alternativeTargets(
  binder: PythonBinder, unit: FileUnit, expr: ValueExpr, kind: ReferenceKind, value: Entity | null, primary: Entity | null,
): Entity[] {
  const found: Entity[] = [];
  if (value) found.push(value);
  collect(binder, unit, expr, found, 0);
  const keys = new Set<string>();
  if (primary) keys.add(keyOf(primary));
  const targets: Entity[] = [];
  for (const entity of found) {
    for (const held of kind === 'call' ? heldValues(binder, entity) : [entity]) {
      const target = kind === 'call' && held.t === 'decl' ? binder.callable(held, 0) : held;
      if (!target || target.t === 'external') continue;
      const key = keyOf(target);
      if (keys.has(key)) continue;
      keys.add(key);
      targets.push(target);
      if (targets.length >= MAX_TARGETS) return targets;
    }
  }
  return targets;
}

/**
 * What calling a variable or @property may reach when it holds one of several values
 * (`f = a if c else b`; a property returning either): each value; else the entity itself.
 */
function heldValues(binder: PythonBinder, entity: Entity, depth = 0): Entity[] {
  if (entity.t !== 'decl' || depth > MAX_CHAIN) return [entity];
  const declaration = entity.unit.facts.declarations[entity.index]!;
  const held = declaration.kind === 'property' && declaration.params !== undefined ? declaration.returnsExpr
    : declaration.params === undefined && !declaration.valueType ? declaration.init : undefined;
  if (held === undefined) return [entity];
  const values: Entity[] = [entity];
  for (const member of held.k === 'oneof' ? held.types : [held]) {
    const value = binder.valueOf(entity.unit, member, 0);
    if (!value) continue;
    // A held name bound twice where it comes from (`pick = terminal if c else modern`).
    const others: Entity[] = [];
    collect(binder, entity.unit, member, others, depth + 1);
    values.push(...others);
    // `g = self.getter`: what the held variable or property holds in turn.
    if (value.t === 'decl' && (value.unit !== entity.unit || value.index !== entity.index)) values.push(...heldValues(binder, value, depth + 1));
    else values.push(value);
  }
  return values;
}

function keyOf(entity: Entity): string {
  if (entity.t === 'decl') return `${entity.unit.path}\0${entity.index}`;
  return entity.t === 'module' ? entity.unit.path : 'external';
}

function collect(binder: PythonBinder, unit: FileUnit, expr: ValueExpr, out: Entity[], depth: number): void {
  if (depth > MAX_CHAIN) return;
  switch (expr.k) {
    case 'import': {
      const fact = unit.facts.imports[expr.imp];
      if (!fact || fact.style !== 'named') return;
      const target = binder.moduleUnit(unit, fact.specifier);
      if (target) moduleBindings(binder, target, fact.imported, out, depth + 1);
      return;
    }
    case 'member': {
      const object = expr.object;
      if (object.k === 'super' || object.k === 'unknown') return;
      const base = object.k === 'this' ? null : binder.valueOf(unit, object, 0);
      if (base?.t === 'module') {
        moduleBindings(binder, base.unit, expr.name, out, depth + 1);
        return;
      }
      if (base?.t === 'external') return;
      if (base?.t === 'decl' && base.unit.facts.declarations[base.index]!.kind === 'class') {
        classMembers(binder, base.unit, base.index, expr.name, out);
        return;
      }
      for (const type of typesOf(binder, unit, object)) {
        if (type.t === 'module') moduleBindings(binder, type.unit, expr.name, out, depth + 1);
        else if (type.t === 'class') classMembers(binder, type.unit, type.index, expr.name, out);
      }
      return;
    }
    case 'decl': {
      // A module-level name of this file defined in both branches of an `if` (the extractor
      // repeats calls of it; a value such as `f = a if c else b` reaches the others here).
      const declaration = unit.facts.declarations[expr.decl];
      if (declaration && declaration.parent === -1 && declaration.scope === 'module' && binder.boundTwice(unit, declaration.name)) {
        moduleBindings(binder, unit, declaration.name, out, depth + 1);
      }
      return;
    }
    case 'oneof':
      for (const member of expr.types) {
        const value = binder.valueOf(unit, member, 0);
        if (value) out.push(value);
        collect(binder, unit, member, out, depth + 1);
      }
      return;
    default:
  }
}

/** Every live binding of `name` at module level in `module` (imports followed). */
function moduleBindings(binder: PythonBinder, module: FileUnit, name: string, out: Entity[], depth: number): void {
  for (const index of liveMembers(module, -1, name)) out.push({ t: 'decl', unit: module, index });
  module.facts.imports.forEach((fact, index) => {
    if (fact.local !== name || fact.superseded || !moduleLevelImport(module, index)) return;
    const value = binder.importValue(module, index, 0);
    if (value) out.push(value);
    collect(binder, module, { k: 'import', imp: index }, out, depth + 1);
  });
}

/**
 * The live members named `name` of the first class along the MRO that has one: each def there
 * (`if ...: def m()` / `else: def m()`); an attribute `self.m = ...` beside a def is no other
 * candidate (jedi reads the instance's attribute first).
 */
function classMembers(binder: PythonBinder, unit: FileUnit, index: number, name: string, out: Entity[]): void {
  for (const owner of binder.mro(unit, index, 0)) {
    const members = liveMembers(owner.unit, owner.index, name);
    if (members.length === 0) continue;
    const declarations = owner.unit.facts.declarations;
    const defs = members.filter((member) => declarations[member]!.params !== undefined || declarations[member]!.kind === 'class');
    if (defs.length === members.length) for (const member of members) out.push({ t: 'decl', unit: owner.unit, index: member });
    return;
  }
}

/** The types a receiver may have: each member of a `oneof` (in the value, its annotation or its function's return), else its one type. */
function typesOf(binder: PythonBinder, unit: FileUnit, expr: ValueExpr): TypeRef[] {
  const types: TypeRef[] = [];
  const add = (type: TypeRef | null): void => { if (type) types.push(type); };
  if (expr.k === 'oneof') {
    for (const member of expr.types) add(binder.typeOf(unit, member, 0));
    return types;
  }
  let declaration: DeclarationFact | undefined;
  let owner = unit;
  if (expr.k === 'call') {
    const callee = binder.valueOf(unit, expr.callee, 0);
    const target = callee?.t === 'decl' ? binder.callable(callee, 0) : null;
    if (target?.t === 'decl') {
      owner = target.unit;
      declaration = owner.facts.declarations[target.index]!;
      if (declaration.kind !== 'class') {
        const returned = declaration.returnType ?? declaration.returnsExpr;
        if (returned?.k === 'oneof') {
          for (const member of returned.types) {
            add(declaration.returnType ? binder.typeOfAnnotation(owner, member, 0) : binder.typeOf(owner, member, 0));
          }
          return types;
        }
      }
    }
  } else if (expr.k === 'decl' || expr.k === 'import' || expr.k === 'member') {
    const entity = binder.valueOf(unit, expr, 0);
    if (entity?.t === 'decl') {
      owner = entity.unit;
      declaration = owner.facts.declarations[entity.index]!;
      const annotated = declaration.valueType;
      if (annotated?.k === 'oneof') {
        for (const member of annotated.types) add(binder.typeOfAnnotation(owner, member, 0));
        return types;
      }
      if (!annotated && declaration.init?.k === 'oneof') {
        for (const member of declaration.init.types) add(binder.typeOf(owner, member, 0));
        return types;
      }
    }
  }
  add(binder.typeOf(unit, expr, 0));
  return types;
}
