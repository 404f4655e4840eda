/**
 * Table entries for Rust, C, C++ and Zig. The queries are our own: Rust's shipped tags.scm has
 * no imports or receivers and tags `impl` methods without their type; C's and C++'s tag
 * definitions only (no calls, no includes); Zig ships no tags query.
 */
import { SYNTAX_EXTENSIONS } from '@repograph/core';
import type { SyntaxImport, SyntaxSpec } from './spec.js';
import { hasChildOfType, pathImport, unquote } from './spec.js';
import type { TierNode } from './tier-node.js';

type Node = TierNode;

export const RUST: SyntaxSpec = {
  language: 'rust', grammar: 'rust', extensions: SYNTAX_EXTENSIONS.rust, comments: 'c',
  query: `
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(union_item name: (type_identifier) @name) @definition.union
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type_alias
(associated_type name: (type_identifier) @name) @definition.type_alias
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable
(mod_item name: (identifier) @name) @definition.module
(macro_definition name: (identifier) @name) @definition.function
(field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)
(enum_variant name: (identifier) @name) @definition.constant
(impl_item type: [(type_identifier) @name (generic_type type: (type_identifier) @name) (scoped_type_identifier name: (type_identifier) @name)]) @scope
(call_expression function: [(identifier) @name
  (field_expression value: (_) @receiver field: (field_identifier) @name)
  (scoped_identifier path: (_) @receiver name: (identifier) @name)
  (generic_function function: [(identifier) @name (scoped_identifier path: (_) @receiver name: (identifier) @name) (field_expression value: (_) @receiver field: (field_identifier) @name)])]
  arguments: (arguments) @arguments) @call
(macro_invocation macro: (identifier) @name) @call
(struct_expression name: [(type_identifier) @name (scoped_type_identifier name: (type_identifier) @name)]) @new
(use_declaration) @import
`,
  exported: (node) => hasChildOfType(node, ['visibility_modifier']) || node.parent?.type === 'enum_variant_list' ||
    node.type === 'function_signature_item' || node.parent?.parent?.type === 'trait_item',
  readImport: (node) => {
    const argument = node.childForFieldName('argument');
    const out: SyntaxImport[] = [];
    if (argument !== null) flattenUse(argument, '', out);
    return out;
  },
  isConstructor: () => false,
};

/** `use a::b::{c, d as e, f::*}` as one import per leaf: specifier the path, imported the leaf. */
function flattenUse(node: Node, prefix: string, out: SyntaxImport[]): void {
  const join = (a: string, b: string): string => (a === '' ? b : b === '' ? a : `${a}::${b}`);
  switch (node.type) {
    case 'scoped_identifier': {
      const path = node.childForFieldName('path');
      const name = node.childForFieldName('name')!;
      out.push({ specifier: join(prefix, path?.text ?? ''), style: 'named', imported: name.text, local: name.text });
      return;
    }
    case 'identifier': case 'self': case 'crate': case 'super':
      out.push({ specifier: prefix, style: 'named', imported: node.text, local: node.text });
      return;
    case 'use_as_clause': {
      const path = node.childForFieldName('path')!;
      const alias = node.childForFieldName('alias')!;
      const before = out.length;
      flattenUse(path, prefix, out);
      for (let i = before; i < out.length; i++) out[i]!.local = alias.text;
      return;
    }
    case 'use_wildcard': {
      const path = node.namedChild(0);
      out.push({ specifier: join(prefix, path?.text ?? ''), style: 'namespace', imported: '*', local: '' });
      return;
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      if (list !== null) flattenUse(list, join(prefix, path?.text ?? ''), out);
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) flattenUse(child, prefix, out);
      return;
  }
}

/**
 * The C query; C++ passes the extra declarator name types its grammar has. A function definition
 * with no return type and an unqualified name is a macro call (`NAPI_FUNCTION(reset) { ... }`), not
 * counted; without a type only C++'s qualified constructors, destructors and operators are.
 */
const cQuery = (names: string): string => `
(function_definition type: (_) declarator: (function_declarator declarator: [(identifier) ${names}] @name)) @definition.function
${names === '' ? '' : `(function_definition !type declarator: (function_declarator declarator: [${names}] @name)) @definition.function`}
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: [(identifier) ${names}] @name))) @definition.function
(declaration declarator: (function_declarator declarator: [(identifier) ${names}] @name)) @definition.function
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.union
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(enumerator name: (identifier) @name) @definition.constant
(type_definition declarator: [(type_identifier) @name (pointer_declarator declarator: (type_identifier) @name)]) @definition.type_alias
(translation_unit (declaration declarator: [(identifier) @name (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name)]) (pointer_declarator declarator: (identifier) @name)]) @definition.variable)
(preproc_def name: (identifier) @name) @definition.constant
(preproc_function_def name: (identifier) @name) @definition.function
(field_declaration_list (field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @definition.field)
(call_expression function: [(identifier) @name
  (field_expression argument: (_) @receiver field: (field_identifier) @name)] arguments: (argument_list) @arguments) @call
(preproc_include path: (_)) @import
`;

export const C: SyntaxSpec = {
  language: 'c', grammar: 'c', extensions: SYNTAX_EXTENSIONS.c, comments: 'c',
  query: cQuery(''),
  parameterList: (node) => functionDeclarator(node)?.childForFieldName('parameters') ?? null,
  parameter: cParameter,
  exported: (node) => !/^\s*static\b/.test(node.text.slice(0, 40)) && !hasStorageClass(node, 'static'),
  readImport: (node) => [pathImport(unquote(node.childForFieldName('path')!.text))],
};

