/**
 * Go statements, expressions and type expressions: block scopes, local declarations (`:=`, `var`,
 * range variables, type-switch aliases, named results), and references with kind and site (call,
 * new for `T{}`/`&T{}`/`new(T)`, read, write, type). Each expression is reduced to the ValueExpr
 * the binder evaluates (calls, composite literals, elements, members). Owns these rules; the
 * declarations of the package level live in walker.ts.
 */
import type { GoNode } from './lite.js';
import type { ValueExpr } from '@repograph/core';
import type { GoWalker } from './walker.js';

type Node = GoNode;

const MAX_DEPTH = 300;
const UNKNOWN: ValueExpr = { k: 'unknown' };
export { typeExpr, namedType } from './types.js';
import { typeExpr } from './types.js';
import { compositeLiteral, conversion } from './literals.js';
import { surfaceCall, surfaceClosures, surfaceFuncLiteral } from './surfaces.js';

const TYPE_NODES = new Set([
  'type_identifier', 'qualified_type', 'pointer_type', 'generic_type', 'slice_type', 'array_type', 'map_type',
  'channel_type', 'function_type', 'struct_type', 'interface_type', 'parenthesized_type', 'implicit_length_array_type',
]);

/** Walks a function body in the function's scope (already pushed with the parameters). */
export function visitFunctionBody(walker: GoWalker, body: Node): void {
  for (const child of body.namedChildren) visit(walker, child);
}

/** Declares the names of a `var_spec`/`const_spec` (indexes given) and walks its type and values. */
export function declareSpec(walker: GoWalker, spec: Node, indexes: number[]): void {
  const typeNode = spec.childForFieldName('type');
  const valueType = typeNode ? typeExpr(walker, typeNode) : undefined;
  const valueList = spec.childForFieldName('value');
  const values = valueList ? valueList.namedChildren.filter((n) => n.type !== 'comment') : [];
  const saved = walker.from;
  if (indexes.length > 0 && walker.declarations[indexes[0]!]!.published) walker.from = indexes[0]!;
  const evaluated = values.map((value) => valueOf(walker, value));
  walker.from = saved;
  indexes.forEach((index, position) => {
    const declaration = walker.declarations[index]!;
    if (valueType) declaration.valueType = valueType;
    const init = initAt(evaluated, position, indexes.length);
    if (init.k !== 'unknown') declaration.init = init;
  });
}

/** The value given to the `position`-th of `count` names: one per name, or one of a multi-value expression. */
function initAt(values: ValueExpr[], position: number, count: number): ValueExpr {
  if (values.length === count) return values[position] ?? UNKNOWN;
  if (values.length !== 1) return UNKNOWN;
  const value = values[0]!;
  // `a, b := f()`: each name gets its result of the call.
  if (value.k === 'call' && position > 0) return { k: 'call', callee: value.callee, result: position };
  // `v, ok := x.(T)`, `v, ok := m[k]`, `v, ok := <-ch`: the first name gets the value, the second a bool.
  return position === 0 ? value : UNKNOWN;
}

function declareLocal(walker: GoWalker, nameNode: Node, node: Node, init: ValueExpr, valueType?: ValueExpr): number {
  const index = walker.addDeclaration('variable', nameNode.text, nameNode, node, walker.from, 'local');
  const declaration = walker.declarations[index]!;
  if (valueType) declaration.valueType = valueType;
  if (init.k !== 'unknown') declaration.init = init;
  walker.bindLocal(nameNode.text, index);
  return index;
}

/** Walks a statement (or any node that is not an expression). */
function visit(walker: GoWalker, node: Node): void {
  if (walker.depth > MAX_DEPTH) { walker.truncated = true; return; }
  walker.depth++;
  try {
    visitInner(walker, node);
  } finally {
    walker.depth--;
  }
}

function visitInner(walker: GoWalker, node: Node): void {
  switch (node.type) {
    case 'comment': case 'label_name': case 'empty_statement': case 'fallthrough_statement':
    case 'break_statement': case 'continue_statement': case 'goto_statement':
      return;
    case 'block': case 'if_statement': case 'expression_switch_statement': case 'select_statement':
    case 'expression_case': case 'default_case': case 'communication_case':
      walker.pushScope();
      for (const child of node.namedChildren) visit(walker, child);
      walker.popScope();
      return;
    case 'statement_list': case 'labeled_statement': case 'expression_statement': case 'return_statement':
    case 'go_statement': case 'defer_statement': case 'send_statement': case 'expression_list':
      for (const child of node.namedChildren) visit(walker, child);
      return;
    case 'for_statement': forStatement(walker, node); return;
    case 'type_switch_statement': typeSwitch(walker, node); return;
    case 'short_var_declaration': case 'receive_statement': shortVarDeclaration(walker, node); return;
    case 'var_declaration': case 'const_declaration': localValues(walker, node); return;
    case 'type_declaration': localTypes(walker, node); return;
    case 'assignment_statement': assignment(walker, node); return;
    case 'inc_statement': case 'dec_statement': for (const child of node.namedChildren) written(walker, child, true); return;
    default:
      valueOf(walker, node);
  }
}

