/**
 * Table entries for C#, Kotlin, Swift, Dart and Scala. The queries are our own: C#'s and Dart's
 * shipped tags.scm carry no imports or receivers (and Dart's relies on adjacency predicates
 * node-tree-sitter does not run), Scala's omits calls through a receiver, Swift's tags.scm
 * covers few forms, and Kotlin ships none.
 */
import type { ParameterFact } from '@repograph/core';
import { SYNTAX_EXTENSIONS } from '@repograph/core';
import type { SyntaxImport, SyntaxSpec } from './spec.js';
import { genericParameter, modifiersText, unquote } from './spec.js';
import type { TierNode } from './tier-node.js';

type Node = TierNode;

const notPrivate = (node: Node): boolean => !/\b(private|fileprivate)\b/.test(modifiersText(node));

export const CSHARP: SyntaxSpec = {
  language: 'csharp', grammar: 'csharp', extensions: SYNTAX_EXTENSIONS.csharp, comments: 'c',
  query: `
(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(struct_declaration name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum
(enum_member_declaration name: (identifier) @name) @definition.constant
(delegate_declaration name: (identifier) @name) @definition.type_alias
(namespace_declaration name: (_) @name) @definition.namespace
(file_scoped_namespace_declaration name: (_) @name) @definition.namespace
(method_declaration name: (identifier) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function
(constructor_declaration name: (identifier) @name) @definition.constructor
(destructor_declaration name: (identifier) @name) @definition.method
(operator_declaration) @definition.method
(property_declaration name: (identifier) @name) @definition.property
(event_declaration name: (identifier) @name) @definition.property
(field_declaration (modifier) @_m (#eq? @_m "const") (variable_declaration (variable_declarator name: (identifier) @name))) @definition.constant
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(invocation_expression function: [(identifier) @name (generic_name (identifier) @name)
  (member_access_expression expression: (_) @receiver name: [(identifier) @name (generic_name (identifier) @name)])
  (conditional_access_expression (_) @receiver (member_binding_expression name: (identifier) @name))]
  arguments: (argument_list) @arguments) @call
(object_creation_expression type: [(identifier) @name (generic_name (identifier) @name) (qualified_name name: (identifier) @name)] arguments: (argument_list)? @arguments) @new
(using_directive) @import
(namespace_declaration name: (_)) @package
(file_scoped_namespace_declaration name: (_)) @package
`,
  exported: (node) => /\b(public|protected)\b/.test(modifiersText(node)) || node.type === 'enum_member_declaration' ||
    node.type.startsWith('namespace') || node.parent?.parent?.type === 'interface_declaration',
  readImport: (node) => {
    const alias = node.childForFieldName('name');
    const target = node.namedChildren.filter((child) => child !== alias && child.type !== 'comment').pop();
    if (target === undefined) return [];
    if (alias !== null) return [{ specifier: target.text, style: 'namespace', imported: '*', local: alias.text }];
    return [{ specifier: target.text, style: 'namespace', imported: '*', local: '' }];
  },
  packageOf: (node) => (node.type.includes('namespace_declaration') ? node.childForFieldName('name')?.text : undefined),
};

export const KOTLIN: SyntaxSpec = {
  language: 'kotlin', grammar: 'kotlin', extensions: SYNTAX_EXTENSIONS.kotlin, comments: 'c',
  query: `
(class_declaration "interface" name: (identifier) @name) @definition.interface
(class_declaration name: (identifier) @name (enum_class_body)) @definition.enum
(class_declaration name: (identifier) @name) @definition.class
(object_declaration name: (identifier) @name) @definition.class
(enum_entry (identifier) @name) @definition.constant
(function_declaration name: (identifier) @name) @definition.function
(secondary_constructor) @definition.constructor
(property_declaration (modifiers (property_modifier) @_m (#eq? @_m "const")) (variable_declaration (identifier) @name)) @definition.constant
(property_declaration (variable_declaration (identifier) @name)) @definition.property
(class_parameter ["val" "var"] (identifier) @name) @definition.property
(type_alias type: (identifier) @name) @definition.type_alias
(call_expression [(identifier) @name
  (navigation_expression (_) @receiver (identifier) @name .)] (value_arguments)? @arguments) @call
(import) @import
(package_header) @package
`,
  parameterList: (node) => node.namedChildren.find((child) => child.type === 'function_value_parameters') ?? null,
  parameter: (node) => {
    if (node.type !== 'parameter') return null;
    const fact = genericParameter(node);
    if (fact === null) return null;
    fact.hasDefault = fact.optional = node.nextSibling?.type === '=';
    fact.variadic = node.previousNamedSibling?.type === 'parameter_modifiers' && node.previousNamedSibling.text.includes('vararg');
    const type = node.namedChildren[1];
    if (type !== undefined) fact.typeText = type.text;
    else delete fact.typeText;
    return fact;
  },
  exported: notPrivate,
  readImport: (node) => {
    const path = node.namedChildren.find((child) => child.type === 'qualified_identifier')?.text ?? '';
    if (node.text.trimEnd().endsWith('*')) return [{ specifier: path, style: 'namespace', imported: '*', local: '' }];
    const alias = node.namedChildren.find((child) => child.type === 'identifier');
    return [dottedImport(path, alias?.text)];
  },
  packageOf: (node) => (node.type === 'package_header' ? node.namedChild(0)?.text : undefined),
};

