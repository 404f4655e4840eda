/**
 * Node-type tables: what the extractor knows about each tree-sitter node type, per grammar.
 * Owns the mapping from a grammar's numeric type ids to our small `K_*` kind codes, the flags
 * that drive the walk (leaf, named, identifier-like, literal, branching) and the per-type token
 * hashes used by fingerprints. Type ids differ between the TypeScript, TSX and JavaScript
 * grammars, so each grammar gets its own lazily filled table. It does not own any walking logic.
 */
import type Parser from 'tree-sitter';
import { tokenHash1, tokenHash2 } from '../fingerprint.js';

// Kind codes. Small integers so the walker can switch on them cheaply.
export const K_OTHER = 0;
export const K_TOKEN = 1;
export const K_COMMENT = 2;
export const K_IDENT = 3;
export const K_TYPE_IDENT = 4;
export const K_PROPERTY_IDENT = 5;
export const K_PRIVATE_IDENT = 6;
export const K_SHORTHAND_PROP = 7;
export const K_SHORTHAND_PATTERN = 8;
export const K_THIS = 9;
export const K_SUPER = 10;
export const K_STRING = 11;
export const K_NUMBER = 12;
export const K_LITERAL = 13;
export const K_PROGRAM = 14;
export const K_BLOCK = 15;
export const K_LEXICAL = 16;
export const K_VAR = 17;
export const K_DECLARATOR = 18;
export const K_EXPR_STMT = 19;
export const K_RETURN = 20;
export const K_FOR = 21;
export const K_FOR_IN = 22;
export const K_CATCH = 23;
export const K_SWITCH_BODY = 24;
export const K_FUNC_DECL = 25;
export const K_FUNC_SIG = 26;
export const K_FUNC_EXPR = 27;
export const K_ARROW = 28;
export const K_METHOD = 29;
export const K_METHOD_SIG = 30;
export const K_FORMAL_PARAMS = 31;
export const K_CLASS_DECL = 32;
export const K_CLASS_EXPR = 33;
export const K_CLASS_BODY = 34;
export const K_FIELD = 35;
export const K_STATIC_BLOCK = 36;
export const K_HERITAGE = 37;
export const K_EXTENDS_CLAUSE = 38;
export const K_IMPLEMENTS_CLAUSE = 39;
export const K_DECORATOR = 40;
export const K_INTERFACE = 41;
export const K_OBJECT_TYPE = 42;
export const K_PROPERTY_SIG = 43;
export const K_EXTENDS_TYPE_CLAUSE = 44;
export const K_TYPE_ALIAS = 45;
export const K_ENUM = 46;
export const K_ENUM_BODY = 47;
export const K_ENUM_ASSIGN = 48;
export const K_NAMESPACE = 49;
export const K_AMBIENT = 50;
export const K_IMPORT_STMT = 51;
export const K_EXPORT_STMT = 52;
export const K_IMPORT_ALIAS = 53;
export const K_MEMBER = 54;
export const K_SUBSCRIPT = 55;
export const K_CALL = 56;
export const K_NEW = 57;
export const K_ASSIGN = 58;
export const K_AUG_ASSIGN = 59;
export const K_UPDATE = 60;
export const K_AWAIT = 61;
export const K_PAREN = 62;
export const K_AS = 63;
export const K_SATISFIES = 64;
export const K_TYPE_ASSERTION = 65;
export const K_NON_NULL = 66;
export const K_OBJECT = 67;
export const K_PAIR = 68;
export const K_BINARY = 69;
export const K_ARGUMENTS = 70;
export const K_TEMPLATE_STRING = 71;
export const K_JSX_OPEN = 72;
export const K_JSX_CLOSE = 73;
export const K_IMPORT = 74;
export const K_TYPE_ANNOTATION = 75;
export const K_NESTED_TYPE_IDENT = 76;
export const K_NESTED_IDENT = 77;
export const K_GENERIC_TYPE = 78;
export const K_UNION_TYPE = 79;
export const K_PAREN_TYPE = 80;
export const K_PREDEFINED_TYPE = 81;
export const K_LITERAL_TYPE = 82;
export const K_TYPE_PARAMS = 83;
export const K_TYPE_PARAM = 84;
export const K_TYPE_QUERY = 85;
export const K_TYPE_SCOPE = 86;
export const K_INFER_TYPE = 87;
export const K_MAPPED_TYPE_CLAUSE = 88;
export const K_TYPE_ARGUMENTS = 89;
export const K_REQUIRED_PARAM = 90;
export const K_OPTIONAL_PARAM = 91;
export const K_REST_PATTERN = 92;
export const K_OBJECT_PATTERN = 93;
export const K_ARRAY_PATTERN = 94;
export const K_ASSIGNMENT_PATTERN = 95;
export const K_PAIR_PATTERN = 96;
export const K_OBJECT_ASSIGNMENT_PATTERN = 97;
export const K_COMPUTED_NAME = 98;
export const K_ACCESSIBILITY = 99;
export const K_SPREAD = 100;
export const K_ERROR = 101;
export const K_CALL_SIGNATURE = 102;
export const K_EXPORT_CLAUSE = 103;
export const K_STATEMENT_IDENT = 104;
export const K_ASSERTS_ANNOTATION = 105;
export const K_INDEX_SIGNATURE = 106;
export const K_ARRAY_TYPE = 107;
export const K_READONLY_TYPE = 108;
export const K_FUNCTION_TYPE = 109;
export const K_INTERSECTION_TYPE = 110;
export const K_UNARY = 111;
export const K_IF = 112;
export const K_TERNARY = 113;
export const K_LOOKUP_TYPE = 114;