function forStatement(walker: GoWalker, node: Node): void {
  walker.pushScope();
  for (const child of node.namedChildren) {
    if (child.type !== 'range_clause') { visit(walker, child); continue; }
    const right = child.childForFieldName('right');
    const ranged = right ? valueOf(walker, right) : UNKNOWN;
    const left = child.childForFieldName('left');
    const names = left?.namedChildren ?? [];
    const declares = left !== null && right !== null && operatorBetween(walker, left, right).startsWith(':=');
    names.forEach((name, position) => {
      if (declares && name.type === 'identifier') {
        // `for k, v := range x`: v is x's element; k a map's key or a channel's element (a slice's index is an int).
        const value: ValueExpr = position === 1 ? { k: 'element', of: ranged } : position === 0 ? { k: 'element', of: ranged, key: true } : UNKNOWN;
        if (name.text !== '_') declareLocal(walker, name, child, value);
      } else {
        written(walker, name);
      }
    });
  }
  walker.popScope();
}

function typeSwitch(walker: GoWalker, node: Node): void {
  walker.pushScope();
  const alias = node.childForFieldName('alias')?.namedChildren[0] ?? null;
  const initializer = node.childForFieldName('initializer');
  if (initializer) visit(walker, initializer);
  const valueNode = node.childForFieldName('value');
  const switched = valueNode ? valueOf(walker, valueNode) : UNKNOWN;
  for (const clause of node.namedChildren) {
    if (clause.type !== 'type_case' && clause.type !== 'default_case') continue;
    walker.pushScope();
    const types = clause.childrenForFieldName('type');
    const typed = types.map((type) => typeExpr(walker, type));
    if (alias && alias.text !== '_') {
      if (typed.length === 1 && types[0]!.text !== 'nil') declareLocal(walker, alias, clause, UNKNOWN, typed[0]);
      else declareLocal(walker, alias, clause, switched);
    }
    for (const child of clause.namedChildren) {
      if (!types.some((type) => type.id === child.id)) visit(walker, child);
    }
    walker.popScope();
  }
  walker.popScope();
}

function shortVarDeclaration(walker: GoWalker, node: Node): void {
  const right = node.childForFieldName('right');
  let values: ValueExpr[];
  if (node.type === 'receive_statement') {
    // `case v := <-ch:` (the grammar may keep `<-` outside the right operand).
    const received = right ? valueOf(walker, right) : UNKNOWN;
    values = [right?.type === 'unary_expression' ? received : { k: 'element', of: received }];
  } else {
    values = right ? right.namedChildren.filter((n) => n.type !== 'comment').map((value) => valueOf(walker, value)) : [];
  }
  const names = node.childForFieldName('left')?.namedChildren ?? [];
  const left = node.childForFieldName('left');
  if (node.type === 'receive_statement' && !(left && right && operatorBetween(walker, left, right) === ':=')) {
    for (const name of names) written(walker, name);
    return;
  }
  names.forEach((name, position) => {
    if (name.type !== 'identifier' || name.text === '_') return;
    if (walker.declaredInInnermost(name.text)) { written(walker, name); return; }
    declareLocal(walker, name, node, initAt(values, position, names.length));
  });
}

function localValues(walker: GoWalker, node: Node): void {
  const kind = node.type === 'const_declaration' ? 'const_spec' : 'var_spec';
  for (const spec of node.descendantsOfType(kind)) {
    const indexes = spec.childrenForFieldName('name').map((nameNode) =>
      walker.addDeclaration(kind === 'const_spec' ? 'constant' : 'variable', nameNode.text, nameNode, spec, walker.from, 'local'));
    declareSpec(walker, spec, indexes);
    for (const index of indexes) walker.bindLocal(walker.declarations[index]!.name, index);
  }
}

