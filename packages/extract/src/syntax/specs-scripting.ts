/**
 * Table entries for Ruby, PHP, Lua, R and Bash. The queries are our own: Ruby's, PHP's, Lua's
 * and R's shipped tags.scm carry no imports (require, use, library, source) and no receivers,
 * Ruby's and R's rely on `#strip!`/`#select-adjacent!`-style directives that node-tree-sitter
 * ignores, and Bash ships none. In these languages `require`/`source` are calls; the extractor
 * records them as imports only.
 */
import type { ParameterFact } from '@repograph/core';
import { SYNTAX_EXTENSIONS } from '@repograph/core';
import type { SyntaxImport, SyntaxSpec } from './spec.js';
import { genericParameter, modifiersText, pathImport, unquote } from './spec.js';
import type { TierNode } from './tier-node.js';

type Node = TierNode;

export const RUBY: SyntaxSpec = {
  language: 'ruby', grammar: 'ruby', extensions: SYNTAX_EXTENSIONS.ruby, comments: 'hash',
  query: `
(class name: [(constant) (scope_resolution)] @name) @definition.class
(module name: [(constant) (scope_resolution)] @name) @definition.module
(method name: (_) @name) @definition.function
(singleton_method name: (_) @name) @definition.method
(alias name: (_) @name) @definition.function
(assignment left: (constant) @name) @definition.constant
(call method: (identifier) @_a (#match? @_a "^attr_(reader|writer|accessor)$") arguments: (argument_list (simple_symbol) @name @definition.property))
(call receiver: (constant) @name method: (identifier) @_n (#eq? @_n "new") arguments: (argument_list)? @arguments) @new
(call receiver: (_)? @receiver method: [(identifier) (constant)] @name arguments: (argument_list)? @arguments) @call
(call method: (identifier) @_r (#match? @_r "^(require|require_relative|load|autoload)$") arguments: (argument_list)) @import
`,
  parameterList: (node) => node.childForFieldName('parameters'),
  parameter: (node) => {
    const fact = genericParameter(node);
    if (fact === null) return null;
    if (node.type === 'splat_parameter') fact.variadic = true;
    if (node.type === 'hash_splat_parameter') { fact.variadic = false; fact.keywordVariadic = true; }
    if (node.type === 'block_parameter') fact.optional = true;
    if (node.type === 'keyword_parameter') { fact.keywordOnly = true; fact.hasDefault = fact.optional = node.childForFieldName('value') !== null; }
    return fact;
  },
  readImport: (node) => {
    const method = node.childForFieldName('method')?.text ?? '';
    const argument = node.childForFieldName('arguments')?.namedChildren.find((child) => child.type === 'string');
    if (argument === undefined) return [];
    const path = unquote(argument.text);
    return [pathImport(method === 'require_relative' && !path.startsWith('.') ? `./${path}` : path)];
  },
  isConstructor: (name) => name === 'initialize',
};

