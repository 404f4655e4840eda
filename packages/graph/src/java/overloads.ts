/**
 * Java overload choice as javac makes it, for JavaTypes (types.ts): a call picks among the methods
 * (constructors) of its name along the receiver's hierarchy by arity, fixed arity before varargs
 * (javac's phases 1 and 2, then 3 with varargs expanded), and, where the argument types are known,
 * by how well they fit the parameter types (exactly, by widening or boxing, by subtyping); it stays
 * unresolved when that leaves a tie. A call no overload accepts, in a hierarchy wholly in the tree,
 * reaches the overload nearest in arity: such code does not compile, and the delta reports it as
 * an arity finding. Owns the choice; the types it compares are types.ts's.
 */
import type { ValueExpr } from '@repograph/core';
import type { FileUnit } from '../program.js';
import type { JavaTypeRef } from './packages.js';
import type { JavaTypes, JEntity, JType, TypedFlag } from './types.js';

const WIDENING: Record<string, string[]> = {
  byte: ['short', 'int', 'long', 'float', 'double'], short: ['int', 'long', 'float', 'double'], char: ['int', 'long', 'float', 'double'],
  int: ['long', 'float', 'double'], long: ['float', 'double'], float: ['double'], double: [], boolean: [],
};
const BOXES: Record<string, string> = { int: 'Integer', long: 'Long', short: 'Short', byte: 'Byte', char: 'Character', boolean: 'Boolean', float: 'Float', double: 'Double' };
/** Members every class has from java.lang.Object (and enums from java.lang.Enum), which no file of the tree declares. */
const OBJECT_METHODS = new Set(['equals', 'hashCode', 'toString', 'getClass', 'notify', 'notifyAll', 'wait', 'clone', 'finalize',
  'name', 'ordinal', 'compareTo', 'getDeclaringClass', 'describeConstable', 'valueOf']);

/**
 * Chooses among the methods (constructors) named `name` of class `index` and its supertypes:
 * by arity (fixed arity before varargs), then by the known argument types; an override hides
 * the method it overrides (same parameter types). 'ambiguous' when a tie remains.
 */
export function chooseMethod(types: JavaTypes, flag: TypedFlag, unit: FileUnit, index: number, name: string, argumentCount: number, args: ValueExpr[] | undefined, site: FileUnit, depth: number, constructors: boolean, nearest = true): { entity?: JEntity & { k: 'decl' }; external: boolean } | 'ambiguous' {
  const found: JavaTypeRef[] = [];
  const signatures = new Set<string>();
  const walk = constructors ? { external: false } : types.walkHierarchy(unit, index, depth, (u, i) => { collect(u, i); return false; });
  if (constructors) collect(unit, index);
  function collect(u: FileUnit, i: number): void {
    for (const member of u.members.get(i)?.get(name) ?? []) {
      const declaration = u.facts.declarations[member]!;
      if (declaration.kind !== (constructors ? 'constructor' : 'method')) continue;
      const signature = (declaration.params ?? []).map((param) => (param.typeText ?? '').replace(/<.*>/g, '')).join(',');
      if (signatures.has(signature)) continue;
      signatures.add(signature);
      found.push({ unit: u, index: member });
    }
  }
  const params = (ref: JavaTypeRef) => ref.unit.facts.declarations[ref.index]!.params ?? [];
  const isVariadic = (ref: JavaTypeRef) => params(ref).some((param) => param.variadic);
  // Phases 1 and 2 of javac: fixed arity, a varargs parameter taken as the array it is; phase 3: varargs expanded.
  const fixed = found.filter((ref) => params(ref).length === argumentCount);
  const variadic = found.filter((ref) => isVariadic(ref) && argumentCount >= params(ref).length - 1);
  let applicable: JavaTypeRef[];
  if (argumentCount < 0) applicable = found; // A method reference: one candidate or none.
  else {
    applicable = fixed.length > 1 && args ? byArgumentTypes(types, fixed, args, site, depth, false) : fixed;
    // A tie between a fixed-arity method and a varargs one taken as an array: the fixed one.
    if (applicable.length > 1 && applicable.some((ref) => !isVariadic(ref))) applicable = applicable.filter((ref) => !isVariadic(ref));
    if (applicable.length === 0) applicable = variadic.length > 1 && args ? byArgumentTypes(types, variadic, args, site, depth, true) : variadic;
  }
  if (applicable.length === 1) return { entity: { k: 'decl', unit: applicable[0]!.unit, index: applicable[0]!.index }, external: walk.external };
  if (applicable.length > 1) return 'ambiguous';
  if (nearest && argumentCount >= 0 && fixed.length === 0 && variadic.length === 0 && found.length > 0 && !OBJECT_METHODS.has(name) &&
    closedHierarchy(types, unit, index, depth, constructors)) {
    // No overload accepts the arity (argument types are not asked: a candidate of the right
    // arity whose types seem not to fit stays unlinked) and the whole hierarchy is in the tree (but for the implicit
    // java.lang.Object, whose methods are left alone): the call does not
    // compile. It still names these methods (javac's error names one), so it reaches the one
    // nearest in arity, by argument types among those; a tie left is marked heuristic. The
    // delta's arity verdict and dangling callers need that edge.
    const distance = (ref: JavaTypeRef) => Math.abs(params(ref).length - argumentCount);
    const nearest = Math.min(...found.map(distance));
    let closest = found.filter((ref) => distance(ref) === nearest);
    if (closest.length > 1 && args) {
      const typed = byArgumentTypes(types, closest, args, site, depth, false);
      if (typed.length > 0) closest = typed;
    }
    if (closest.length > 1) flag.heuristic = true;
    return { entity: { k: 'decl', unit: closest[0]!.unit, index: closest[0]!.index }, external: false };
  }
  return { external: walk.external || found.length > 0 };
}

