/**
 * The table that drives the syntax tier's one generic extractor (extract.ts): per language, its
 * grammar, file extensions, a small tree-sitter query in our own words, and how to read what the
 * query captures (parameters, exported-ness, imports). Owns the shape of a language's entry and
 * the readers several languages share; each language's entry lives in a specs-*.ts file.
 *
 * Capture names every query uses:
 * - `@definition.<kind>` on a definition node (kind: one of core's SymbolKind names) with `@name`
 *   its name node (a qualified name such as C++ `Node::add` or Lua `M.new` is split on `::`, `.`,
 *   `:` and `\`, its prefix qualifying the declaration);
 * - `@scope` with `@name`: a container that qualifies the names inside it without being a
 *   declaration of its own (Rust `impl T`, Swift `extension T`);
 * - `@call` / `@new` with `@name` (the callee's last identifier), optional `@receiver` (the object
 *   of a member or path call) and `@arguments` (the argument list);
 * - `@import`: a node that `readImport` turns into import facts;
 * - `@package`: a package or namespace clause that `packageOf` reads (the file's packageName).
 */
import type { ImportStyle, ParameterFact, SymbolKind, SyntaxLanguageId } from '@repograph/core';
import type { SyntaxGrammarName } from '../grammars.js';
import type { CommentStyle } from './shape.js';
import type { TierNode } from './tier-node.js';

type Node = TierNode;

/** One import as a language's reader sees it (positions are filled by the extractor). */
export interface SyntaxImport {
  specifier: string;
  style: ImportStyle;
  imported: string;
  local: string;
}

/** A syntax-tier language's entry in the table. */
export interface SyntaxSpec {
  language: SyntaxLanguageId;
  grammar: SyntaxGrammarName;
  /** Lower-case file extensions without the dot. */
  extensions: readonly string[];
  query: string;
  /** How the language writes comments (dropped from fingerprints). */
  comments: CommentStyle;
  /** Names are never split into qualifier and name (R's `print.summary`, Bash's `a.b`). */
  plainNames?: boolean;
  /** Where a definition ends when its body is not inside its node (Dart: the signature's next sibling). */
  extentEnd?: (definition: Node) => number;
  /** The parameter list of a function-like definition node (default: its `parameters` field). */
  parameterList?: (definition: Node) => Node | null;
  /** One parameter (default: genericParameter); null skips the node (comments, `self`, punctuation). */
  parameter?: (node: Node) => ParameterFact | null;
  /** Whether a definition is visible outside its file (default: true). */
  exported?: (definition: Node, name: string) => boolean;
  /** The import facts of an `@import` node (several for a `use a::{b, c}` list). */
  readImport?: (node: Node) => SyntaxImport[];
  /** Whether a function named `name` inside the type named `owner` is its constructor. */
  isConstructor?: (name: string, owner: string) => boolean;
  /** The package or namespace a file declares, when `node` declares one (C#, Kotlin, Scala, PHP). */
  packageOf?: (node: Node) => string | undefined;
}

/** Kinds that contain members: a function directly inside one is a method. */
export const TYPE_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'struct', 'enum', 'trait', 'union']);
/** Kinds that qualify the names declared inside them. */
export const CONTAINER_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'struct', 'enum', 'trait', 'union', 'module', 'namespace', 'function', 'method', 'constructor']);
/** Kinds whose bodies hold locals. */
export const FUNCTION_KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'constructor']);

const NAME_FIELDS = ['name', 'pattern', 'declarator'];
const NAME_TYPES = new Set([
  'identifier', 'simple_identifier', 'variable_name', 'name', 'field_identifier', 'type_identifier',
  'constant', 'word', 'shorthand_field_identifier', 'self', 'this',
]);

/** The first name-like node of a parameter: its name/pattern/declarator field, else a descendant identifier. */
export function parameterName(node: Node): string | null {
  if (NAME_TYPES.has(node.type)) return node.text;
  for (const field of NAME_FIELDS) {
    const child = node.childForFieldName(field);
    if (child !== null) return parameterName(child);
  }
  const children = node.namedChildren;
  for (const child of children) if (NAME_TYPES.has(child.type)) return child.text;
  for (const child of children) {
    const found = parameterName(child);
    if (found !== null) return found;
  }
  return null;
}

/** A parameter read by shape: its name, a default value, a rest/splat marker, a type annotation. */
export function genericParameter(node: Node): ParameterFact | null {
  const type = node.type;
  if (type.includes('comment') || type === 'self_parameter' || !node.isNamed) return null;
  const name = parameterName(node);
  if (name === null) return null;
  const text = node.text;
  const hasDefault = node.childForFieldName('value') !== null || node.childForFieldName('default_value') !== null ||
    /optional|default/.test(type) || /=[^=>]/.test(text.replace(/=>/g, ''));
  const variadic = /variadic|splat|rest|spread/.test(type) || /^(\.\.\.|\*[^*])/.test(text) || text.includes('...') ||
    /^vararg\b/.test(text) || /\bparams\b/.test(text);
  const fact: ParameterFact = { name: name.replace(/^[$*&@]+/, ''), optional: hasDefault, hasDefault, variadic: variadic && !/^\*\*/.test(text) };
  if (/^\*\*|hash_splat/.test(text) || type === 'hash_splat_parameter') fact.keywordVariadic = true;
  if (type === 'keyword_parameter') fact.keywordOnly = true;
  const typeNode = node.childForFieldName('type');
  if (typeNode !== null) fact.typeText = typeNode.text.replace(/\s+/g, ' ');
  return fact;
}

/** Whether a definition node has a child of one of the given types (a visibility modifier). */
export function hasChildOfType(node: Node, types: readonly string[]): boolean {
  return node.children.some((child) => types.includes(child.type));
}

/** The text of a definition's `modifiers` child (C#, Kotlin, Swift, Scala, PHP), or ''. */
export function modifiersText(node: Node): string {
  for (const child of node.namedChildren) {
    if (child.type.includes('modifier')) return child.text + ' ' + modifiersText(child);
    if (child.type === 'modifiers' || child.type === 'visibility_modifier') return child.text;
  }
  return '';
}

/** The contents of a string literal node, without quotes. */
export function unquote(text: string): string {
  return text.replace(/^[rbf]?["'`<]+|["'`>]+$/g, '');
}

/** A side-effect import of one path (includes, requires of files). */
export function pathImport(specifier: string): SyntaxImport {
  return { specifier, style: 'side-effect', imported: '*', local: '' };
}

/** The last segment of a dotted, `::`- or `\`-separated name. */
export function lastSegment(name: string): string {
  const parts = name.split(/::|\.|\\/);
  return parts[parts.length - 1]!;
}
