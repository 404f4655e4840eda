/**
 * The syntax tier's one generic extractor: parses with the language's grammar, runs its query
 * (spec.ts names the captures) and turns the matches into FileFacts: declarations with kind,
 * qualified name, range, selection and parameters, imports, and calls and instantiations by name
 * (`{k:'global', name}`, or `{k:'member', object, name}` for a receiver call). Each definition's
 * text gives its skeleton fingerprint and token count (shape.ts). Owns the reading of
 * matches only; what each language captures is its entry in the table (languages.ts). Trees are
 * read through node handles (handles.ts: no SyntaxNode objects) wherever a probe of the grammar
 * accepts them, else through node-tree-sitter's SyntaxNodes, with the same facts. Never
 * throws (index.ts turns an internal failure into a diagnostic). Nothing is bound here: a name is
 * left for the syntax binder in packages/graph, which knows the other files of the language.
 */
import type Parser from 'tree-sitter';
import type { DeclarationFact, FileFacts, ImportFact, ReferenceFact, SymbolKind, SyntaxLanguageId, ValueExpr } from '@repograph/core';
import { SYMBOL_KINDS } from '@repograph/core';
import { newParser } from '../grammars.js';
import { errorCensusFrom } from '../census.js';
import type { LineTable } from '../positions.js';
import { CONTAINER_KINDS, FUNCTION_KINDS, TYPE_KINDS, genericParameter, unquote, type SyntaxSpec } from './spec.js';
import { SYNTAX_SPECS } from './languages.js';
import { fingerprintDefinitions } from './shape.js';
import { handleMatches, handlesWork, publicMatches, rootHandle } from './handles.js';
import type { TierCapture, TierMatch, TierNode } from './tier-node.js';

type Node = TierNode;

interface Prepared {
  parser: Parser;
  query: Parser.Query;
  /** Whether this grammar's trees are read through node handles (handles.ts), not SyntaxNodes. */
  handles: boolean;
}

const prepared = new Map<SyntaxLanguageId, Prepared>();
const KIND_NAMES = new Set<string>(SYMBOL_KINDS);

/** Whether node handles may be used at all (bench/ and tests turn them off to compare). */
let handlesAllowed = true;

/** Reads every tree through SyntaxNodes (false) or through node handles where they work (true, the default). */
export function useNodeHandles(allowed: boolean): void {
  handlesAllowed = allowed;
}

/** Whether a language's trees are read through node handles (false until its first file, or where the probe failed). */
export function readsThroughHandles(language: SyntaxLanguageId): boolean {
  return handlesAllowed && prepared.get(language)?.handles === true;
}

function prepare(spec: SyntaxSpec): Prepared {
  let entry = prepared.get(spec.language);
  if (entry === undefined) {
    const parser = newParser(spec.grammar);
    const QueryClass = (parser.constructor as unknown as { Query: typeof Parser.Query }).Query;
    const query = new QueryClass(parser.getLanguage(), spec.query);
    entry = { parser, query, handles: handlesWork(parser, query) };
    prepared.set(spec.language, entry);
  }
  return entry;
}

/** A definition or qualifying scope found by the query, before it is ordered. */
interface Found {
  kind: SymbolKind | 'scope';
  node: Node;
  /** The node's start and end offsets, read once. */
  start: number;
  nodeEnd: number;
  /** Where the definition ends (past the node for Dart's body-after-signature shape). */
  end: number;
  name: Node;
  nameStart: number;
  nameEnd: number;
  pattern: number;
}

interface FoundReference {
  kind: 'call' | 'new';
  node: Node;
  name: Node;
  receiver: Node | null;
  args: Node | null;
}

/** Fills `facts` from the decoded text of a syntax-tier file. */
export function extractSyntaxText(path: string, language: SyntaxLanguageId, text: string, lines: LineTable, facts: FileFacts): { parseMs: number; walkMs: number } {
  return extractSyntaxWithSpec(SYNTAX_SPECS[language], path, text, lines, facts);
}

