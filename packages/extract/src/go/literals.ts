/**
 * Go conversions and composite literals: `T(x)` (a call reference, since the grammar cannot tell a
 * conversion from a call of a function `T`; binding keeps only calls of functions) and `T{...}`
 * (a `new` reference to T; a struct literal's keys are field names, not expressions). Owns these
 * two forms; the rest of expressions lives in expressions.ts.
 */
import type { ValueExpr } from '@repograph/core';
import type { GoNode } from './lite.js';
import type { GoWalker } from './walker.js';
import { valueOf } from './expressions.js';
import { namedType, PREDECLARED_TYPES, typeExpr } from './types.js';

type Node = GoNode;

const UNKNOWN: ValueExpr = { k: 'unknown' };

/** `T(x)`: a conversion to a named type, or (since the grammar cannot tell) a call of a function `T`. */
export function conversion(walker: GoWalker, node: Node): ValueExpr {
  let typeNode = node.childForFieldName('type');
  const operand = node.childForFieldName('operand');
  while (typeNode?.type === 'parenthesized_type') typeNode = typeNode.namedChild(0);
  let result: ValueExpr = UNKNOWN;
  if (typeNode?.type === 'type_identifier' || typeNode?.type === 'qualified_type' || typeNode?.type === 'generic_type') {
    let named: Node | null = typeNode;
    if (named.type === 'generic_type') {
      for (const argument of named.childForFieldName('type_arguments')?.namedChildren ?? []) typeExpr(walker, argument);
      named = named.childForFieldName('type');
    }
    const nameNode = named?.type === 'qualified_type' ? named.childForFieldName('name') : named;
    const callee = named ? namedType(walker, named) : UNKNOWN;
    if (nameNode && !(named?.type === 'type_identifier' && PREDECLARED_TYPES.has(named.text))) {
      walker.addReference('call', nameNode.text, callee, nameNode, { argumentCount: operand ? 1 : 0, hasSpread: false });
    }
    result = { k: 'call', callee };
  } else if (typeNode) {
    result = { k: 'new', callee: typeExpr(walker, typeNode) };
  }
  if (operand) valueOf(walker, operand);
  return result;
}

export function compositeLiteral(walker: GoWalker, node: Node): ValueExpr {
  const typeNode = node.childForFieldName('type');
  const type = typeNode ? typeExpr(walker, typeNode, 'new') : UNKNOWN;
  const keyedByField = typeNode !== null && (typeNode.type === 'type_identifier' || typeNode.type === 'qualified_type' || typeNode.type === 'generic_type');
  const body = node.childForFieldName('body');
  if (body) literalValue(walker, body, keyedByField);
  return { k: 'new', callee: type };
}

/** The elements of `{...}`; a struct literal's keys are field names, not expressions. */
function literalValue(walker: GoWalker, body: Node, keyedByField: boolean): void {
  for (const element of body.namedChildren) {
    if (element.type === 'keyed_element') {
      const parts = element.namedChildren.filter((child) => child.type !== 'comment');
      parts.forEach((part, position) => {
        const inner = part.type === 'literal_element' ? part.namedChild(0) : part;
        if (!inner) return;
        if (position === 0 && keyedByField && inner.type === 'identifier') return;
        if (inner.type === 'literal_value') literalValue(walker, inner, false);
        else valueOf(walker, inner);
      });
    } else {
      const inner = element.type === 'literal_element' ? element.namedChild(0) : element;
      if (!inner) continue;
      if (inner.type === 'literal_value') literalValue(walker, inner, false);
      else valueOf(walker, inner);
    }
  }
}
