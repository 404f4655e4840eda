// End to end for Java: the built CLI indexes a small Maven-layout project (test/helpers/java-project.mjs)
// in a temporary git repository, and the export carries the call edges javac would report: receivers
// typed by declarations, `var`, generics' elements, records, enums, overloads by argument type,
// inheritance across packages, static imports; `new` reaches the class. No name-only guessing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exportGraph, findEdge, gitRepo, indexJson, tempDir } from '../helpers/repo.mjs';
import { javaProject } from '../helpers/java-project.mjs';

describe('index a Java project', () => {
  const repo = tempDir();
  const home = tempDir();
  let graph;

  before(() => {
    gitRepo(repo.dir, javaProject);
    indexJson(repo.dir, home.dir);
    graph = exportGraph(repo.dir, home.dir);
  });
  after(() => { repo.cleanup(); home.cleanup(); });

  const main = 'src/main/java/com/ex/app/Main.java';
  const square = 'src/main/java/com/ex/geom/Square.java';
  const shape = 'src/main/java/com/ex/geom/Shape.java';
  const calls = (from, to) => findEdge(graph.edges, 'calls', from, to);
  const lineOf = (id) => graph.symbols.find((s) => s.id === id)?.selection.start.line;
  const callsAt = (path, line) => graph.edges.filter((e) => e.kind === 'calls' && e.site?.path === path && e.site.line === line);

  test('classes, members and implicit members become symbols', () => {
    assert.equal(graph.symbols.find((s) => s.id === `${square}#Square`)?.kind, 'class');
    assert.equal(graph.symbols.find((s) => s.id === `${square}#Square.Unit`)?.kind, 'enum');
    assert.equal(graph.symbols.find((s) => s.id === `${square}#Square.Unit.valueOf`)?.kind, 'method');
    assert.ok(graph.symbols.some((s) => s.id.startsWith(`${square}#Square.Pair.right`) && s.kind === 'method'), 'record accessor');
  });

  test('receivers typed by declarations, new, var and generic elements', () => {
    assert.equal(calls(`${main}#Main.run`, `${square}#Square.area`)?.confidence, 'typed');
    assert.ok(calls(`${square}#Square.total`, `${square}#Square.area`));
    assert.equal(callsAt(square, 16).filter((e) => e.to === `${square}#Square.area`).length, 1, 'var from the element of List<Square>');
    assert.equal(callsAt(square, 17).filter((e) => e.to === `${square}#Square.area`).length, 1, 'List<Square>.get(0)');
    assert.ok(findEdge(graph.edges, 'instantiates', `${main}#Main.run`, `${square}#Square`));
  });

  test('overloads by argument type; this(...) reaches the constructor', () => {
    const [byInt] = callsAt(main, 15).filter((e) => e.to?.startsWith(`${square}#Square.scale`));
    const [byDouble] = callsAt(main, 16).filter((e) => e.to?.startsWith(`${square}#Square.scale`));
    assert.equal(lineOf(byInt.to), 10);
    assert.equal(lineOf(byDouble.to), 11);
    assert.ok(callsAt(main, 16).some((e) => e.to === `${shape}#Shape.describe`), 'inherited across packages');
    const [thisCall] = callsAt(square, 8);
    assert.equal(lineOf(thisCall.to), 7, 'this(1) is Square(double)');
  });

  test('static imports, enums, records, nested types and anonymous classes', () => {
    assert.ok(calls(`${main}#Main.run`, `${shape}#Shape.unit`), 'static import');
    assert.ok(calls(`${main}#Main.run`, `${square}#Square.Unit.valueOf`));
    assert.ok(calls(`${main}#Main.run`, `${square}#Square.Unit.factor`));
    assert.ok(calls(`${main}#Main.run`, `${square}#Square.Pair.both`));
    assert.ok(graph.edges.some((e) => e.kind === 'calls' && e.site?.path === square && e.site.line === 21 && e.to?.startsWith(`${square}#Square.Pair.right`)));
    assert.ok(graph.edges.some((e) => e.kind === 'calls' && e.site?.path === main && e.site.line === 24 && e.to === `${main}#Main.helper`), 'outer method from an anonymous class');
  });

  test('a receiver of unknown type stays unresolved; the JDK is outside the tree', () => {
    assert.ok(callsAt(main, 27).every((e) => e.to === null));
    assert.ok(callsAt(main, 26).every((e) => e.to === null), 'Runnable.run is the JDK\'s');
  });

  test('a test in src/test/java shares the package of src/main/java', () => {
    assert.ok(calls('src/test/java/com/ex/geom/SquareTest.java#SquareTest.areaOfUnitSquare', `${square}#Square.area`));
  });
});