// Flags.
export const F_NAMED = 1;
/** The walker does not descend into this node (tokens, identifiers, strings, numbers). */
export const F_LEAF = 2;
/** A branching construct whose shape goes into a declaration's branch set. */
export const F_BRANCH = 4;
/** `&&`, `||`, `??` tokens: a binary expression with one of them is a branch. */
export const F_LOGICAL_OP = 8;
/** Comments: neither hashed nor counted. */
export const F_COMMENT = 16;
/** `}`, `)`, `]`: the last child of the bracketed nodes whose handlers stop at it. */
export const F_CLOSE = 32;
/** `;`: not hashed (so fingerprints do not depend on semicolon style). */
export const F_NO_HASH = 64;

const KIND_BY_NAME: Record<string, number> = {
  comment: K_COMMENT, html_comment: K_COMMENT, hash_bang_line: K_COMMENT,
  identifier: K_IDENT, type_identifier: K_TYPE_IDENT, property_identifier: K_PROPERTY_IDENT,
  private_property_identifier: K_PRIVATE_IDENT, shorthand_property_identifier: K_SHORTHAND_PROP,
  shorthand_property_identifier_pattern: K_SHORTHAND_PATTERN, statement_identifier: K_STATEMENT_IDENT,
  this: K_THIS, super: K_SUPER, string: K_STRING, number: K_NUMBER,
  true: K_LITERAL, false: K_LITERAL, null: K_LITERAL, undefined: K_LITERAL, regex: K_LITERAL,
  string_fragment: K_LITERAL, escape_sequence: K_LITERAL, jsx_text: K_LITERAL,
  html_character_reference: K_LITERAL, regex_pattern: K_LITERAL, regex_flags: K_LITERAL,
  program: K_PROGRAM, statement_block: K_BLOCK, lexical_declaration: K_LEXICAL,
  variable_declaration: K_VAR, variable_declarator: K_DECLARATOR, expression_statement: K_EXPR_STMT,
  return_statement: K_RETURN, for_statement: K_FOR, for_in_statement: K_FOR_IN,
  catch_clause: K_CATCH, switch_body: K_SWITCH_BODY,
  function_declaration: K_FUNC_DECL, generator_function_declaration: K_FUNC_DECL,
  function_signature: K_FUNC_SIG, function_expression: K_FUNC_EXPR, generator_function: K_FUNC_EXPR,
  function: K_FUNC_EXPR, arrow_function: K_ARROW, method_definition: K_METHOD,
  method_signature: K_METHOD_SIG, abstract_method_signature: K_METHOD_SIG,
  formal_parameters: K_FORMAL_PARAMS,
  class_declaration: K_CLASS_DECL, abstract_class_declaration: K_CLASS_DECL, class: K_CLASS_EXPR,
  class_body: K_CLASS_BODY, public_field_definition: K_FIELD, field_definition: K_FIELD,
  class_static_block: K_STATIC_BLOCK, class_heritage: K_HERITAGE, extends_clause: K_EXTENDS_CLAUSE,
  implements_clause: K_IMPLEMENTS_CLAUSE, decorator: K_DECORATOR,
  interface_declaration: K_INTERFACE, interface_body: K_OBJECT_TYPE, object_type: K_OBJECT_TYPE,
  property_signature: K_PROPERTY_SIG, extends_type_clause: K_EXTENDS_TYPE_CLAUSE,
  type_alias_declaration: K_TYPE_ALIAS, enum_declaration: K_ENUM, enum_body: K_ENUM_BODY,
  enum_assignment: K_ENUM_ASSIGN, internal_module: K_NAMESPACE, module: K_NAMESPACE,
  ambient_declaration: K_AMBIENT, import_statement: K_IMPORT_STMT, export_statement: K_EXPORT_STMT,
  import_alias: K_IMPORT_ALIAS, export_clause: K_EXPORT_CLAUSE,
  member_expression: K_MEMBER, subscript_expression: K_SUBSCRIPT, call_expression: K_CALL,
  new_expression: K_NEW, assignment_expression: K_ASSIGN,
  augmented_assignment_expression: K_AUG_ASSIGN, update_expression: K_UPDATE,
  await_expression: K_AWAIT, parenthesized_expression: K_PAREN, as_expression: K_AS,
  satisfies_expression: K_SATISFIES, type_assertion: K_TYPE_ASSERTION,
  non_null_expression: K_NON_NULL, object: K_OBJECT, pair: K_PAIR, binary_expression: K_BINARY,
  unary_expression: K_UNARY, if_statement: K_IF, ternary_expression: K_TERNARY, lookup_type: K_LOOKUP_TYPE,
  arguments: K_ARGUMENTS, template_string: K_TEMPLATE_STRING,
  jsx_opening_element: K_JSX_OPEN, jsx_self_closing_element: K_JSX_OPEN,
  jsx_closing_element: K_JSX_CLOSE, import: K_IMPORT,
  type_annotation: K_TYPE_ANNOTATION, opting_type_annotation: K_TYPE_ANNOTATION,
  omitting_type_annotation: K_TYPE_ANNOTATION, adding_type_annotation: K_TYPE_ANNOTATION,
  asserts_annotation: K_ASSERTS_ANNOTATION, type_predicate_annotation: K_ASSERTS_ANNOTATION,
  nested_type_identifier: K_NESTED_TYPE_IDENT, nested_identifier: K_NESTED_IDENT,
  generic_type: K_GENERIC_TYPE, union_type: K_UNION_TYPE, intersection_type: K_INTERSECTION_TYPE,
  parenthesized_type: K_PAREN_TYPE,
  predefined_type: K_PREDEFINED_TYPE, literal_type: K_LITERAL_TYPE,
  type_parameters: K_TYPE_PARAMS, type_parameter: K_TYPE_PARAM, type_query: K_TYPE_QUERY,
  function_type: K_FUNCTION_TYPE, constructor_type: K_TYPE_SCOPE, array_type: K_ARRAY_TYPE,
  readonly_type: K_READONLY_TYPE, call_signature: K_CALL_SIGNATURE,
  construct_signature: K_TYPE_SCOPE, infer_type: K_INFER_TYPE,
  mapped_type_clause: K_MAPPED_TYPE_CLAUSE, type_arguments: K_TYPE_ARGUMENTS,
  required_parameter: K_REQUIRED_PARAM, optional_parameter: K_OPTIONAL_PARAM,
  rest_pattern: K_REST_PATTERN, object_pattern: K_OBJECT_PATTERN, array_pattern: K_ARRAY_PATTERN,
  assignment_pattern: K_ASSIGNMENT_PATTERN, pair_pattern: K_PAIR_PATTERN,
  object_assignment_pattern: K_OBJECT_ASSIGNMENT_PATTERN,
  computed_property_name: K_COMPUTED_NAME, accessibility_modifier: K_ACCESSIBILITY,
  spread_element: K_SPREAD, ERROR: K_ERROR, index_signature: K_INDEX_SIGNATURE,
};

