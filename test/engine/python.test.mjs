// End to end for Python: the built CLI indexes a git repository holding a small Python package
// (src/ layout declared in pyproject.toml) next to TypeScript, and the export shows call edges
// bound through base classes, relative imports, re-exports via __init__.py, module attributes and
// instances; names never bind across languages.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exportGraph, findEdge, gitRepo, indexJson, tempDir } from '../helpers/repo.mjs';
import { pythonProject } from '../helpers/python-project.mjs';

describe('a Python package indexed through the CLI', () => {
  const repo = tempDir();
  const home = tempDir();
  let report;
  let graph;

  before(() => {
    gitRepo(repo.dir, pythonProject);
    report = indexJson(repo.dir, home.dir);
    graph = exportGraph(repo.dir, home.dir);
  });
  after(() => { repo.cleanup(); home.cleanup(); });

  test('python files are extracted beside TypeScript', () => {
    assert.equal(report.materials.extracted, 7);
    const cart = graph.symbols.find((s) => s.id === 'src/shop/models.py#Cart');
    assert.equal(cart.kind, 'class');
    assert.equal(cart.doc, 'A cart.');
    const checkout = graph.symbols.find((s) => s.id === 'src/shop/models.py#Cart.checkout');
    assert.equal(checkout.kind, 'method');
    assert.deepEqual(checkout.params.map((p) => [p.name, Boolean(p.keywordOnly)]), [['dry_run', true]]);
    assert.ok(graph.symbols.some((s) => s.id === 'src/shop/models.py#Cart.items' && s.kind === 'property'));
  });

  test('self calls bind along the base classes, super() to the base', () => {
    const { edges } = graph;
    assert.equal(findEdge(edges, 'calls', 'src/shop/models.py#Cart.checkout', 'src/shop/base.py#Base.save')?.confidence, 'typed');
    assert.ok(findEdge(edges, 'calls', 'src/shop/models.py#Cart.checkout', 'src/shop/base.py#Base.validate'), 'super().validate()');
    assert.ok(findEdge(edges, 'calls', 'src/shop/base.py#Base.save', 'src/shop/base.py#Base.validate'));
    assert.ok(findEdge(edges, 'calls', 'src/shop/models.py#Cart.empty', 'src/shop/models.py#Cart'), 'cls() makes the class');
    assert.ok(findEdge(edges, 'extends', 'src/shop/models.py#Cart', 'src/shop/base.py#Base'));
  });

  test('imports bind through __init__ re-exports, relative imports and module attributes', () => {
    const { edges } = graph;
    const main = 'src/shop/service.py#main';
    assert.ok(findEdge(edges, 'calls', main, 'src/shop/models.py#Cart'), 're-export of Cart via __init__');
    assert.ok(findEdge(edges, 'calls', main, 'src/shop/models.py#Cart.checkout'), 'instance created in the same scope');
    const totals = edges.filter((e) => e.kind === 'calls' && e.from === main && e.to === 'src/shop/util.py#total');
    assert.equal(totals.length, 3, 'shop.util.total, util.total (from . import util), compute_total (renamed re-export)');
    assert.ok(findEdge(edges, 'calls', main, 'src/shop/base.py#Base.save'), 'classmethod result through the MRO');
    const keywordCall = edges.find((e) => e.from === main && e.to === 'src/shop/models.py#Cart.checkout');
    assert.equal(keywordCall.site.line, 9);
    assert.ok(findEdge(edges, 'imports', 'src/shop/service.py', 'src/shop/util.py'));
  });

  test('names never bind across languages', () => {
    const { edges } = graph;
    const launch = edges.find((e) => e.kind === 'calls' && e.from === 'src/shop/service.py#main' && e.name === 'launch');
    assert.ok(launch, 'the call is kept as a relation');
    assert.equal(launch.to, null, 'a Python launch() never reaches the TypeScript launch');
    const run = edges.find((e) => e.kind === 'calls' && e.from === 'src/shop/service.py#main' && e.name === 'run');
    assert.equal(run?.to, null, 'a Python run() never reaches the TypeScript run (nor util.run, which is not imported)');
    assert.ok(findEdge(edges, 'calls', 'web/main.ts', 'web/app.ts#run'), 'TypeScript still binds its own run');
    assert.ok(!edges.some((e) => e.site?.path?.endsWith('.py') && typeof e.to === 'string' && e.to.startsWith('web/')));
    assert.ok(!edges.some((e) => e.site?.path?.endsWith('.ts') && typeof e.to === 'string' && e.to.startsWith('src/')));
  });
});