/**
 * True when every supertype of class `index` (transitively) is a class of the tree: the only
 * members it has that the tree does not show are java.lang.Object's (and an enum's, Enum's).
 * A class's constructors are its own, so for them the hierarchy does not matter.
 */
function closedHierarchy(types: JavaTypes, unit: FileUnit, index: number, depth: number, constructors: boolean): boolean {
  if (constructors) return true;
  let closed = true;
  types.walkHierarchy(unit, index, depth, (u, i) => {
    const declaration = u.facts.declarations[i]!;
    for (const superType of [...(declaration.extendsTypes ?? []), ...(declaration.implementsTypes ?? [])]) {
      if (types.typeOfTypeExpr(u, superType, depth + 1)?.k !== 'class') { closed = false; return true; }
    }
    return false;
  });
  return closed;
}

/** The candidates whose parameters accept the known argument types, the most exact ones first. */
function byArgumentTypes(types: JavaTypes, candidates: JavaTypeRef[], args: ValueExpr[], site: FileUnit, depth: number, expandVarargs: boolean): JavaTypeRef[] {
  const argTypes = args.map((arg) => types.typeOfValue(site, arg, depth + 1));
  let best: JavaTypeRef[] = [];
  let bestScore = -1;
  for (const candidate of candidates) {
    const parameterIndexes = candidate.unit.parameters.get(candidate.index) ?? [];
    let score = 0;
    let ok = true;
    for (let i = 0; i < argTypes.length && ok; i++) {
      const argType = argTypes[i];
      const parameterIndex = parameterIndexes[Math.min(i, parameterIndexes.length - 1)];
      if (!argType || parameterIndex === undefined) continue;
      let parameterType = types.typeOfDecl(candidate.unit, parameterIndex, depth + 1);
      if (expandVarargs && parameterType?.k === 'array' && candidate.unit.facts.declarations[candidate.index]!.params?.[Math.min(i, parameterIndexes.length - 1)]?.variadic) parameterType = parameterType.element;
      const fit = fits(types, argType, parameterType, depth);
      if (fit < 0) ok = false;
      else score += fit;
    }
    if (!ok) continue;
    if (score > bestScore) { best = [candidate]; bestScore = score; } else if (score === bestScore) best.push(candidate);
  }
  return best;
}

/** How well an argument type fits a parameter type: -1 not at all, 0 unknown, 1 by conversion, 2 exactly. */
function fits(types: JavaTypes, arg: JType, parameter: JType | null, depth: number): number {
  if (!parameter) return 0;
  if (arg.k === 'prim' && parameter.k === 'prim') return arg.name === parameter.name ? 2 : WIDENING[arg.name]?.includes(parameter.name) ? 1 : -1;
  if (arg.k === 'prim') return parameter.k === 'class' ? (declName(parameter) === BOXES[arg.name] ? 1 : -1) : parameter.k === 'external' ? 0 : -1;
  if (parameter.k === 'prim') return arg.k === 'class' ? -1 : 0;
  if (arg.k === 'class' && parameter.k === 'class') {
    if (arg.unit === parameter.unit && arg.index === parameter.index) return 2;
    let reaches = false;
    const walk = types.walkHierarchy(arg.unit, arg.index, depth + 1, (u, i) => (reaches = u === parameter.unit && i === parameter.index));
    return reaches ? 1 : walk.external ? 0 : -1;
  }
  if (arg.k === 'array' && parameter.k === 'array') return fits(types, arg.element, parameter.element, depth) >= 0 ? 1 : -1;
  if (arg.k === 'array' || parameter.k === 'array') return parameter.k === 'external' || arg.k === 'external' ? 0 : -1;
  return 0;
}

function declName(type: JType & { k: 'class' }): string {
  return type.unit.facts.declarations[type.index]!.name;
}