export const CPP: SyntaxSpec = {
  language: 'cpp', grammar: 'cpp', extensions: SYNTAX_EXTENSIONS.cpp, comments: 'c',
  query: cQuery('(field_identifier) (qualified_identifier) (destructor_name) (operator_name)') + `
(function_definition declarator: (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier)] @name))) @definition.function
(class_specifier name: [(type_identifier) @name (qualified_identifier)] body: (_)) @definition.class
(namespace_definition name: [(namespace_identifier) (nested_namespace_specifier)] @name) @definition.namespace
(field_declaration_list (field_declaration declarator: (function_declarator declarator: [(field_identifier) (identifier) (destructor_name) (operator_name)] @name)) @definition.method)
(field_declaration_list (declaration declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name)) @definition.constructor)
(field_declaration_list (function_definition declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name)) @definition.constructor)
(alias_declaration name: (type_identifier) @name) @definition.type_alias
(namespace_definition body: (declaration_list (declaration declarator: [(init_declarator declarator: (identifier) @name) (identifier) @name]) @definition.variable))
(template_declaration (function_definition declarator: (function_declarator declarator: [(identifier) (qualified_identifier)] @name)) @definition.function)
(translation_unit (declaration declarator: (init_declarator declarator: (qualified_identifier) @name)) @definition.variable)
(call_expression function: [(qualified_identifier scope: (_) @receiver name: [(identifier) (template_function)] @name)
  (template_function name: (identifier) @name)] arguments: (argument_list) @arguments) @call
(new_expression type: [(type_identifier) @name (qualified_identifier name: (type_identifier) @name)] arguments: (_)? @arguments) @new
`,
  parameterList: (node) => functionDeclarator(node)?.childForFieldName('parameters') ?? null,
  parameter: cParameter,
  exported: (node) => !hasStorageClass(node, 'static'),
  readImport: (node) => [pathImport(unquote(node.childForFieldName('path')!.text))],
  isConstructor: (name, owner) => name === owner || name === `~${owner}`,
};

function functionDeclarator(node: Node): Node | null {
  let declarator = node.childForFieldName('declarator');
  for (let depth = 0; declarator !== null && depth < 4; depth++) {
    if (declarator.type === 'function_declarator') return declarator;
    declarator = declarator.childForFieldName('declarator') ?? declarator.namedChild(0);
  }
  return null;
}

function hasStorageClass(node: Node, keyword: string): boolean {
  for (const child of node.namedChildren) {
    if (child.type === 'storage_class_specifier' && child.text === keyword) return true;
  }
  return false;
}

function cParameter(node: Node): ReturnType<NonNullable<SyntaxSpec['parameter']>> {
  if (node.type === 'variadic_parameter' || node.text === '...') return { name: '...', optional: false, hasDefault: false, variadic: true };
  if (node.type.includes('comment')) return null;
  if (node.type !== 'parameter_declaration' && node.type !== 'optional_parameter_declaration' && node.type !== 'variadic_parameter_declaration') return null;
  let declarator = node.childForFieldName('declarator');
  while (declarator !== null && declarator.type !== 'identifier') {
    declarator = declarator.childForFieldName('declarator') ?? declarator.namedChildren.find((child) => child.type.includes('declarator') || child.type === 'identifier') ?? null;
  }
  const type = node.childForFieldName('type');
  if (declarator === null && type?.text === 'void') return null;
  const hasDefault = node.type === 'optional_parameter_declaration';
  const fact = { name: declarator?.text ?? '', optional: hasDefault, hasDefault, variadic: node.type === 'variadic_parameter_declaration' } as NonNullable<ReturnType<NonNullable<SyntaxSpec['parameter']>>>;
  if (type !== null) fact.typeText = type.text;
  return fact;
}

export const ZIG: SyntaxSpec = {
  language: 'zig', grammar: 'zig', extensions: SYNTAX_EXTENSIONS.zig, comments: 'c',
  parameterList: (node) => node.namedChildren.find((child) => child.type === 'parameters') ?? null,
  query: `
(function_declaration name: (identifier) @name) @definition.function
(variable_declaration (identifier) @name (struct_declaration)) @definition.struct
(variable_declaration (identifier) @name (enum_declaration)) @definition.enum
(variable_declaration (identifier) @name (union_declaration)) @definition.union
(variable_declaration (identifier) @name (opaque_declaration)) @definition.struct
(variable_declaration (identifier) @name (builtin_function (builtin_identifier) @_b (#eq? @_b "@import"))) @definition.module
(variable_declaration "const" (identifier) @name) @definition.constant
(variable_declaration "var" (identifier) @name) @definition.variable
(container_field name: (identifier) @name) @definition.field
(test_declaration [(string) (identifier)] @name) @definition.function
(call_expression function: [(identifier) @name (field_expression object: (_) @receiver member: (identifier) @name)]) @call
(variable_declaration (identifier) (builtin_function (builtin_identifier) @_b (#eq? @_b "@import"))) @import
`,
  exported: (node) => node.type === 'container_field' || node.text.startsWith('pub ') || node.parent?.text.startsWith('pub ') === true,
  readImport: (node) => {
    const local = node.namedChildren.find((child) => child.type === 'identifier')?.text ?? '';
    const call = node.namedChildren.find((child) => child.type === 'builtin_function');
    const argument = call?.descendantsOfType('string')[0];
    return argument ? [{ specifier: unquote(argument.text), style: 'namespace', imported: '*', local }] : [];
  },
};
