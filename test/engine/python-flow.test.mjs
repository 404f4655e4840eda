// End to end for the Python binder's overload and flow rules (issue 16): a call of an
// @overload-ed function reaches its implementation only; a name defined in both branches of an
// if/else or a try/except reaches both, in its file and through imports; a definition a later one
// replaces, or a branch jedi knows never runs, is not reached; a class body's per-branch methods
// and a @property returning one of two methods reach both.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exportGraph, gitRepo, indexJson, tempDir } from '../helpers/repo.mjs';
import { pythonFlowProject } from '../helpers/python-flow-project.mjs';

/** The targets of the call edges from a symbol whose site is on a line, sorted. */
function callTargets(edges, from, line) {
  return edges.filter((e) => e.kind === 'calls' && e.from === from && e.site.line === line).map((e) => e.to).sort();
}

describe('Python overloads and branches through the CLI', () => {
  const repo = tempDir();
  const home = tempDir();
  let graph;

  before(() => {
    gitRepo(repo.dir, pythonFlowProject);
    indexJson(repo.dir, home.dir);
    graph = exportGraph(repo.dir, home.dir);
  });
  after(() => { repo.cleanup(); home.cleanup(); });

  test('overload stubs and their implementation are one symbol at the implementation', () => {
    const loads = graph.symbols.filter((s) => s.path === 'app/api.py' && s.name === 'load');
    assert.equal(loads.length, 1);
    assert.equal(loads[0].id, 'app/api.py#load');
    assert.equal(loads[0].selection.start.line, 14, 'the implementation is where jedi puts the calls');
    assert.equal(loads[0].range.start.line, 10, 'the range starts at the first stub');
    assert.equal(graph.symbols.filter((s) => s.id.startsWith('app/api.py#Store.get')).length, 1);
  });

  test('a call of an overloaded function reaches the implementation, once', () => {
    const { edges } = graph;
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 6), ['app/api.py#Item.save', 'app/api.py#load']);
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 7), ['app/api.py#Item.save', 'app/api.py#Store', 'app/api.py#Store.get']);
    assert.deepEqual(callTargets(edges, 'app/api.py#local_use', 28), ['app/api.py#Item.save', 'app/api.py#load']);
  });

  test('a name defined in both branches reaches both, through an import too', () => {
    const { edges } = graph;
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 8), ['app/compat.py#encode'], 'the import of an external module reaches nothing');
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 9), ['app/compat.py#terminal', 'app/compat.py#terminal~2']);
    assert.deepEqual(callTargets(edges, 'app/compat.py#inside', 60), ['app/compat.py#terminal', 'app/compat.py#terminal~2']);
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 13).filter((to) => to.includes('home')), ['app/compat.py#Paths.home', 'app/compat.py#Paths.home~2']);
  });

  test('a replaced definition and a branch that never runs are not reached', () => {
    const { edges } = graph;
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 10), ['app/compat.py#modern'], 'sys.version_info >= (3, 8) holds');
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 11), ['app/compat.py#checked'], 'TYPE_CHECKING holds');
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 12), ['app/compat.py#replaced~2']);
    assert.deepEqual(callTargets(edges, 'app/compat.py#inside', 61), ['app/compat.py#replaced~2']);
  });

  test('calls of a @property or a conditional alias reach each value', () => {
    const { edges } = graph;
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 14).filter((to) => !to.endsWith('#Paths')), ['app/compat.py#Paths.first', 'app/compat.py#Paths.second']);
    assert.deepEqual(callTargets(edges, 'app/use.py#main', 16), ['app/compat.py#modern', 'app/compat.py#terminal', 'app/compat.py#terminal~2']);
  });
});