export const SWIFT: SyntaxSpec = {
  language: 'swift', grammar: 'swift', extensions: SYNTAX_EXTENSIONS.swift, comments: 'c',
  query: `
(class_declaration declaration_kind: "class" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "extension" name: (user_type (type_identifier) @name)) @scope
(protocol_declaration name: (type_identifier) @name) @definition.interface
(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(init_declaration "init" @name) @definition.constructor
(subscript_declaration "subscript" @name) @definition.method
(enum_entry name: (simple_identifier) @name) @definition.constant
(property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property
(protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property
(typealias_declaration name: (type_identifier) @name) @definition.type_alias
(call_expression [(simple_identifier) @name
  (navigation_expression target: (_) @receiver suffix: (navigation_suffix suffix: (simple_identifier) @name))]
  (call_suffix (value_arguments)? @arguments)) @call
(import_declaration) @import
`,
  parameterList: (node) => node,
  parameter: (node) => {
    if (node.type !== 'parameter') return null;
    const name = node.childForFieldName('name');
    if (name === null) return null;
    const hasDefault = node.nextSibling?.type === '=';
    const fact: ParameterFact = { name: name.text, optional: hasDefault, hasDefault, variadic: node.text.includes('...') };
    const type = node.childrenForFieldName('name')[1];
    if (type !== undefined) fact.typeText = type.text;
    return fact;
  },
  exported: notPrivate,
  readImport: (node) => {
    const path = node.namedChildren.find((child) => child.type === 'identifier')?.text ?? '';
    return [{ specifier: path, style: 'namespace', imported: '*', local: '' }];
  },
};

export const DART: SyntaxSpec = {
  language: 'dart', grammar: 'dart', extensions: SYNTAX_EXTENSIONS.dart, comments: 'c',
  query: `
(class_definition name: (identifier) @name) @definition.class
(mixin_declaration (identifier) @name) @definition.class
(extension_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum
(enum_constant name: (identifier) @name) @definition.constant
(type_alias (type_identifier) @name) @definition.type_alias
(function_signature name: (identifier) @name) @definition.function
(getter_signature name: (identifier) @name) @definition.property
(setter_signature name: (identifier) @name) @definition.property
(constructor_signature name: (identifier) name: (identifier) @name) @definition.constructor
(constructor_signature . name: (identifier) @name) @definition.constructor
(factory_constructor_signature (identifier) . (identifier) @name) @definition.constructor
(factory_constructor_signature . (identifier) @name) @definition.constructor
(constant_constructor_signature (identifier) . (identifier) @name) @definition.constructor
(constant_constructor_signature (const_builtin) . (identifier) @name . (formal_parameter_list)) @definition.constructor
(redirecting_factory_constructor_signature (identifier) . (identifier) @name) @definition.constructor
(redirecting_factory_constructor_signature . (identifier) @name) @definition.constructor
(class_body (declaration (initialized_identifier_list (initialized_identifier . (identifier) @name) @definition.field)))
(class_body (declaration (static_final_declaration_list (static_final_declaration . (identifier) @name) @definition.field)))
(program (static_final_declaration_list (static_final_declaration . (identifier) @name) @definition.variable))
(program (initialized_identifier_list (initialized_identifier . (identifier) @name) @definition.variable))
((identifier) @name . (selector (argument_part (arguments) @arguments)) @call)
((_) @receiver . (selector (unconditional_assignable_selector (identifier) @name)) . (selector (argument_part (arguments) @arguments)) @call)
((_) @receiver . (selector (conditional_assignable_selector (identifier) @name)) . (selector (argument_part (arguments) @arguments)) @call)
(new_expression (type_identifier) @name (arguments) @arguments) @new
(import_or_export) @import
`,
  parameterList: (node) => node.namedChildren.find((child) => child.type === 'formal_parameter_list') ?? null,
  parameter: dartParameter,
  extentEnd: (node) => {
    const holder = node.parent?.type === 'method_signature' ? node.parent : node;
    const body = holder.nextNamedSibling;
    return body !== null && body.type === 'function_body' ? body.endIndex : node.endIndex;
  },
  exported: (_node, name) => !name.startsWith('_'),
  readImport: (node) => {
    const uri = node.descendantsOfType('uri')[0];
    if (uri === undefined) return [];
    const specifier = unquote(uri.text);
    const spec = node.descendantsOfType('import_specification')[0];
    const prefix = spec?.namedChildren.find((child) => child.type === 'identifier')?.text;
    const shown = node.descendantsOfType('combinator').filter((c) => c.text.startsWith('show')).flatMap((c) => c.namedChildren.map((id) => id.text));
    if (shown.length > 0) return shown.map((name) => ({ specifier, style: 'named', imported: name, local: name }));
    return [{ specifier, style: 'namespace', imported: '*', local: prefix ?? '' }];
  },
};

