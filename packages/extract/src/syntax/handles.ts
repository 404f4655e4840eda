/**
 * Node handles: the syntax tier's nodes read through node-tree-sitter's native methods without
 * its SyntaxNode objects. node-tree-sitter hands a node across as six numbers in a shared
 * transfer array (its id, then its TSNode context: start byte, start row, start column, alias)
 * and then wraps them in a SyntaxNode that it registers in the tree's node cache with a weak
 * reference and a finalizer; measured on a Rust file, that registration and its garbage
 * collection made walking the named nodes 3.4x dearer than the native calls themselves. A
 * NodeHandle keeps the six numbers in a plain object and writes them back into the transfer array
 * before each native call, which is what SyntaxNode does too; it never enters the cache, so
 * nothing is finalized. A handle's start offset is its start byte over two (a string input is
 * parsed as UTF-16), its type comes from the language's table of symbol names, and its end is
 * read once.
 *
 * These are node-tree-sitter's internals (the version is pinned in package.json), so handles are
 * used only where `handlesWork` has compared them with SyntaxNode on a probe tree of the grammar
 * and on the query's matches there; otherwise extract.ts reads SyntaxNodes, with the same
 * results. Owns the handles and the reading of a query's matches as handles; what is read is
 * extract.ts's.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type Parser from 'tree-sitter';
import type { CensusNode } from '../census.js';
import type { TierCapture, TierMatch, TierNode } from './tier-node.js';

const require = createRequire(import.meta.url);

/** What a native node method returns: a node already cached as a SyntaxNode, a symbol id whose fields wait in the transfer array, or null. */
type NativeNode = number | Record<number, number> | null;
type Tree = Parser.Tree;

/** node-tree-sitter's native node methods, each reading its node from the transfer array. */
interface NativeNodeMethods {
  endIndex(tree: Tree): number;
  type(tree: Tree): string;
  typeId(tree: Tree): number;
  isNamed(tree: Tree): boolean;
  hasError(tree: Tree): boolean;
  isError(tree: Tree): boolean;
  isMissing(tree: Tree): boolean;
  endPosition(tree: Tree): void;
  parent(tree: Tree): NativeNode;
  nextSibling(tree: Tree): NativeNode;
  nextNamedSibling(tree: Tree): NativeNode;
  previousNamedSibling(tree: Tree): NativeNode;
  childCount(tree: Tree): number;
  namedChildCount(tree: Tree): number;
  child(tree: Tree, index: number): NativeNode;
  namedChild(tree: Tree, index: number): NativeNode;
  childForFieldName(tree: Tree, fieldName: string): NativeNode;
  childrenForFieldName(tree: Tree, fieldName: string): NativeNode[];
  children(tree: Tree): NativeNode[];
  namedChildren(tree: Tree): NativeNode[];
  descendantsOfType(tree: Tree, types: string[], start?: unknown, end?: unknown): NativeNode[];
}

/** node-tree-sitter's native module, as far as handles use it. */
interface NativeBinding {
  NodeMethods: NativeNodeMethods;
  nodeTransferArray: Uint32Array;
  /** Where a point-valued method leaves its row and column. */
  pointTransferArray: Uint32Array;
  Query: unknown;
  getNodeTypeNamesById(language: unknown): (string | null)[];
}

/** The native side of Query: its matches as a flat list and the captured nodes, and its predicates. */
interface NativeQuery {
  _matches(tree: Tree, ...range: number[]): [(number | string)[], NativeNode[]];
  predicates: readonly ((captures: TierCapture[]) => boolean)[][];
}

const FIELDS = 6;
const NO_LIMIT = 0xFFFFFFFF;

let binding: NativeBinding | null | undefined;

/** The native module that `require('tree-sitter')` loaded, or null when it cannot be reached. */
function nativeBinding(): NativeBinding | null {
  if (binding !== undefined) return binding;
  binding = null;
  try {
    const manifest = require.resolve('tree-sitter/package.json');
    const loaded = createRequire(manifest)('node-gyp-build')(dirname(manifest)) as NativeBinding;
    const publicQuery = (require('tree-sitter') as { Query: unknown }).Query;
    if (loaded.Query === publicQuery && loaded.nodeTransferArray instanceof Uint32Array && loaded.pointTransferArray instanceof Uint32Array &&
        typeof loaded.NodeMethods?.endIndex === 'function' && typeof loaded.getNodeTypeNamesById === 'function') {
      binding = loaded;
    }
  } catch {
    binding = null;
  }
  return binding;
}