function localTypes(walker: GoWalker, node: Node): void {
  for (const spec of node.namedChildren) {
    if (spec.type !== 'type_spec' && spec.type !== 'type_alias') continue;
    const nameNode = spec.childForFieldName('name');
    const typeNode = spec.childForFieldName('type');
    const kind = typeNode?.type === 'struct_type' ? 'struct' : typeNode?.type === 'interface_type' ? 'interface' : 'type_alias';
    const index = walker.addDeclaration(kind, nameNode?.text ?? '_', nameNode, spec, walker.from, 'local');
    walker.bindLocal(nameNode?.text ?? '_', index);
    if (!typeNode) continue;
    if (kind === 'struct') walker.structFields(typeNode, index);
    else if (kind === 'interface') walker.interfaceElements(typeNode, index);
    else walker.declarations[index]!.valueType = typeExpr(walker, typeNode);
  }
}

function assignment(walker: GoWalker, node: Node): void {
  const right = node.childForFieldName('right');
  if (right) for (const value of right.namedChildren) valueOf(walker, value);
  const left = node.childForFieldName('left');
  const compound = left !== null && right !== null && operatorBetween(walker, left, right) !== '=';
  for (const target of left?.namedChildren ?? []) written(walker, target, compound);
}

/** The operator token between two operands (`=`, `:=`, `+=`), read from the source text. */
function operatorBetween(walker: GoWalker, left: Node, right: Node): string {
  return walker.text.slice(left.endIndex, right.startIndex).replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').trim();
}

/** A write to an assignable expression: an identifier or a selector's field. */
function written(walker: GoWalker, node: Node, alsoRead = false): void {
  if (node.type === 'identifier') {
    if (node.text === '_') return;
    const target = walker.lookup(node.text);
    if (alsoRead) walker.addReference('read', node.text, target, node);
    walker.addReference('write', node.text, target, node);
    return;
  }
  if (node.type === 'selector_expression') {
    const operand = node.childForFieldName('operand');
    const field = node.childForFieldName('field');
    const object = operand ? valueOf(walker, operand) : UNKNOWN;
    if (!field) return;
    const target: ValueExpr = { k: 'member', object, name: field.text };
    if (alsoRead) walker.addReference('read', field.text, target, field);
    walker.addReference('write', field.text, target, field);
    return;
  }
  if (node.type === 'parenthesized_expression') { for (const child of node.namedChildren) written(walker, child, alsoRead); return; }
  valueOf(walker, node);
}

/** Walks an expression, recording its references, and returns what it evaluates to. */
export function valueOf(walker: GoWalker, node: Node): ValueExpr {
  if (walker.depth > MAX_DEPTH) { walker.truncated = true; return UNKNOWN; }
  walker.depth++;
  try {
    return valueOfInner(walker, node);
  } finally {
    walker.depth--;
  }
}

function valueOfInner(walker: GoWalker, node: Node): ValueExpr {
  switch (node.type) {
    case 'identifier': {
      const name = node.text;
      if (name === '_' || name === 'nil' || name === 'true' || name === 'false' || name === 'iota') return UNKNOWN;
      const target = walker.lookup(name);
      walker.addReference('read', name, target, node);
      return target;
    }
    case 'selector_expression': {
      const operand = node.childForFieldName('operand');
      const field = node.childForFieldName('field');
      const object = operand ? operandValue(walker, operand) : UNKNOWN;
      if (!field) return UNKNOWN;
      const target: ValueExpr = { k: 'member', object, name: field.text };
      walker.addReference('read', field.text, target, field);
      return target;
    }
    case 'call_expression': return callExpression(walker, node);
    case 'type_conversion_expression': return conversion(walker, node);
    case 'composite_literal': return compositeLiteral(walker, node);
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((child) => child.type !== 'comment');
      return inner ? valueOf(walker, inner) : UNKNOWN;
    }
    case 'unary_expression': {
      const operand = node.childForFieldName('operand');
      const value = operand ? valueOf(walker, operand) : UNKNOWN;
      const operator = node.childForFieldName('operator')?.type ?? node.child(0)?.type;
      if (operator === '&' || operator === '*') return value;
      if (operator === '<-') return { k: 'element', of: value };
      return UNKNOWN;
    }
    case 'index_expression': {
      const operand = node.childForFieldName('operand');
      const object = operand ? valueOf(walker, operand) : UNKNOWN;
      for (const index of node.childrenForFieldName('index')) valueOf(walker, index);
      return { k: 'element', of: object };
    }
    case 'slice_expression': {
      const operand = node.childForFieldName('operand');
      const object = operand ? valueOf(walker, operand) : UNKNOWN;
      for (const child of node.namedChildren) if (child.id !== operand?.id) valueOf(walker, child);
      return object;
    }
    case 'type_assertion_expression': {
      const operand = node.childForFieldName('operand');
      if (operand) valueOf(walker, operand);
      const type = node.childForFieldName('type');
      return type ? { k: 'new', callee: typeExpr(walker, type) } : UNKNOWN;
    }
    case 'func_literal': {
      walker.pushScope();
      const index = walker.addDeclaration('function', '', null, node, walker.from, 'local');
      walker.signature(node, index);
      surfaceFuncLiteral(walker, node, index);
      const body = node.childForFieldName('body');
      if (body) visitFunctionBody(walker, body);
      walker.popScope();
      // The function value itself: calling it gives its declared results.
      return { k: 'decl', decl: index };
    }
    case 'comment': case 'field_identifier': case 'label_name': case 'int_literal': case 'float_literal':
    case 'imaginary_literal': case 'rune_literal': case 'interpreted_string_literal': case 'raw_string_literal':
    case 'true': case 'false': case 'nil': case 'iota':
      return UNKNOWN;
    default:
      if (TYPE_NODES.has(node.type)) return { k: 'new', callee: typeExpr(walker, node) };
      for (const child of node.namedChildren) visit(walker, child);
      return UNKNOWN;
  }
}

