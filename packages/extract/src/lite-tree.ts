/**
 * A plain-object copy of a tree-sitter tree, built in one TreeCursor pass. Reading node objects
 * through node-tree-sitter costs a native call (and, for a new node, an allocation and a BigInt id)
 * per property; the Go and Java walkers read each node many times, so they read this copy
 * instead: one native pass, then pure JavaScript. Named nodes keep their type, field, offsets and
 * children (leaves such as string literals and comments without their insides); anonymous tokens
 * are kept, with their type only, under the parents a walker names (the operators it reads). Owns
 * the copy; each walker's lite.ts says which nodes are leaves and which tokens it keeps.
 */
import type Parser from 'tree-sitter';

/** One node of the copy, with the subset of the SyntaxNode API the walkers use. */
export class LiteNode {
  readonly children: LiteNode[] = [];
  readonly namedChildren: LiteNode[] = [];
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
    readonly parent: LiteNode | null,
  ) {}

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  namedChild(index: number): LiteNode | null {
    return this.namedChildren[index] ?? null;
  }

  child(index: number): LiteNode | null {
    return this.children[index] ?? null;
  }

  childForFieldName(name: string): LiteNode | null {
    for (const child of this.namedChildren) if (child.field === name) return child;
    return null;
  }

  childrenForFieldName(name: string): LiteNode[] {
    return this.namedChildren.filter((child) => child.field === name);
  }

  get previousNamedSibling(): LiteNode | null {
    return this.parent && this.namedIndex > 0 ? this.parent.namedChildren[this.namedIndex - 1]! : null;
  }

  /** Named descendants of the given type(s), in document order (the node itself excluded). */
  descendantsOfType(types: string | string[]): LiteNode[] {
    const wanted = typeof types === 'string' ? [types] : types;
    const found: LiteNode[] = [];
    const stack: LiteNode[] = [...this.namedChildren].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (wanted.includes(node.type)) found.push(node);
      for (let i = node.namedChildren.length - 1; i >= 0; i--) stack.push(node.namedChildren[i]!);
    }
    return found;
  }
}

/**
 * Copies a parsed tree into LiteNodes in one cursor pass. `leaves`: named nodes whose children
 * nothing reads (string contents, comments), not copied; `tokenParents`: the only parents under
 * which anonymous tokens (operators) are copied.
 */
export function copyLiteTree(tree: Parser.Tree, source: string, leaves: ReadonlySet<string>, tokenParents: ReadonlySet<string>): LiteNode {
  const cursor = tree.walk();
  let nextId = 0;
  const root = new LiteNode(source, nextId++, cursor.nodeType, true, null, cursor.startIndex, cursor.endIndex, null);
  if (!cursor.gotoFirstChild()) return root;
  let parent = root;
  for (;;) {
    if (cursor.nodeIsNamed) {
      const node = new LiteNode(source, nextId++, cursor.nodeType, true, cursor.currentFieldName ?? null, cursor.startIndex, cursor.endIndex, parent);
      parent.children.push(node);
      node.namedIndex = parent.namedChildren.length;
      parent.namedChildren.push(node);
      if (!leaves.has(node.type) && cursor.gotoFirstChild()) {
        parent = node;
        continue;
      }
    } else if (tokenParents.has(parent.type)) {
      parent.children.push(new LiteNode(source, nextId++, cursor.nodeType, false, null, parent.startIndex, parent.startIndex, parent));
    }
    while (!cursor.gotoNextSibling()) {
      cursor.gotoParent();
      if (parent === root) return root;
      parent = parent.parent!;
    }
  }
}