/** Per language: symbol names (filled lazily for anonymous symbols) and whether each is named. */
interface SymbolTable {
  names: (string | undefined)[];
  named: (boolean | undefined)[];
}
const symbolTables = new WeakMap<object, SymbolTable>();

/** One parsed file's handles share this: the tree, its text and its language's symbol table. */
export class HandleTree {
  constructor(readonly tree: Tree, readonly source: string, readonly symbols: SymbolTable, readonly native: NativeBinding) {}

  /** Writes a handle's fields where the next native call reads its node. */
  put(node: NodeHandle): NativeNodeMethods {
    const array = this.native.nodeTransferArray;
    array[0] = node.f0; array[1] = node.f1; array[2] = node.f2;
    array[3] = node.f3; array[4] = node.f4; array[5] = node.f5;
    return this.native.NodeMethods;
  }

  /** The handle of one returned node (its fields at `offset` nodes into the transfer array). */
  take(value: NativeNode, offset = 0): NodeHandle | null {
    if (value === null) return null;
    if (typeof value === 'object') return this.fromObject(value);
    const array = this.native.nodeTransferArray;
    const at = offset * FIELDS;
    return new NodeHandle(this, array[at]!, array[at + 1]!, array[at + 2]!, array[at + 3]!, array[at + 4]!, array[at + 5]!, value);
  }

  /**
   * The handles of a returned list. A cached node takes no room in the transfer array; a null
   * one (never seen in the lists read here) does, as the native side writes it, and is left out.
   */
  takeAll(values: NativeNode[]): NodeHandle[] {
    const out: NodeHandle[] = [];
    let offset = 0;
    for (const value of values) {
      if (typeof value === 'number') out.push(this.take(value, offset++)!);
      else if (value !== null) out.push(this.fromObject(value));
      else offset++;
    }
    return out;
  }

  /**
   * The handle of a node node-tree-sitter already holds as a SyntaxNode (the root, or a node the
   * error census read). Its symbol id is read when first needed: reading it now would overwrite
   * the transfer array that takeAll is still reading.
   */
  fromObject(value: Record<number, number>): NodeHandle {
    return new NodeHandle(this, value[0]!, value[1]!, value[2]!, value[3]!, value[4]!, value[5]!, -1);
  }

  private symbolOf(node: NodeHandle): number {
    if (node.typeId < 0) node.typeId = this.put(node).typeId(this.tree);
    return node.typeId;
  }

  typeName(node: NodeHandle): string {
    const known = this.symbols.names[this.symbolOf(node)];
    if (known !== undefined) return known;
    const name = this.put(node).type(this.tree);
    this.symbols.names[node.typeId] = name;
    return name;
  }

  isNamed(node: NodeHandle): boolean {
    const known = this.symbols.named[this.symbolOf(node)];
    if (known !== undefined) return known;
    const named = this.put(node).isNamed(this.tree);
    this.symbols.named[node.typeId] = named;
    return named;
  }
}

/** A node as six numbers and its symbol id; see the header. */
export class NodeHandle implements TierNode, CensusNode {
  private end = -1;

  constructor(
    /** The file's shared state (not part of TierNode). */
    readonly owner: HandleTree,
    readonly f0: number, readonly f1: number, readonly f2: number,
    readonly f3: number, readonly f4: number, readonly f5: number,
    /** The node's symbol (alias included), or -1 until read. */
    public typeId: number,
  ) {}

  get type(): string { return this.owner.typeName(this); }
  get isNamed(): boolean { return this.owner.isNamed(this); }
  get startIndex(): number { return this.f2 >>> 1; }

  get endIndex(): number {
    if (this.end < 0) this.end = this.owner.put(this).endIndex(this.owner.tree);
    return this.end;
  }

