/**
 * Statements, expressions and types of the Java walk: scopes of blocks, loops, lambdas, catch
 * clauses and resources; locals with their declared types (`var` from the initializer, the
 * enhanced `for` variable from the element of its iterable); calls (`member(receiver, name)`, with
 * their argument count and argument expressions), `new` (with anonymous class bodies), `super(...)`
 * and `this(...)`, method references (a `read`), casts and `instanceof` patterns. Types are
 * reduced to their raw type (`List<Foo>` -> List, arguments kept apart by `typeArgumentsOf`),
 * arrays to `array` of the element, primitives to `global` names (`int`). Owns no state: the
 * walker (walker.ts) holds the scopes and facts.
 */
import type { ValueExpr } from '@repograph/core';
import type { JavaNode } from './lite.js';
import type { JavaWalker } from './walker.js';

type Node = JavaNode;

const UNKNOWN: ValueExpr = { k: 'unknown' };
const MAX_DEPTH = 400;
const SCOPED = new Set(['block', 'constructor_body', 'for_statement', 'enhanced_for_statement', 'lambda_expression', 'catch_clause',
  'try_with_resources_statement', 'switch_block', 'switch_block_statement_group', 'switch_rule']);
const CLASS_NODES = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);
const LITERAL_TYPES: Record<string, string> = {
  decimal_integer_literal: 'int', hex_integer_literal: 'int', octal_integer_literal: 'int', binary_integer_literal: 'int',
  decimal_floating_point_literal: 'double', hex_floating_point_literal: 'double', true: 'boolean', false: 'boolean',
  character_literal: 'char', string_literal: 'String', text_block: 'String',
};

/** The type a type node denotes (raw: type arguments dropped; primitives as `global` names). */
export function typeExpr(w: JavaWalker, node: Node): ValueExpr {
  switch (node.type) {
    case 'type_identifier': case 'identifier': {
      const target = w.lookupType(node.text);
      w.addReference('type', node.text, target, node);
      return w.lookupType(node.text);
    }
    case 'scoped_type_identifier': case 'scoped_identifier': {
      const parts = node.namedChildren.filter((c) => c.type !== 'annotation' && c.type !== 'marker_annotation');
      const last = parts[parts.length - 1];
      if (!last || parts.length < 2) return UNKNOWN;
      const start = w.references.length;
      const object = typeExpr(w, parts[0]!);
      w.references.length = start;
      const target: ValueExpr = { k: 'member', object, name: last.text };
      w.addReference('type', last.text, target, last);
      return { k: 'member', object, name: last.text };
    }
    case 'generic_type': {
      const base = node.namedChildren.find((c) => c.type !== 'type_arguments');
      const type = base ? typeExpr(w, base) : UNKNOWN;
      for (const argument of node.namedChildren.find((c) => c.type === 'type_arguments')?.namedChildren ?? []) typeExpr(w, argument);
      return type;
    }
    case 'array_type': {
      const element = node.childForFieldName('element');
      return { k: 'array', element: element ? typeExpr(w, element) : UNKNOWN };
    }
    case 'integral_type': case 'floating_point_type': case 'boolean_type': return { k: 'global', name: node.text };
    case 'annotated_type': {
      const inner = node.namedChildren.find((c) => c.type !== 'annotation' && c.type !== 'marker_annotation');
      return inner ? typeExpr(w, inner) : UNKNOWN;
    }
    case 'wildcard': {
      const bound = node.namedChildren.find((c) => c.type !== 'annotation' && c.type !== 'marker_annotation');
      return bound && /\bextends\b/.test(node.text) ? typeExpr(w, bound) : UNKNOWN;
    }
    default: return UNKNOWN;
  }
}

/** The type arguments of a generic type node (`List<Foo>`: [Foo]), without recording references. */
export function typeArgumentsOf(w: JavaWalker, node: Node): ValueExpr[] | undefined {
  let current = node;
  if (current.type === 'annotated_type') current = current.namedChildren.find((c) => c.type !== 'annotation' && c.type !== 'marker_annotation') ?? current;
  if (current.type !== 'generic_type') return undefined;
  const list = current.namedChildren.find((c) => c.type === 'type_arguments');
  if (!list || list.namedChildCount === 0) return undefined;
  const start = w.references.length;
  const args = list.namedChildren.map((argument) => typeExpr(w, argument));
  w.references.length = start;
  return args;
}

/** Walks a method, constructor or initializer body in a new scope. */
export function visitBody(w: JavaWalker, body: Node): void {
  w.pushScope();
  for (const statement of body.namedChildren) visit(w, statement);
  w.popScope();
}

