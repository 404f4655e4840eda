/**
 * Strongly connected components by Tarjan's algorithm, iterative (module graphs run thousands of
 * imports deep; recursion would overflow the stack). Explores only what the given roots reach.
 * Owns the algorithm over an abstract successor function; what the nodes mean is the caller's.
 */

/** One strongly connected component and whether a node of it has an edge to itself. */
export interface Component {
  nodes: string[];
  selfLoop: boolean;
}

/**
 * The components reachable from `roots`, in the order Tarjan completes them. `successors` is
 * called at most once per node; its answer's order decides the traversal (pass it sorted for a
 * deterministic result).
 */
export function stronglyConnected(roots: Iterable<string>, successors: (node: string) => readonly string[]): Component[] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: Component[] = [];
  let counter = 0;

  interface Frame { node: string; next: readonly string[]; position: number }
  const open = (node: string): Frame => {
    index.set(node, counter);
    lowLink.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    return { node, next: successors(node), position: 0 };
  };

  for (const root of roots) {
    if (index.has(root)) continue;
    const frames: Frame[] = [open(root)];
    const selfLoops = new Set<string>();
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      if (frame.position < frame.next.length) {
        const successor = frame.next[frame.position++]!;
        if (successor === frame.node) selfLoops.add(frame.node);
        if (!index.has(successor)) {
          frames.push(open(successor));
        } else if (onStack.has(successor)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, index.get(successor)!));
        }
        continue;
      }
      frames.pop();
      const node = frame.node;
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]!.node;
        lowLink.set(parent, Math.min(lowLink.get(parent)!, lowLink.get(node)!));
      }
      if (lowLink.get(node) !== index.get(node)) continue;
      const nodes: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        nodes.push(member);
      } while (member !== node);
      components.push({ nodes, selfLoop: nodes.some((n) => selfLoops.has(n)) });
    }
  }
  return components;
}