  get text(): string { return this.owner.source.slice(this.startIndex, this.endIndex); }
  get hasError(): boolean { return this.owner.put(this).hasError(this.owner.tree); }
  get isError(): boolean { return this.owner.put(this).isError(this.owner.tree); }
  get isMissing(): boolean { return this.owner.put(this).isMissing(this.owner.tree); }
  /** The start point: row and byte column from the node's context (UTF-16 units: bytes over two). */
  get startPosition(): Parser.Point { return { row: this.f3, column: this.f4 >>> 1 }; }

  get endPosition(): Parser.Point {
    this.owner.put(this).endPosition(this.owner.tree);
    const point = this.owner.native.pointTransferArray;
    return { row: point[0]!, column: point[1]! };
  }

  get parent(): NodeHandle | null { return this.owner.take(this.owner.put(this).parent(this.owner.tree)); }
  get nextSibling(): NodeHandle | null { return this.owner.take(this.owner.put(this).nextSibling(this.owner.tree)); }
  get nextNamedSibling(): NodeHandle | null { return this.owner.take(this.owner.put(this).nextNamedSibling(this.owner.tree)); }
  get previousNamedSibling(): NodeHandle | null { return this.owner.take(this.owner.put(this).previousNamedSibling(this.owner.tree)); }
  get childCount(): number { return this.owner.put(this).childCount(this.owner.tree); }
  get namedChildCount(): number { return this.owner.put(this).namedChildCount(this.owner.tree); }
  get children(): NodeHandle[] { return this.owner.takeAll(this.owner.put(this).children(this.owner.tree)); }
  get namedChildren(): NodeHandle[] { return this.owner.takeAll(this.owner.put(this).namedChildren(this.owner.tree)); }
  child(index: number): NodeHandle | null { return this.owner.take(this.owner.put(this).child(this.owner.tree, index)); }
  namedChild(index: number): NodeHandle | null { return this.owner.take(this.owner.put(this).namedChild(this.owner.tree, index)); }
  childForFieldName(fieldName: string): NodeHandle | null { return this.owner.take(this.owner.put(this).childForFieldName(this.owner.tree, fieldName)); }
  childrenForFieldName(fieldName: string): NodeHandle[] { return this.owner.takeAll(this.owner.put(this).childrenForFieldName(this.owner.tree, fieldName)); }

  descendantsOfType(types: string | string[]): NodeHandle[] {
    return this.owner.takeAll(this.owner.put(this).descendantsOfType(this.owner.tree, typeof types === 'string' ? [types] : types));
  }
}

/** The root of a parsed tree as a handle (`language` keys the symbol table: the parser's grammar). */
export function rootHandle(tree: Tree, source: string, language: object): NodeHandle {
  const native = nativeBinding()!;
  let symbols = symbolTables.get(language);
  if (symbols === undefined) {
    symbols = { names: native.getNodeTypeNamesById(language).map((name) => name ?? undefined), named: [] };
    symbolTables.set(language, symbols);
  }
  return new HandleTree(tree, source, symbols, native).fromObject(tree.rootNode as unknown as Record<number, number>);
}

/** A query's matches under a root handle, read as handles, with the query's predicates applied. */
export function handleMatches(query: Parser.Query, root: NodeHandle): TierMatch[] {
  const owner = root.owner;
  owner.put(root);
  const nativeQuery = query as unknown as NativeQuery;
  const [flat, nodes] = nativeQuery._matches(owner.tree, 0, 0, 0, 0, 0, 0, NO_LIMIT, NO_LIMIT, 0);
  const handles = owner.takeAll(nodes);
  const predicates = nativeQuery.predicates;
  const matches: TierMatch[] = [];
  let at = 0;
  let next = 0;
  while (at < flat.length) {
    const pattern = flat[at++] as number;
    const captures: TierCapture[] = [];
    while (at < flat.length && typeof flat[at] === 'string') captures.push({ name: flat[at++] as string, node: handles[next++]! });
    const tests = predicates[pattern]!;
    if (tests.length === 0 || tests.every((test) => test(captures))) matches.push({ pattern, captures });
  }
  return matches;
}