/** Walks one statement or expression (recording what it declares and references). */
function visit(w: JavaWalker, node: Node): void {
  if (w.depth > MAX_DEPTH) { w.truncated = true; return; }
  w.depth++;
  try {
    visitInner(w, node);
  } finally {
    w.depth--;
  }
}

function visitInner(w: JavaWalker, node: Node): void {
  switch (node.type) {
    case 'local_variable_declaration': declareLocals(w, node); return;
    case 'expression_statement': for (const child of node.namedChildren) valueOf(w, child); return;
    case 'line_comment': case 'block_comment': return;
    case 'class_declaration': case 'interface_declaration': case 'enum_declaration': case 'record_declaration': {
      // A local class: its name is visible from its declaration on.
      w.localClass(node);
      return;
    }
    case 'enhanced_for_statement': {
      w.pushScope();
      const typeNode = node.childForFieldName('type');
      const nameNode = node.childForFieldName('name');
      const iterable = node.childForFieldName('value');
      const of = iterable ? valueOf(w, iterable) : UNKNOWN;
      if (nameNode) {
        const index = w.addDeclaration('variable', nameNode.text, nameNode, node, w.from, 'local');
        const declaration = w.declarations[index]!;
        if (typeNode && typeNode.text !== 'var') {
          declaration.valueType = typeExpr(w, typeNode);
          const args = typeArgumentsOf(w, typeNode);
          if (args) declaration.typeArguments = args;
        } else declaration.init = { k: 'element', of };
        w.bindLocal(nameNode.text, index);
      }
      const body = node.childForFieldName('body');
      if (body) visit(w, body);
      w.popScope();
      return;
    }
    case 'catch_clause': {
      w.pushScope();
      for (const child of node.namedChildren) {
        if (child.type === 'catch_formal_parameter') {
          const nameNode = child.childForFieldName('name');
          const types = child.namedChildren.find((c) => c.type === 'catch_type')?.namedChildren ?? [];
          const typed = types.map((type) => typeExpr(w, type));
          if (nameNode) {
            const index = w.addDeclaration('variable', nameNode.text, nameNode, child, w.from, 'local');
            w.declarations[index]!.valueType = typed.length === 1 ? typed[0]! : typed.length > 1 ? { k: 'oneof', types: typed } : UNKNOWN;
            w.bindLocal(nameNode.text, index);
          }
        } else visit(w, child);
      }
      w.popScope();
      return;
    }
    case 'resource': {
      const typeNode = node.childForFieldName('type');
      const nameNode = node.childForFieldName('name');
      const value = node.childForFieldName('value');
      const init = value ? valueOf(w, value) : UNKNOWN;
      if (nameNode) declareVariable(w, nameNode, node, typeNode, init);
      else for (const child of node.namedChildren) valueOf(w, child);
      return;
    }
    default:
      if (SCOPED.has(node.type)) {
        w.pushScope();
        for (const child of node.namedChildren) visit(w, child);
        w.popScope();
        return;
      }
      if (isExpression(node)) { valueOf(w, node); return; }
      for (const child of node.namedChildren) visit(w, child);
  }
}

/** Declares the variables of a `local_variable_declaration` after walking their initializers. */
export function declareLocals(w: JavaWalker, node: Node): void {
  const typeNode = node.childForFieldName('type');
  w.visitAnnotations(node);
  for (const declarator of node.childrenForFieldName('declarator')) {
    const nameNode = declarator.childForFieldName('name');
    const value = declarator.childForFieldName('value');
    const init = value ? valueOf(w, value) : UNKNOWN;
    if (!nameNode) continue;
    const dims = declarator.childForFieldName('dimensions');
    declareVariable(w, nameNode, declarator, typeNode, init, Boolean(dims));
  }
}

function declareVariable(w: JavaWalker, nameNode: Node, node: Node, typeNode: Node | null, init: ValueExpr, array = false): void {
  const index = w.addDeclaration('variable', nameNode.text, nameNode, node, w.from, 'local');
  const declaration = w.declarations[index]!;
  if (typeNode && typeNode.text !== 'var') {
    const declared = typeExpr(w, typeNode);
    declaration.valueType = array ? { k: 'array', element: declared } : declared;
    const args = array ? undefined : typeArgumentsOf(w, typeNode);
    if (args) declaration.typeArguments = args;
  } else if (init.k !== 'unknown') declaration.init = init;
  w.bindLocal(nameNode.text, index);
}

function isExpression(node: Node): boolean {
  return node.type.endsWith('_expression') || node.type === 'method_invocation' || node.type === 'field_access' ||
    node.type === 'method_reference' || node.type === 'array_access' || node.type === 'identifier' || node.type === 'explicit_constructor_invocation';
}

