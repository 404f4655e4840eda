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
    case 'slice_type': case 'array_type': case 'implicit_length_array_type': case 'channel_type': {
      const element = node.childForFieldName('element') ?? node.childForFieldName('value');
      return { k: 'array', element: element ? typeExpr(walker, element) : UNKNOWN };
    }
    case 'map_type': {
      const key = node.childForFieldName('key');
      if (key) typeExpr(walker, key);
      const value = node.childForFieldName('value');
      return { k: 'array', element: value ? typeExpr(walker, value) : UNKNOWN };
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
      let returns: ValueExpr = UNKNOWN;
      if (result?.type === 'parameter_list') {
        result.namedChildren.forEach((parameter, position) => {
          const type = parameter.childForFieldName('type');
          const value = type ? typeExpr(walker, type) : UNKNOWN;
          if (position === 0) returns = value;
        });
      } else if (result) {
        returns = typeExpr(walker, result);
      }
      return { k: 'fn', params, returns };
    }
    case 'struct_type': case 'interface_type':
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