/**
 * The same with any table entry, one the product does not admit included (bench/ runs the tier
 * on Java with JAVA_BENCH_SPEC to measure what `heuristic` costs against javac).
 */
export function extractSyntaxWithSpec(spec: SyntaxSpec, path: string, text: string, lines: LineTable, facts: FileFacts): { parseMs: number; walkMs: number } {
  const { parser, query, handles } = prepare(spec);
  const parseStart = performance.now();
  const tree = parser.parse(text, undefined, { bufferSize: text.length + 1 });
  const parseMs = performance.now() - parseStart;
  const walkStart = performance.now();
  const root = handles && handlesAllowed ? rootHandle(tree, text, parser.getLanguage() as object) : null;
  const census = errorCensusFrom(root ?? tree.rootNode);
  if (census.count > 0) {
    facts.partial = true;
    facts.diagnostics.push({
      code: 'parse_error', severity: 'warning', path,
      message: `The file has ${census.count} syntax error(s); the parser recovered and what parsed is indexed.`,
      line: census.firstRow + 1, column: census.firstColumn + 1,
    });
  }
  const found: Found[] = [];
  const references: FoundReference[] = [];
  const importNodes: Node[] = [];
  const packageNodes: Node[] = [];
  const matches: TierMatch[] = root !== null ? handleMatches(query, root) : publicMatches(query, tree);
  for (const match of matches) {
    let head: TierCapture | undefined;
    let name: Node | null = null;
    let receiver: Node | null = null;
    let args: Node | null = null;
    for (const capture of match.captures) {
      const label = capture.name;
      if (label === 'name') name = capture.node;
      else if (label === 'receiver') receiver = capture.node;
      else if (label === 'arguments') args = capture.node;
      else if (head === undefined && label.charCodeAt(0) !== 95 /* `_`: a predicate's operand */) head = capture;
    }
    if (head === undefined) continue;
    const label = head.name;
    if (label === 'import') importNodes.push(head.node);
    else if (label === 'package') packageNodes.push(head.node);
    else if (name === null) continue;
    else if (label === 'call' || label === 'new') references.push({ kind: label, node: head.node, name, receiver, args });
    else if (label === 'scope') {
      const node = head.node;
      const nodeEnd = node.endIndex;
      found.push({ kind: 'scope', node, start: node.startIndex, nodeEnd, end: nodeEnd, name, nameStart: name.startIndex, nameEnd: name.endIndex, pattern: match.pattern });
    } else if (label.startsWith('definition.')) {
      const kind = label.slice('definition.'.length);
      if (KIND_NAMES.has(kind)) {
        const node = head.node;
        const nodeEnd = node.endIndex;
        found.push({ kind: kind as SymbolKind, node, start: node.startIndex, nodeEnd, end: spec.extentEnd?.(node) ?? nodeEnd, name, nameStart: name.startIndex, nameEnd: name.endIndex, pattern: match.pattern });
      }
    }
  }
  const importStarts = new Set(importNodes.map((node) => node.startIndex));
  const builder = new DeclarationBuilder(spec, text, lines, found.filter((item) => !importStarts.has(item.start)));
  facts.declarations = builder.declarations;
  facts.imports = readImports(spec, importNodes, lines);
  const packageName = spec.packageOf ? packageNodes.map((node) => spec.packageOf!(node)).find((name) => name !== undefined) : undefined;
  if (packageName !== undefined) facts.packageName = packageName;
  facts.references = readReferences(text, references, importStarts, builder, lines);
  fingerprintDefinitions(text, spec.comments, builder.starts, builder.ends, facts.declarations);
  return { parseMs, walkMs: performance.now() - walkStart };
}

/** Orders the definitions, finds their containers and writes DeclarationFacts. */
class DeclarationBuilder {
  readonly declarations: DeclarationFact[] = [];
  /** The definition node of each declaration, by index. */
  readonly nodes: Node[] = [];
  /** Where each declaration's node starts. */
  readonly starts: number[] = [];
  /** Where each declaration ends (its node's end, or past it: Found.end). */
  readonly ends: number[] = [];
  /** Open containers while the definitions are visited in document order. */
  private readonly byQualifiedName = new Map<string, number>();
  /** Where the latest value declaration (variable, constant, field, property) ends. */
  private valueEnd = -1;
  readonly plainNames: boolean;