/** Walks an expression and returns what it denotes. */
export function valueOf(w: JavaWalker, node: Node): ValueExpr {
  if (w.depth > MAX_DEPTH) { w.truncated = true; return UNKNOWN; }
  w.depth++;
  try {
    return valueInner(w, node);
  } finally {
    w.depth--;
  }
}

function valueInner(w: JavaWalker, node: Node): ValueExpr {
  const literal = LITERAL_TYPES[node.type];
  if (literal) return { k: 'global', name: literal };
  switch (node.type) {
    case 'identifier': return w.lookupValue(node.text);
    case 'this': return { k: 'this', owner: w.currentClass() };
    case 'super': return { k: 'super', owner: w.currentClass() };
    case 'parenthesized_expression': {
      const inner = node.namedChild(0);
      return inner ? valueOf(w, inner) : UNKNOWN;
    }
    case 'field_access': {
      const objectNode = node.childForFieldName('object');
      const field = node.childForFieldName('field');
      if (!objectNode || !field) return UNKNOWN;
      if (field.type === 'this') {
        const outer = typeOfName(w, objectNode);
        return outer.k === 'decl' ? { k: 'this', owner: outer.decl } : { k: 'this', owner: w.currentClass() };
      }
      if (node.namedChildren.some((c) => c.type === 'super')) return { k: 'super', owner: w.currentClass() };
      const object = valueOf(w, objectNode);
      return { k: 'member', object, name: field.text };
    }
    case 'method_invocation': return methodInvocation(w, node);
    case 'explicit_constructor_invocation': {
      const constructor = node.childForFieldName('constructor');
      const args = argumentsOf(w, node.childForFieldName('arguments'));
      if (!constructor) return UNKNOWN;
      const owner = w.currentClass();
      const target: ValueExpr = constructor.type === 'super' ? { k: 'super', owner } : { k: 'this', owner };
      w.addReference('call', constructor.type === 'super' ? 'super' : 'this', target, constructor, { argumentCount: args.length, args });
      return UNKNOWN;
    }
    case 'object_creation_expression': {
      const typeNode = node.childForFieldName('type');
      const outer = node.namedChildren.find((c) => c.field !== 'type' && c.field !== 'arguments' && c.type !== 'class_body' && c.type !== 'type_arguments');
      if (outer && outer.startIndex < (typeNode?.startIndex ?? 0)) valueOf(w, outer);
      const args = argumentsOf(w, node.childForFieldName('arguments'));
      if (!typeNode) return UNKNOWN;
      const start = w.references.length;
      const type = typeExpr(w, typeNode);
      // The type's own `type` reference is replaced by the `new` one at its last name.
      const nameNode = lastName(typeNode);
      dropTypeReferenceAt(w, start, nameNode);
      w.addReference('new', nameNode.text, type, nameNode, { argumentCount: args.length, args });
      const body = node.namedChildren.find((c) => c.type === 'class_body');
      if (body) {
        const anonymous = w.anonymousClass(body, node, JSON.parse(JSON.stringify(type)) as ValueExpr);
        return { k: 'new', callee: { k: 'decl', decl: anonymous } };
      }
      return { k: 'new', callee: type };
    }
    case 'array_creation_expression': {
      const typeNode = node.childForFieldName('type');
      const element = typeNode ? typeExpr(w, typeNode) : UNKNOWN;
      for (const child of node.namedChildren) if (child !== typeNode) visitChildren(w, child);
      return { k: 'cast', value: UNKNOWN, type: { k: 'array', element } };
    }
    case 'cast_expression': {
      const typeNode = node.childForFieldName('type');
      const value = node.childForFieldName('value');
      const inner = value ? valueOf(w, value) : UNKNOWN;
      return typeNode ? { k: 'cast', value: inner, type: typeExpr(w, typeNode) } : inner;
    }
    case 'array_access': {
      const array = node.childForFieldName('array');
      const index = node.childForFieldName('index');
      if (index) valueOf(w, index);
      return array ? { k: 'element', of: valueOf(w, array) } : UNKNOWN;
    }
    case 'assignment_expression': {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (left) valueOf(w, left);
      return right ? valueOf(w, right) : UNKNOWN;
    }
    case 'ternary_expression': {
      const condition = node.childForFieldName('condition');
      const consequence = node.childForFieldName('consequence');
      const alternative = node.childForFieldName('alternative');
      if (condition) valueOf(w, condition);
      const a = consequence ? valueOf(w, consequence) : UNKNOWN;
      const b = alternative ? valueOf(w, alternative) : UNKNOWN;
      return consequence?.type === 'null_literal' ? b : a;
    }
    case 'instanceof_expression': {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      const nameNode = node.childForFieldName('name');
      if (left) valueOf(w, left);
      const type = right ? typeExpr(w, right) : UNKNOWN;
      if (nameNode) {
        const index = w.addDeclaration('variable', nameNode.text, nameNode, node, w.from, 'local');
        w.declarations[index]!.valueType = type;
        w.bindLocal(nameNode.text, index);
      }
      return { k: 'global', name: 'boolean' };
    }
    case 'lambda_expression': {
      w.pushScope();
      const parameters = node.childForFieldName('parameters');
      if (parameters?.type === 'identifier') bindLambdaParameter(w, parameters, null);
      else if (parameters?.type === 'formal_parameters') w.parameters(parameters, w.from, false);
      else for (const parameter of parameters?.namedChildren ?? []) if (parameter.type === 'identifier') bindLambdaParameter(w, parameter, null);
      const body = node.childForFieldName('body');
      if (body) { if (body.type === 'block') visit(w, body); else valueOf(w, body); }
      w.popScope();
      return UNKNOWN;
    }
    case 'method_reference': {
      const parts = node.namedChildren;
      const objectNode = parts[0];
      const nameNode = parts.length > 1 ? parts[parts.length - 1]! : null;
      if (!objectNode) return UNKNOWN;
      const object = isTypeNode(objectNode) ? typeExpr(w, objectNode) : valueOf(w, objectNode);
      if (nameNode && nameNode.type === 'identifier') w.addReference('read', nameNode.text, { k: 'member', object, name: nameNode.text }, nameNode);
      return UNKNOWN;
    }
    case 'switch_expression': case 'switch_statement': visitChildren(w, node); return UNKNOWN;
    case 'class_literal': return { k: 'global', name: 'Class' };
    default:
      visitChildren(w, node);
      return UNKNOWN;
  }
}