/** Named types the walker never descends into (their children carry nothing we use). */
const LEAF_NAMED = new Set([
  'comment', 'html_comment', 'hash_bang_line', 'identifier', 'type_identifier',
  'property_identifier', 'private_property_identifier', 'shorthand_property_identifier',
  'shorthand_property_identifier_pattern', 'statement_identifier', 'this', 'super', 'string',
  'number', 'true', 'false', 'null', 'undefined', 'regex', 'string_fragment', 'escape_sequence',
  'jsx_text', 'html_character_reference', 'regex_pattern', 'regex_flags', 'this_type',
  'predefined_type', 'accessibility_modifier', 'override_modifier', 'import',
  'meta_property', 'optional_chain', 'existential_type',
]);

/** Identifier-like types: hashed as one token, so renaming does not change a fingerprint. */
const IDENTIFIER_LIKE = new Set([
  'identifier', 'type_identifier', 'property_identifier', 'private_property_identifier',
  'shorthand_property_identifier', 'shorthand_property_identifier_pattern', 'statement_identifier',
  'jsx_identifier',
]);

/** Literal types: hashed as one token. */
const LITERAL_LIKE = new Set([
  'string', 'number', 'regex', 'true', 'false', 'null', 'undefined', 'string_fragment',
  'escape_sequence', 'jsx_text', 'html_character_reference', 'template_literal_type',
]);

