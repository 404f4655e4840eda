/**
 * Go type expressions: pointers are their base type, slices/arrays/maps/channels an array-like of
 * their element, function types `fn`, named types a `type` (or `new`) reference to the name.
 * Owns the reduction of types to ValueExprs; values and statements live in expressions.ts.
 */
import type { GoNode } from './lite.js';
import type { ValueExpr } from '@repograph/core';
import type { GoWalker } from './walker.js';
import { operandValue, valueOf } from './expressions.js';

type Node = GoNode;

const UNKNOWN: ValueExpr = { k: 'unknown' };
/** Predeclared type names: never a reference. */
export const PREDECLARED_TYPES = new Set([
  'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32',
  'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any', 'comparable', 'nil',
]);

/** A named type (`T`, `pkg.T`) as a value expression, without a reference. */
export function namedType(walker: GoWalker, node: Node): ValueExpr {
  if (node.type === 'type_identifier') return walker.lookup(node.text);
  if (node.type === 'qualified_type') {
    const packageNode = node.childForFieldName('package');
    const nameNode = node.childForFieldName('name');
    if (!packageNode || !nameNode) return UNKNOWN;
    return { k: 'member', object: walker.lookup(packageNode.text), name: nameNode.text };
  }
  return UNKNOWN;
}

/**
 * Walks a type expression, recording a reference of `kind` (`type`, or `new` for `T{}`/`new(T)`)
 * to each named type, and returns it: pointers are their base type, slices/arrays/maps/channels
 * an array-like of their element, function types `fn`.
 */
export function typeExpr(walker: GoWalker, node: Node, kind: 'type' | 'new' = 'type'): ValueExpr {
  switch (node.type) {
    case 'type_identifier': case 'qualified_type': {
      const nameNode = node.type === 'qualified_type' ? node.childForFieldName('name') : node;
      if (node.type === 'type_identifier' && PREDECLARED_TYPES.has(node.text) && walker.lookup(node.text).k === 'global') return UNKNOWN;
      const target = namedType(walker, node);
      if (nameNode) walker.addReference(kind, nameNode.text, target, nameNode);
      return target;
    }
    case 'identifier': case 'selector_expression':
      // A type in expression position (an argument of `new`/`make`).
      return kind === 'new' ? namedValueType(walker, node) : valueOf(walker, node);
    case 'pointer_type': case 'parenthesized_type': case 'type_elem': case 'type_constraint': {
      const inner = node.namedChild(0);
      return inner ? typeExpr(walker, inner, kind) : UNKNOWN;
    }
    case 'generic_type': {
      for (const argument of node.childForFieldName('type_arguments')?.namedChildren ?? []) typeExpr(walker, argument);
      const base = node.childForFieldName('type');
      return base ? typeExpr(walker, base, kind) : UNKNOWN;
    }
    case 'slice_type': case 'array_type': case 'implicit_length_array_type': {
      const element = node.childForFieldName('element');
      return { k: 'array', element: element ? typeExpr(walker, element) : UNKNOWN };
    }
    case 'channel_type': {
      const element = node.childForFieldName('value') ?? node.childForFieldName('element');
      return { k: 'array', element: element ? typeExpr(walker, element) : UNKNOWN, channel: true };
    }
    case 'map_type': {
      const key = node.childForFieldName('key');
      const keyType = key ? typeExpr(walker, key) : UNKNOWN;
      const value = node.childForFieldName('value');
      const map: ValueExpr = { k: 'array', element: value ? typeExpr(walker, value) : UNKNOWN };
      if (keyType.k !== 'unknown') map.key = keyType;
      return map;
    }
    case 'function_type': {
      const params: ValueExpr[] = [];
      for (const parameter of node.childForFieldName('parameters')?.namedChildren ?? []) {
        const type = parameter.childForFieldName('type');
        const value = type ? typeExpr(walker, type) : UNKNOWN;
        const count = Math.max(1, parameter.childrenForFieldName('name').length);
        for (let i = 0; i < count; i++) params.push(value);
      }
      const result = node.childForFieldName('result');
      const results: ValueExpr[] = [];
      if (result?.type === 'parameter_list') {
        for (const parameter of result.namedChildren) {
          if (parameter.type !== 'parameter_declaration') continue;
          const type = parameter.childForFieldName('type');
          const value = type ? typeExpr(walker, type) : UNKNOWN;
          const count = Math.max(1, parameter.childrenForFieldName('name').length);
          for (let i = 0; i < count; i++) results.push(value);
        }
      } else if (result) {
        results.push(typeExpr(walker, result));
      }
      const fn: ValueExpr = { k: 'fn', params, returns: results[0] ?? UNKNOWN };
      if (results.length > 1 && results.some((type) => type.k !== 'unknown')) fn.results = results;
      return fn;
    }
    case 'struct_type': return anonymousStruct(walker, node);
    case 'interface_type':
      for (const type of node.descendantsOfType(['type_identifier', 'qualified_type'])) {
        if (type.parent?.type !== 'qualified_type') typeExpr(walker, type);
      }
      return UNKNOWN;
    default:
      for (const child of node.namedChildren) typeExpr(walker, child);
      return UNKNOWN;
  }
}

/** `new(T)` where the grammar parsed T as an expression: an identifier or `pkg.T` selector. */
function namedValueType(walker: GoWalker, node: Node): ValueExpr {
  if (node.type === 'identifier') {
    const target = walker.lookup(node.text);
    if (!(PREDECLARED_TYPES.has(node.text) && target.k === 'global')) walker.addReference('new', node.text, target, node);
    return target;
  }
  const operand = node.childForFieldName('operand');
  const field = node.childForFieldName('field');
  if (!operand || !field) return UNKNOWN;
  const target: ValueExpr = { k: 'member', object: operandValue(walker, operand), name: field.text };
  walker.addReference('new', field.text, target, field);
  return target;
}

/**
 * `struct{ ... }` written in place (a test table `[]struct{ in T }`, a variable's type): an
 * unnamed struct declaration with its fields, kept for binding only (never published), so
 * `tt.in.M()` finds the field's type.
 */
function anonymousStruct(walker: GoWalker, node: Node): ValueExpr {
  const index = walker.addDeclaration('struct', '', null, node, walker.from, 'local');
  const firstDeclaration = walker.declarations.length;
  const firstReference = walker.references.length;
  walker.structFields(node, index);
  for (let i = firstDeclaration; i < walker.declarations.length; i++) {
    if (walker.declarations[i]!.parent === index) walker.declarations[i]!.published = false;
  }
  // An embedded field's type is a plain type use here: only a named type's embedding is `extends`.
  for (let i = firstReference; i < walker.references.length; i++) {
    const reference = walker.references[i]!;
    if (reference.kind === 'extends') reference.kind = 'type';
  }
  return { k: 'decl', decl: index };
}