/** Dart's parameter list nests optional groups (`[int a = 1]`, `{Cache? cache}`). */
function dartParameter(node: Node): ParameterFact | null {
  if (node.type === 'optional_formal_parameters') return null;
  const fact = genericParameter(node);
  if (fact !== null && node.parent?.type === 'optional_formal_parameters') fact.optional = true;
  return fact;
}

export const SCALA: SyntaxSpec = {
  language: 'scala', grammar: 'scala', extensions: SYNTAX_EXTENSIONS.scala, comments: 'c',
  query: `
(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.class
(package_object name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.trait
(enum_definition name: (identifier) @name) @definition.enum
(simple_enum_case name: (identifier) @name) @definition.constant
(full_enum_case name: (identifier) @name) @definition.constant
(function_definition name: [(identifier) (operator_identifier)] @name) @definition.function
(function_declaration name: [(identifier) (operator_identifier)] @name) @definition.function
(given_definition name: (identifier) @name) @definition.variable
(val_definition pattern: (identifier) @name) @definition.variable
(var_definition pattern: (identifier) @name) @definition.variable
(val_declaration name: (identifier) @name) @definition.variable
(type_definition name: (type_identifier) @name) @definition.type_alias
(class_parameter (_)? "val" name: (identifier) @name) @definition.property
(call_expression function: [(identifier) @name
  (field_expression value: (_) @receiver field: (identifier) @name)
  (generic_function function: (identifier) @name)] arguments: (arguments) @arguments) @call
(instance_expression (type_identifier) @name (arguments)? @arguments) @new
(import_declaration) @import
(package_clause) @package
`,
  parameterList: (node) => node.childForFieldName('parameters'),
  exported: notPrivate,
  readImport: (node) => {
    const path = node.childrenForFieldName('path').filter((part) => part.isNamed).map((part) => part.text).join('.');
    const out: SyntaxImport[] = [];
    for (const child of node.namedChildren) {
      if (child.type === 'namespace_wildcard') out.push({ specifier: path, style: 'namespace', imported: '*', local: '' });
      if (child.type === 'namespace_selectors') {
        for (const selector of child.namedChildren) {
          if (selector.type === 'identifier') out.push({ specifier: path, style: 'named', imported: selector.text, local: selector.text });
          else if (selector.type === 'arrow_renamed_identifier' || selector.type === 'as_renamed_identifier') {
            const [from, to] = selector.namedChildren;
            if (from && to) out.push({ specifier: path, style: 'named', imported: from.text, local: to.text });
          } else if (selector.type === 'namespace_wildcard') out.push({ specifier: path, style: 'namespace', imported: '*', local: '' });
        }
      }
    }
    return out.length > 0 ? out : [dottedImport(path, undefined)];
  },
  packageOf: (node) => (node.type === 'package_clause' ? node.childForFieldName('name')?.text : undefined),
};

/** `import a.b.C [as D]`: the name C from a.b. */
function dottedImport(path: string, alias: string | undefined): SyntaxImport {
  const dot = path.lastIndexOf('.');
  const imported = path.slice(dot + 1);
  return { specifier: dot < 0 ? path : path.slice(0, dot), style: 'named', imported, local: alias ?? imported };
}

/**
 * Java read as a syntax-tier language. Used by bench/syntax-tier.mjs --java only: the product
 * extracts .java with its precise extractor (packages/extract/src/java/); this entry exists so
 * the bench can score the tier's `heuristic` edges against javac.
 */
export const JAVA_BENCH_SPEC: SyntaxSpec = {
  language: 'java' as SyntaxSpec['language'], grammar: 'java' as SyntaxSpec['grammar'], extensions: ['java'], comments: 'c',
  query: `
(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_constant name: (identifier) @name) @definition.constant
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
(method_invocation !object name: (identifier) @name arguments: (argument_list) @arguments) @call
(method_invocation object: (_) @receiver name: (identifier) @name arguments: (argument_list) @arguments) @call
(object_creation_expression type: [(type_identifier) @name (generic_type (type_identifier) @name) (scoped_type_identifier (type_identifier) @name .)] arguments: (argument_list) @arguments) @new
(import_declaration) @import
(package_declaration) @package
`,
  exported: (node) => !/\bprivate\b/.test(modifiersText(node)),
  readImport: (node) => {
    const path = node.namedChildren.find((child) => child.type === 'scoped_identifier' || child.type === 'identifier')?.text ?? '';
    if (node.namedChildren.some((child) => child.type === 'asterisk')) return [{ specifier: path, style: 'namespace', imported: '*', local: '' }];
    return [dottedImport(path, undefined)];
  },
  isConstructor: (name, owner) => name === owner,
  packageOf: (node) => (node.type === 'package_declaration' ? node.namedChildren.find((child) => child.type !== 'annotation' && child.type !== 'marker_annotation')?.text : undefined),
};