/** A query's matches through node-tree-sitter's public API (SyntaxNodes). */
export function publicMatches(query: Parser.Query, tree: Tree): TierMatch[] {
  return query.matches(tree.rootNode) as unknown as TierMatch[];
}

const PROBE_TEXT = '<?php\n  ab cd(ef, "g")\n\u00e9 x = 1 # y\nfn h(i: j, ...k) { return l.m(n[0]); }\n';
const PROBE_FIELDS = ['name', 'parameters', 'body', 'type', 'value', 'arguments', 'function', 'left', 'right', 'declarator'];

/**
 * Whether handles read this grammar's trees and this query's matches exactly as SyntaxNodes do,
 * compared on a probe text: every node's type, named flag, offsets, text, child counts, parent,
 * siblings and common fields, and every match's pattern, capture names and nodes.
 */
export function handlesWork(parser: Parser, query: Parser.Query): boolean {
  try {
    if (nativeBinding() === null) return false;
    const source = PROBE_TEXT;
    const tree = parser.parse(source);
    const root = rootHandle(tree, source, parser.getLanguage() as object);
    const viaHandles = handleMatches(query, root);
    const viaPublic = publicMatches(query, tree);
    if (viaHandles.length !== viaPublic.length) return false;
    for (let i = 0; i < viaPublic.length; i++) {
      const a = viaPublic[i]!;
      const b = viaHandles[i]!;
      if (a.pattern !== b.pattern || a.captures.length !== b.captures.length) return false;
      for (let c = 0; c < a.captures.length; c++) {
        if (a.captures[c]!.name !== b.captures[c]!.name || !sameNode(a.captures[c]!.node, b.captures[c]!.node)) return false;
      }
    }
    // The tree's nodes, walked both ways at once.
    const pairs: [TierNode, TierNode][] = [[tree.rootNode as unknown as TierNode, root]];
    let visited = 0;
    while (pairs.length > 0) {
      const [a, b] = pairs.pop()!;
      visited++;
      if (!sameNode(a, b) || a.isNamed !== b.isNamed || a.childCount !== b.childCount || a.namedChildCount !== b.namedChildCount) return false;
      if (!samePoints(a as unknown as CensusNode, b as NodeHandle)) return false;
      if (!sameOrNull(a.parent, b.parent) || !sameOrNull(a.nextSibling, b.nextSibling) ||
          !sameOrNull(a.nextNamedSibling, b.nextNamedSibling) || !sameOrNull(a.previousNamedSibling, b.previousNamedSibling)) return false;
      for (const field of PROBE_FIELDS) {
        if (!sameOrNull(a.childForFieldName(field), b.childForFieldName(field))) return false;
        if (!sameList(a.childrenForFieldName(field), b.childrenForFieldName(field))) return false;
      }
      if (!sameList(a.children, b.children) || !sameList(a.namedChildren, b.namedChildren) || !sameList(a.descendantsOfType('identifier'), b.descendantsOfType('identifier'))) return false;
      for (let i = 0; i < a.childCount; i++) {
        const childA = a.child(i);
        const childB = b.child(i);
        if (childA === null || childB === null) return false;
        pairs.push([childA, childB]);
      }
      for (let i = 0; i < a.namedChildCount; i++) if (!sameOrNull(a.namedChild(i), b.namedChild(i))) return false;
    }
    return visited > 1;
  } catch {
    return false;
  }
}

function sameNode(a: TierNode, b: TierNode): boolean {
  return a.type === b.type && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.text === b.text;
}

function samePoints(a: CensusNode, b: CensusNode): boolean {
  return a.hasError === b.hasError && a.isError === b.isError && a.isMissing === b.isMissing &&
    a.startPosition.row === b.startPosition.row && a.startPosition.column === b.startPosition.column &&
    a.endPosition.row === b.endPosition.row && a.endPosition.column === b.endPosition.column;
}

function sameOrNull(a: TierNode | null, b: TierNode | null): boolean {
  return a === null || b === null ? a === b : sameNode(a, b);
}

function sameList(a: TierNode[], b: TierNode[]): boolean {
  return a.length === b.length && a.every((node, i) => sameNode(node, b[i]!));
}