function visitChildren(w: JavaWalker, node: Node): void {
  for (const child of node.namedChildren) {
    if (isExpression(child) || LITERAL_TYPES[child.type]) valueOf(w, child);
    else visit(w, child);
  }
}

function methodInvocation(w: JavaWalker, node: Node): ValueExpr {
  const objectNode = node.childForFieldName('object');
  const nameNode = node.childForFieldName('name');
  let object: ValueExpr;
  if (!objectNode) object = { k: 'this', owner: w.currentClass() };
  else if (node.namedChildren.some((c) => c.type === 'super' && c.field !== 'object')) object = { k: 'super', owner: w.currentClass() };
  else object = valueOf(w, objectNode);
  const args = argumentsOf(w, node.childForFieldName('arguments'));
  if (!nameNode) return UNKNOWN;
  const callee: ValueExpr = { k: 'member', object, name: nameNode.text };
  w.addReference('call', nameNode.text, callee, nameNode, { argumentCount: args.length, args });
  return { k: 'call', callee: { k: 'member', object, name: nameNode.text }, args };
}

function argumentsOf(w: JavaWalker, list: Node | null): ValueExpr[] {
  const args: ValueExpr[] = [];
  for (const argument of list?.namedChildren ?? []) {
    if (argument.type === 'line_comment' || argument.type === 'block_comment') continue;
    args.push(valueOf(w, argument));
  }
  return args;
}

function bindLambdaParameter(w: JavaWalker, nameNode: Node, type: ValueExpr | null): void {
  const index = w.addDeclaration('parameter', nameNode.text, nameNode, nameNode, w.from, 'parameter');
  if (type) w.declarations[index]!.valueType = type;
  w.bindLocal(nameNode.text, index);
}

/** `Outer` in `Outer.this`: a type name. */
function typeOfName(w: JavaWalker, node: Node): ValueExpr {
  if (node.type === 'identifier' || node.type === 'type_identifier') return w.lookupType(node.text);
  return UNKNOWN;
}

function isTypeNode(node: Node): boolean {
  return node.type === 'type_identifier' || node.type === 'generic_type' || node.type === 'array_type' ||
    node.type === 'scoped_type_identifier' || node.type === 'integral_type';
}

function lastName(typeNode: Node): Node {
  let current = typeNode;
  for (;;) {
    if (current.type === 'generic_type') current = current.namedChildren.find((c) => c.type !== 'type_arguments') ?? current;
    else if (current.type === 'scoped_type_identifier' || current.type === 'annotated_type') {
      const parts = current.namedChildren.filter((c) => c.type !== 'annotation' && c.type !== 'marker_annotation');
      const next = parts[parts.length - 1];
      if (!next || next === current) return current;
      current = next;
    } else return current;
  }
}

function dropTypeReferenceAt(w: JavaWalker, start: number, nameNode: Node): void {
  for (let i = w.references.length - 1; i >= start; i--) {
    const reference = w.references[i]!;
    if (reference.kind === 'type' && reference.name === nameNode.text) { w.references.splice(i, 1); return; }
  }
}

export { CLASS_NODES };