const BRANCHING = new Set([
  'if_statement', 'switch_case', 'switch_default', 'for_statement', 'for_in_statement',
  'while_statement', 'do_statement', 'ternary_expression', 'catch_clause',
]);

const ID_H1 = tokenHash1('<id>');
const ID_H2 = tokenHash2('<id>');
const LIT_H1 = tokenHash1('<lit>');
const LIT_H2 = tokenHash2('<lit>');

/** The per-grammar tables; `kind[id] === -1` means the type was not seen yet. */
export interface GrammarTables {
  readonly kind: Int16Array;
  readonly flags: Uint8Array;
  readonly h1: Int32Array;
  readonly h2: Int32Array;
  readonly names: string[];
}

const TYPE_ID_LIMIT = 65536;
const tablesByLanguage = new Map<unknown, GrammarTables>();

/** The tables of one grammar (created on first use, shared by every file of that grammar). */
export function tablesFor(language: unknown): GrammarTables {
  let tables = tablesByLanguage.get(language);
  if (tables === undefined) {
    tables = {
      kind: new Int16Array(TYPE_ID_LIMIT).fill(-1),
      flags: new Uint8Array(TYPE_ID_LIMIT),
      h1: new Int32Array(TYPE_ID_LIMIT),
      h2: new Int32Array(TYPE_ID_LIMIT),
      names: [],
    };
    tablesByLanguage.set(language, tables);
  }
  return tables;
}

/** Learns the type under the cursor (first sighting of `id` in this grammar); returns its kind. */
export function learnType(tables: GrammarTables, cursor: Parser.TreeCursor, id: number): number {
  const name = cursor.nodeType;
  const named = cursor.nodeIsNamed;
  let kind = named ? (KIND_BY_NAME[name] ?? K_OTHER) : K_TOKEN;
  if (!named && (name === 'import' || name === 'this' || name === 'super')) kind = K_TOKEN;
  let flags = 0;
  if (named) flags |= F_NAMED;
  if (!named || LEAF_NAMED.has(name)) flags |= F_LEAF;
  if (BRANCHING.has(name)) flags |= F_BRANCH;
  if (!named && (name === '&&' || name === '||' || name === '??')) flags |= F_LOGICAL_OP;
  if (kind === K_COMMENT) flags |= F_COMMENT;
  if (!named && (name === '}' || name === ')' || name === ']')) flags |= F_CLOSE;
  if (!named && name === ';') flags |= F_NO_HASH;
  tables.kind[id] = kind;
  tables.flags[id] = flags;
  if (named && IDENTIFIER_LIKE.has(name)) {
    tables.h1[id] = ID_H1;
    tables.h2[id] = ID_H2;
  } else if (named && LITERAL_LIKE.has(name)) {
    tables.h1[id] = LIT_H1;
    tables.h2[id] = LIT_H2;
  } else {
    const key = named ? name : `"${name}"`;
    tables.h1[id] = tokenHash1(key);
    tables.h2[id] = tokenHash2(key);
  }
  tables.names[id] = name;
  return kind;
}