export const PHP: SyntaxSpec = {
  language: 'php', grammar: 'php', extensions: SYNTAX_EXTENSIONS.php, comments: 'c-hash',
  query: `
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(enum_case name: (name) @name) @definition.constant
(function_definition name: (name) @name) @definition.function
(method_declaration name: (name) @name) @definition.method
(property_declaration (property_element name: (variable_name) @name)) @definition.property
(property_promotion_parameter name: (variable_name) @name) @definition.property
(const_declaration (const_element (name) @name)) @definition.constant
(namespace_definition name: (namespace_name) @name) @definition.namespace
(function_call_expression function: [(name) @name (qualified_name (name) @name .)] arguments: (arguments) @arguments) @call
(member_call_expression object: (_) @receiver name: (name) @name arguments: (arguments) @arguments) @call
(nullsafe_member_call_expression object: (_) @receiver name: (name) @name arguments: (arguments) @arguments) @call
(scoped_call_expression scope: (_) @receiver name: (name) @name arguments: (arguments) @arguments) @call
(object_creation_expression [(name) @name (qualified_name (name) @name .)] (arguments)? @arguments) @new
(namespace_use_declaration) @import
(require_expression) @import
(require_once_expression) @import
(include_expression) @import
(include_once_expression) @import
(namespace_definition name: (namespace_name)) @package
`,
  parameter: (node) => {
    const fact = genericParameter(node);
    if (fact !== null && node.type === 'variadic_parameter') fact.variadic = true;
    if (fact !== null) { fact.hasDefault = fact.optional = node.childForFieldName('default_value') !== null; }
    return fact;
  },
  exported: (node) => !/\bprivate\b/.test(modifiersText(node)),
  readImport: (node) => {
    if (node.type === 'namespace_use_declaration') {
      const out: SyntaxImport[] = [];
      for (const clause of node.descendantsOfType('namespace_use_clause')) {
        const target = clause.namedChildren.find((child) => child.type === 'qualified_name' || child.type === 'name');
        if (target === undefined) continue;
        const path = target.text.replace(/^\\/, '');
        const cut = path.lastIndexOf('\\');
        const imported = path.slice(cut + 1);
        const alias = clause.childForFieldName('alias')?.text;
        out.push({ specifier: cut < 0 ? '' : path.slice(0, cut), style: 'named', imported, local: alias ?? imported });
        if (cut < 0) out[out.length - 1]!.specifier = imported;
      }
      return out;
    }
    const strings = node.descendantsOfType('string');
    const last = strings[strings.length - 1];
    return last ? [pathImport(unquote(last.text).replace(/^\//, './'))] : [];
  },
  isConstructor: (name) => name === '__construct',
  packageOf: (node) => (node.type === 'namespace_definition' ? node.childForFieldName('name')?.text : undefined),
};

export const LUA: SyntaxSpec = {
  language: 'lua', grammar: 'lua', extensions: SYNTAX_EXTENSIONS.lua, comments: 'lua',
  query: `
(function_declaration name: [(identifier) (dot_index_expression) (method_index_expression)] @name) @definition.function
(chunk (variable_declaration (assignment_statement (variable_list name: (identifier) @name) (expression_list value: (function_definition)))) @definition.function)
(chunk (assignment_statement (variable_list name: [(identifier) (dot_index_expression)] @name) (expression_list value: (function_definition))) @definition.function)
(chunk (variable_declaration (assignment_statement (variable_list name: (identifier) @name))) @definition.variable)
(chunk (assignment_statement (variable_list name: [(identifier) (dot_index_expression)] @name)) @definition.variable)
(function_call name: [(identifier) @name
  (dot_index_expression table: (_) @receiver field: (identifier) @name)
  (method_index_expression table: (_) @receiver method: (identifier) @name)] arguments: (arguments) @arguments) @call
(variable_declaration (assignment_statement (variable_list name: (identifier)) (expression_list value: (function_call name: (identifier) @_r (#eq? @_r "require"))))) @import
(function_call name: (identifier) @_r (#eq? @_r "require")) @import
`,
  exported: (node) => !node.text.startsWith('local'),
  parameter: (node) => {
    if (node.type === 'vararg_expression') return { name: '...', optional: false, hasDefault: false, variadic: true };
    return genericParameter(node);
  },
  readImport: (node) => {
    const call = node.type === 'function_call' ? node : node.descendantsOfType('function_call')[0];
    const argument = call?.childForFieldName('arguments')?.descendantsOfType('string')[0];
    if (argument === undefined) return [];
    const specifier = unquote(argument.text);
    const local = node.type === 'function_call' ? '' : node.descendantsOfType('identifier')[0]?.text ?? '';
    return [{ specifier, style: local === '' ? 'side-effect' : 'namespace', imported: '*', local }];
  },
};

export const R: SyntaxSpec = {
  language: 'r', grammar: 'r', extensions: SYNTAX_EXTENSIONS.r, comments: 'hash', plainNames: true,
  query: `
(binary_operator lhs: [(identifier) (string)] @name operator: ["<-" "<<-" "="] rhs: (function_definition)) @definition.function
(binary_operator lhs: (function_definition) operator: ["->" "->>"] rhs: (identifier) @name) @definition.function
(program (binary_operator lhs: (identifier) @name operator: ["<-" "<<-" "="]) @definition.variable)
(call function: (identifier) @_f (#match? @_f "^(setClass|setRefClass|R6Class|setGeneric)$") arguments: (arguments . (argument value: (string) @name))) @definition.class
(call function: [(identifier) @name (namespace_operator lhs: (identifier) @receiver rhs: (identifier) @name)] arguments: (arguments) @arguments) @call
(call function: (identifier) @_l (#match? @_l "^(library|require|requireNamespace|source|sys.source)$")) @import
`,
  parameter: (node) => {
    if (node.type !== 'parameter') return null;
    const name = node.childForFieldName('name');
    if (name === null) return null;
    if (name.type === 'dots') return { name: '...', optional: false, hasDefault: false, variadic: true };
    const hasDefault = node.childForFieldName('default') !== null;
    return { name: name.text, optional: hasDefault, hasDefault, variadic: false } satisfies ParameterFact;
  },
  parameterList: (node) => {
    const fn = node.type === 'function_definition' ? node : (node.childForFieldName('rhs')?.type === 'function_definition' ? node.childForFieldName('rhs') : node.childForFieldName('lhs'));
    return fn?.childForFieldName('parameters') ?? null;
  },
  readImport: (node) => {
    const fn = node.childForFieldName('function')?.text ?? '';
    const argument = node.childForFieldName('arguments')?.namedChildren.find((child) => child.type === 'argument');
    const value = argument?.childForFieldName('value');
    if (value === undefined || value === null) return [];
    const text = unquote(value.text);
    if (fn === 'source' || fn === 'sys.source') return [pathImport(text)];
    return [{ specifier: text, style: 'namespace', imported: '*', local: '' }];
  },
};

export const BASH: SyntaxSpec = {
  language: 'bash', grammar: 'bash', extensions: SYNTAX_EXTENSIONS.bash, comments: 'hash', plainNames: true,
  query: `
(function_definition name: (word) @name) @definition.function
(program (variable_assignment name: (variable_name) @name) @definition.variable)
(program (declaration_command (variable_assignment name: (variable_name) @name)) @definition.variable)
(command name: (command_name (word) @name)) @call
(command name: (command_name (word) @_s (#match? @_s "^(source|[.])$")) argument: (_)) @import
`,
  parameterList: () => null,
  readImport: (node) => {
    const argument = node.childForFieldName('argument');
    return argument ? [pathImport(unquote(argument.text))] : [];
  },
};

