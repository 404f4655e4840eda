/**
 * A plain-object copy of a tree-sitter tree, built in one TreeCursor pass. Reading node objects
 * through node-tree-sitter costs a native call (and, for a new node, an allocation and a BigInt id)
 * per property; the Go walker reads each node many times, so it reads this copy instead: one
 * native pass, then pure JavaScript. Named nodes keep their type, field, offsets and children
 * (string literals and comments without their insides); anonymous tokens are kept, with their
 * type only, where the walker reads them (the operators of unary and binary expressions). Owns the
 * copy only.
 */
import type Parser from 'tree-sitter';

/** One node of the copy, with the subset of the SyntaxNode API the Go walker uses. */
export class GoNode {
  readonly children: GoNode[] = [];
  readonly namedChildren: GoNode[] = [];
  /** Position in the parent's namedChildren (-1 for anonymous nodes and the root). */
  namedIndex = -1;

  constructor(
    private readonly source: string,
    readonly id: number,
    readonly type: string,
    readonly isNamed: boolean,
    readonly field: string | null,
    readonly startIndex: number,
    readonly endIndex: number,
    readonly parent: GoNode | null,
  ) {}

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  namedChild(index: number): GoNode | null {
    return this.namedChildren[index] ?? null;
  }

  child(index: number): GoNode | null {
    return this.children[index] ?? null;
  }

  childForFieldName(name: string): GoNode | null {
    for (const child of this.namedChildren) if (child.field === name) return child;
    return null;
  }

  childrenForFieldName(name: string): GoNode[] {
    return this.namedChildren.filter((child) => child.field === name);
  }

  get previousNamedSibling(): GoNode | null {
    return this.parent && this.namedIndex > 0 ? this.parent.namedChildren[this.namedIndex - 1]! : null;
  }

  /** Named descendants of the given type(s), in document order (the node itself excluded). */
  descendantsOfType(types: string | string[]): GoNode[] {
    const wanted = typeof types === 'string' ? [types] : types;
    const found: GoNode[] = [];
    const stack: GoNode[] = [...this.namedChildren].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (wanted.includes(node.type)) found.push(node);
      for (let i = node.namedChildren.length - 1; i >= 0; i--) stack.push(node.namedChildren[i]!);
    }
    return found;
  }
}

/** Named nodes whose children nothing reads (string contents, comments): not copied. */
const LEAVES = new Set(['interpreted_string_literal', 'raw_string_literal', 'rune_literal', 'comment']);
/** Anonymous tokens are copied only under these parents (operators the walker and shapes read). */
const TOKEN_PARENTS = new Set(['unary_expression', 'binary_expression']);

/** Copies a parsed tree into GoNodes in one cursor pass. */
export function copyTree(tree: Parser.Tree, source: string): GoNode {
  const cursor = tree.walk();
  let nextId = 0;
  const root = new GoNode(source, nextId++, cursor.nodeType, true, null, cursor.startIndex, cursor.endIndex, null);
  if (!cursor.gotoFirstChild()) return root;
  let parent = root;
  for (;;) {
    if (cursor.nodeIsNamed) {
      const node = new GoNode(source, nextId++, cursor.nodeType, true, cursor.currentFieldName ?? null, cursor.startIndex, cursor.endIndex, parent);
      parent.children.push(node);
      node.namedIndex = parent.namedChildren.length;
      parent.namedChildren.push(node);
      if (!LEAVES.has(node.type) && cursor.gotoFirstChild()) {
        parent = node;
        continue;
      }
    } else if (TOKEN_PARENTS.has(parent.type)) {
      parent.children.push(new GoNode(source, nextId++, cursor.nodeType, false, null, parent.startIndex, parent.startIndex, parent));
    }
    while (!cursor.gotoNextSibling()) {
      cursor.gotoParent();
      if (parent === root) return root;
      parent = parent.parent!;
    }
  }
}