/** The operand of a selector: an import name is the package itself (not a read of a value). */
export function operandValue(walker: GoWalker, operand: Node): ValueExpr {
  if (operand.type === 'identifier') {
    const target = walker.lookup(operand.text);
    if (target.k === 'import') return target;
  }
  return valueOf(walker, operand);
}

function callExpression(walker: GoWalker, node: Node): ValueExpr {
  let functionNode = node.childForFieldName('function');
  const argumentsNode = node.childForFieldName('arguments');
  const argumentNodes = argumentsNode ? argumentsNode.namedChildren.filter((child) => child.type !== 'comment') : [];
  while (functionNode?.type === 'parenthesized_expression') functionNode = functionNode.namedChild(0);
  if (functionNode?.type === 'identifier' && (functionNode.text === 'new' || functionNode.text === 'make')) {
    const builtin = walker.lookup(functionNode.text);
    const typeNode = argumentNodes[0];
    if (builtin.k === 'global' && typeNode) {
      const type = typeExpr(walker, typeNode, functionNode.text === 'new' ? 'new' : 'type');
      for (const argument of argumentNodes.slice(1)) valueOf(walker, argument);
      return { k: 'new', callee: type };
    }
  }
  if (functionNode?.type === 'index_expression' || functionNode?.type === 'generic_type') {
    // `F[T](x)`: a generic instantiation; the callee is F.
    for (const index of functionNode.childrenForFieldName('index')) typeExpr(walker, index);
    functionNode = functionNode.childForFieldName('operand') ?? functionNode.childForFieldName('type') ?? functionNode;
  }
  let callee: ValueExpr = UNKNOWN;
  let nameNode: Node | null = null;
  if (functionNode?.type === 'identifier') {
    callee = walker.lookup(functionNode.text);
    nameNode = functionNode;
  } else if (functionNode?.type === 'selector_expression') {
    const operand = functionNode.childForFieldName('operand');
    nameNode = functionNode.childForFieldName('field');
    const object = operand ? operandValue(walker, operand) : UNKNOWN;
    callee = nameNode ? { k: 'member', object, name: nameNode.text } : UNKNOWN;
  } else if (functionNode) {
    callee = valueOf(walker, functionNode);
  }
  if (nameNode && argumentNodes.length > 0) surfaceClosures(walker, callee, nameNode.text, argumentNodes);
  const hasSpread = argumentsNode !== null && /\.\.\.\s*,?\s*\)$/.test(walker.text.slice(Math.max(argumentsNode.startIndex, argumentsNode.endIndex - 16), argumentsNode.endIndex));
  // A call of an unnamed function value (`func() {...}()`, `f()()`) has no name to bind: no reference.
  if (nameNode) walker.addReference('call', nameNode.text, callee, nameNode, { argumentCount: argumentNodes.length, hasSpread });
  const values = argumentNodes.map((argument) => valueOf(walker, argument));
  // The builtin `append(s, ...)` gives a slice of s's type.
  if (callee.k === 'global' && callee.name === 'append' && values.length > 0) return values[0]!;
  const result: ValueExpr = { k: 'call', callee };
  if (nameNode) surfaceCall(walker, node, callee, nameNode.text, argumentNodes, values, result);
  return result;
}