  constructor(private readonly spec: SyntaxSpec, private readonly text: string, private readonly lines: LineTable, found: Found[]) {
    this.plainNames = spec.plainNames === true;
    const unique = dedupe(found);
    unique.sort((a, b) => a.start - b.start || b.end - a.end || a.pattern - b.pattern);
    const stack: { found: Found; end: number; qualified: string; decl: number; kind: SymbolKind | 'scope' }[] = [];
    for (const item of unique) {
      const start = item.start;
      while (stack.length > 0 && stack[stack.length - 1]!.end <= start) stack.pop();
      const enclosing = stack[stack.length - 1];
      const entry = this.declare(item, stack);
      if (entry !== null && CONTAINER_KINDS.has(entry.kind)) stack.push(entry);
      else if (item.kind === 'scope') {
        const segments = splitName(text.slice(item.nameStart, item.nameEnd));
        const prefix = enclosing ? enclosing.qualified + '.' : '';
        const qualified = prefix + segments.join('.');
        stack.push({ found: item, end: item.end, qualified, decl: this.byQualifiedName.get(qualified) ?? -1, kind: 'scope' });
      }
    }
  }

  /** Declares one definition; returns its stack entry (null for a scope or a dropped local). */
  private declare(item: Found, stack: { end: number; qualified: string; decl: number; kind: SymbolKind | 'scope' }[]): { found: Found; end: number; qualified: string; decl: number; kind: SymbolKind } | null {
    if (item.kind === 'scope') return null;
    const nameText = this.text.slice(item.nameStart, item.nameEnd);
    const segments = /string/.test(item.name.type) ? [unquote(nameText)] : this.spec.plainNames ? [nameText] : splitName(nameText);
    const name = segments[segments.length - 1]!;
    if (name === '') return null;
    const enclosing = stack[stack.length - 1];
    const insideFunction = stack.some((open) => open.kind !== 'scope' && FUNCTION_KINDS.has(open.kind));
    let kind = item.kind;
    const isValue = kind === 'variable' || kind === 'constant' || kind === 'field' || kind === 'property';
    if (insideFunction && isValue) return null;
    // A value declared inside another's initializer (Scala `val m = { val pairs = ... }`, a Swift
    // computed property's locals) is a local of that initializer.
    if (isValue && kind !== 'field' && item.start < this.valueEnd) return null;
    if (isValue) this.valueEnd = Math.max(this.valueEnd, item.end);
    const base = enclosing ? enclosing.qualified : '';
    const prefix = segments.slice(0, -1).join('.');
    const ownerQualified = prefix === '' ? base : (base === '' ? prefix : `${base}.${prefix}`);
    let parent = prefix === '' ? (enclosing?.decl ?? -1) : (this.byQualifiedName.get(ownerQualified) ?? this.byQualifiedName.get(prefix) ?? -1);
    const ownerKind = prefix === '' ? enclosing?.kind : (parent >= 0 ? this.declarations[parent]!.kind : 'scope');
    const ownerIsType = kind !== 'namespace' && kind !== 'module' && (ownerKind === 'scope' || (ownerKind !== undefined && TYPE_KINDS.has(ownerKind)));
    if (kind === 'function' && ownerIsType) kind = 'method';
    if ((kind === 'property' || kind === 'field') && !ownerIsType) kind = 'variable';
    const ownerName = ownerQualified.slice(ownerQualified.lastIndexOf('.') + 1);
    if ((kind === 'method' || kind === 'function') && ownerName !== '' && this.spec.isConstructor?.(name, ownerName)) kind = 'constructor';
    if (parent < 0 && enclosing && enclosing.decl >= 0 && prefix === '') parent = enclosing.decl;
    const qualifiedName = ownerQualified === '' ? name : `${ownerQualified}.${name}`;
    const declaration: DeclarationFact = {
      kind, name, qualifiedName,
      range: this.lines.range(item.start, item.end),
      selection: this.lines.range(item.nameStart, item.nameEnd),
      parent,
      scope: insideFunction ? 'local' : (ownerIsType || ownerKind === 'enum' ? 'member' : 'module'),
      published: true,
      exported: this.spec.exported ? this.spec.exported(item.node, name) : true,
    };
    if (FUNCTION_KINDS.has(kind)) {
      const list = this.spec.parameterList ? this.spec.parameterList(item.node) : item.node.childForFieldName('parameters');
      const params = list === null ? undefined : readParameters(this.spec, list);
      if (params !== undefined) declaration.params = params;
      declaration.signature = signatureOf(this.text, item.start, item.nodeEnd, params !== undefined ? list : null);
    }
    const index = this.declarations.length;
    this.declarations.push(declaration);
    this.nodes.push(item.node);
    this.starts.push(item.start);
    this.ends.push(item.end);
    if (!this.byQualifiedName.has(qualifiedName)) this.byQualifiedName.set(qualifiedName, index);
    return { found: item, end: item.end, qualified: qualifiedName, decl: index, kind };
  }

