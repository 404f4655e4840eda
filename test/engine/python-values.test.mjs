// End to end for the Python binder's value rules (issue 16): typing.cast of a typed value, Union
// and Type[C] annotations (calling a Type[C] makes a C), a tuple return unpacked into names,
// comprehensions and a list filled with append() iterated, a tuple subscript, enumerate() and a
// mapping's items() and get(), `a if c else b`,
// `a or b` as jedi reads it, docstring `:rtype:` types (a dotted module path, a plain name), and a
// factory whose returned function is @functools.wraps(f): calling what it made reaches f.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exportGraph, gitRepo, indexJson, tempDir } from '../helpers/repo.mjs';
import { pythonValuesProject } from '../helpers/python-values-project.mjs';

const USE = 'lib/nodes.py#use';

/** The targets of the call edges from `use` whose site is on a line, sorted. */
function targets(edges, line) {
  return edges.filter((e) => e.kind === 'calls' && e.from === USE && e.site.line === line && e.to !== null).map((e) => e.to).sort();
}

describe('Python value types through the CLI', () => {
  const repo = tempDir();
  const home = tempDir();
  let edges;

  before(() => {
    gitRepo(repo.dir, pythonValuesProject);
    indexJson(repo.dir, home.dir);
    edges = exportGraph(repo.dir, home.dir).edges;
  });
  after(() => { repo.cleanup(); home.cleanup(); });

  test('casts, unions and class objects type their values', () => {
    assert.deepEqual(targets(edges, 49), ['lib/nodes.py#Leaf.fall'], 't.cast(Leaf, value)');
    assert.deepEqual(targets(edges, 50), ['lib/nodes.py#Leaf.fall'], 'Union[Leaf, int]');
    assert.deepEqual(targets(edges, 54), ['lib/nodes.py#Leaf', 'lib/nodes.py#Leaf.fall'], 'calling a Type[Leaf] makes a Leaf');
  });

  test('tuples unpack, comprehensions, appended lists and subscripts give their elements', () => {
    assert.deepEqual(targets(edges, 52), ['lib/nodes.py#Leaf.fall'], 'first, second = pair() with -> Tuple[Node, Leaf]');
    assert.deepEqual(targets(edges, 56), ['lib/nodes.py#Node.visit'], 'for n in [m for m in many]');
    assert.deepEqual(targets(edges, 60), ['lib/nodes.py#Leaf.fall'], 'kept = []; kept.append(Leaf())');
    assert.deepEqual(targets(edges, 62), ['lib/nodes.py#Leaf.fall'], '(Node(), Leaf())[1]');
  });

  test('enumerate() and a mapping\'s items() and get() give their elements', () => {
    assert.deepEqual(targets(edges, 71), ['lib/nodes.py#Leaf.fall'], 'for index, leaf in enumerate(kept)');
    assert.deepEqual(targets(edges, 73), ['lib/nodes.py#Leaf.fall'], 'for key, entry in table.items()');
    assert.deepEqual(targets(edges, 74), ['lib/nodes.py#Leaf.fall'], 'table.get("k")');
  });

  test('a conditional value is either, `a or b` is `a`', () => {
    assert.deepEqual(targets(edges, 64), ['lib/nodes.py#Node.visit']);
    assert.deepEqual(targets(edges, 66), [], 'value (a Node) or Leaf(): a Node, which has no fall');
  });

  test('docstring return types and functools.wraps factories', () => {
    assert.deepEqual(targets(edges, 67), ['lib/nodes.py#Node', 'lib/nodes.py#Node.run', 'lib/result.py#Outcome.report']);
    assert.deepEqual(targets(edges, 68), ['lib/nodes.py#Leaf.fall', 'lib/nodes.py#Node', 'lib/nodes.py#Node.parent']);
    assert.deepEqual(targets(edges, 69), ['lib/nodes.py#greet'], 'lazy(greet) presents itself as greet');
  });
});