  /** The innermost type declaration enclosing `offset` (for `self`/`this` receivers), or -1. */
  ownerAt(offset: number): number {
    let best = -1;
    for (let i = 0; i < this.nodes.length; i++) {
      if (this.starts[i]! <= offset && offset < this.ends[i]! && TYPE_KINDS.has(this.declarations[i]!.kind)) best = i;
    }
    if (best >= 0) return best;
    // A method of a scope (`impl T`): its parent, when the type is declared in this file.
    for (let i = this.nodes.length - 1; i >= 0; i--) {
      if (this.starts[i]! <= offset && offset < this.ends[i]! && FUNCTION_KINDS.has(this.declarations[i]!.kind)) {
        const parent = this.declarations[i]!.parent;
        return parent >= 0 && TYPE_KINDS.has(this.declarations[parent]!.kind) ? parent : -1;
      }
    }
    return -1;
  }
}

/**
 * One set of names per definition node: the first pattern that matched the node wins, with every
 * name it captured there (a C field declaration `size_t head, tail;` declares two).
 */
function dedupe(found: Found[]): Found[] {
  const best = new Map<string, number>();
  const keyOf = (item: Found): string => `${item.start}:${item.nodeEnd}:${item.kind === 'scope' ? 's' : 'd'}`;
  for (const item of found) {
    const key = keyOf(item);
    const kept = best.get(key);
    if (kept === undefined || item.pattern < kept) best.set(key, item.pattern);
  }
  const seen = new Set<string>();
  return found.filter((item) => {
    const key = keyOf(item);
    const name = `${key}:${item.nameStart}`;
    if (best.get(key) !== item.pattern || seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** A written name split into its segments (`Node::add`, `M.new`, `Emitter:on`, `A\B`). */
function splitName(text: string): string[] {
  const cleaned = text.replace(/^[$@]+/, '').replace(/\s+/g, '').replace(/<[^<>]*>/g, '');
  return cleaned.split(/::|\.|:|\\|->/).filter((segment, index, all) => segment !== '' || index === all.length - 1);
}

function readParameters(spec: SyntaxSpec, list: Node): DeclarationFact['params'] {
  const read = spec.parameter ?? genericParameter;
  const params: NonNullable<DeclarationFact['params']> = [];
  for (const child of list.namedChildren) {
    const param = read(child);
    if (param !== null) params.push(param);
  }
  return params;
}

/** The definition's head: from its start to its parameter list's end (or first line), collapsed. */
function signatureOf(text: string, start: number, nodeEnd: number, list: Node | null): string {
  const listEnd = list !== null ? list.endIndex : -1;
  const end = list !== null && listEnd <= nodeEnd ? listEnd : Math.min(nodeEnd, textLineEnd(text, start));
  const head = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return head.length > 200 ? head.slice(0, 199) + '…' : head;
}

function textLineEnd(text: string, from: number): number {
  const at = text.indexOf('\n', from);
  return at < 0 ? text.length : at;
}

function readImports(spec: SyntaxSpec, nodes: Node[], lines: LineTable): ImportFact[] {
  const imports: ImportFact[] = [];
  if (spec.readImport === undefined) return imports;
  const sorted = [...nodes].sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  let coveredTo = -1;
  for (const node of sorted) {
    // An import inside another (Lua's `require` call inside `local x = require(...)`) is the same one.
    if (node.startIndex < coveredTo) continue;
    coveredTo = node.endIndex;
    const { line, column } = lines.position(node.startIndex);
    for (const read of spec.readImport(node)) {
      if (read.specifier === '') continue;
      imports.push({ specifier: read.specifier, style: read.style, imported: read.imported, local: read.local, typeOnly: false, line, column });
    }
  }
  return imports;
}

const THIS_NAMES = new Set(['self', 'this', '$this', 'Self', 'static']);
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

function readReferences(text: string, found: FoundReference[], importStarts: Set<number>, builder: DeclarationBuilder, lines: LineTable): ReferenceFact[] {
  const seen = new Set<string>();
  const picked: { reference: FoundReference; at: number }[] = [];
  for (const reference of found) {
    if (importStarts.has(reference.node.startIndex)) continue;
    const at = reference.name.startIndex;
    const key = `${at}:${reference.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push({ reference, at });
  }
  picked.sort((a, b) => a.at - b.at);
  const starts = builder.starts;
  const ends = builder.ends;
  const references: ReferenceFact[] = [];
  const open: number[] = [];
  let next = 0;
  for (const { reference, at } of picked) {
    while (next < starts.length && starts[next]! <= at) {
      while (open.length > 0 && ends[open[open.length - 1]!]! <= starts[next]!) open.pop();
      open.push(next++);
    }
    while (open.length > 0 && ends[open[open.length - 1]!]! <= at) open.pop();
    const from = open.length > 0 ? open[open.length - 1]! : -1;
    const nameText = text.slice(at, reference.name.endIndex);
    const name = builder.plainNames ? nameText : lastName(nameText);
    if (name === '' || (from >= 0 && sameNameNode(builder, from, lines, at))) continue;
    const target: ValueExpr = reference.receiver === null ? { k: 'global', name } : { k: 'member', object: receiverExpr(text, reference.receiver, builder), name };
    const { line, column } = lines.position(at + nameText.length - name.length);
    const fact: ReferenceFact = { kind: reference.kind, name, target, from, line, column };
    if (reference.args !== null) fact.argumentCount = countArguments(reference.args);
    references.push(fact);
  }
  return references;
}

/** A definition's own name is never a reference to it (a C++ declarator matched as a call). */
function sameNameNode(builder: DeclarationBuilder, index: number, lines: LineTable, nameStart: number): boolean {
  const selection = builder.declarations[index]!.selection;
  const position = lines.position(nameStart);
  return selection.start.line === position.line && selection.start.column === position.column;
}

function lastName(text: string): string {
  const parts = text.replace(/^[$@]+/, '').replace(/<.*>$/s, '').split(/::|\.|:|\\|->/);
  return parts[parts.length - 1]!.trim();
}

function receiverExpr(source: string, node: Node, builder: DeclarationBuilder): ValueExpr {
  const start = node.startIndex;
  const text = source.slice(start, node.endIndex);
  if (THIS_NAMES.has(text) || text === '@') return { k: 'this', owner: builder.ownerAt(start) };
  const plain = text.replace(/^\$/, '');
  if (PLAIN_NAME.test(plain)) return { k: 'global', name: plain };
  if (/^[\w$]+(?:(?:::|\.|\\)[\w$]+)+$/.test(text)) {
    const parts = text.split(/::|\.|\\/);
    let expr: ValueExpr = { k: 'global', name: parts[0]!.replace(/^\$/, '') };
    for (const part of parts.slice(1)) expr = { k: 'member', object: expr, name: part };
    return expr;
  }
  return { k: 'unknown' };
}

function countArguments(args: Node): number {
  let count = 0;
  for (const child of args.namedChildren) if (!child.type.includes('comment')) count++;
  return count;
}
