// End to end for the Go binder's typing rules: the built CLI indexes a small module and each call
// marked in test/helpers/go-typing-project.mjs binds to the method go/types would report, with
// confidence `typed`: method chains longer than any depth budget, every result of a multi-value
// call, and elements of slices, maps, channels and anonymous struct tables. A name is never
// guessed: a result or range variable whose type has no such method draws no edge.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exportGraph, gitRepo, indexJson, tempDir } from '../helpers/repo.mjs';
import { goTypingLine, goTypingProject } from '../helpers/go-typing-project.mjs';

describe('Go typing: chains, multi-value results, elements', () => {
  const repo = tempDir();
  const home = tempDir();
  let graph;

  before(() => {
    gitRepo(repo.dir, goTypingProject);
    indexJson(repo.dir, home.dir);
    graph = exportGraph(repo.dir, home.dir);
  });
  after(() => { repo.cleanup(); home.cleanup(); });

  /** The resolved call edges at a marked line of app/app.go. */
  const callsAt = (marker) => {
    const line = goTypingLine('app/app.go', marker);
    return graph.edges.filter((e) => e.kind === 'calls' && e.site.path === 'app/app.go' && e.site.line === line && e.to !== null);
  };
  const assertCall = (marker, method) => {
    const edge = callsAt(marker).find((e) => e.to === `model/model.go#${method}`);
    assert.ok(edge, `@${marker} calls ${method}; found ${JSON.stringify(callsAt(marker).map((e) => e.to))}`);
    assert.equal(edge.confidence, 'typed', `@${marker}`);
  };

  test('a method chain of any length binds every link', () => {
    assertCall('deep-chain', 'Node.Name');
    const links = callsAt('deep-chain').filter((e) => e.to === 'model/model.go#Node.Parent' && e.confidence === 'typed');
    assert.equal(links.length, 10, 'each of the ten Parent links');
    assertCall('chained-locals', 'Node.Visible');
  });

  test('every result of a multi-value call is typed', () => {
    assertCall('first-result', 'Node.Name');
    assertCall('second-result', 'Level.String');
    assertCall('if-init', 'Node.Visible');
    assertCall('var-spec', 'Node.Name');
    assertCall('func-literal', 'Node.Visible');
    assertCall('pair-first', 'Level.String');
    assertCall('pair-second', 'Node.Name');
  });

  test('elements of slices, maps, channels and tables are typed', () => {
    assertCall('range-slice', 'Node.Visible');
    assertCall('range-map-key', 'Node.Name');
    assertCall('range-map-value', 'Node.Visible');
    assertCall('range-channel', 'Node.Name');
    assertCall('slice-of-slices', 'Node.Name');
    assertCall('index', 'Node.Name');
    assertCall('map-value', 'Node.Visible');
    assertCall('comma-ok', 'Node.Name');
    assertCall('receive', 'Node.Name');
    assertCall('append', 'Node.Visible');
    assertCall('table', 'Node.Name');
    assertCall('function-list', 'Node.Visible');
  });

  test('no edge is guessed, and anonymous structs publish no symbols', () => {
    const appEdges = graph.edges.filter((e) => e.kind === 'calls' && e.site.path === 'app/app.go' && e.to !== null);
    assert.ok(appEdges.every((e) => e.to.startsWith('model/model.go#')));
    // Each marked line reaches the method named last on it, plus the links of its own chain.
    for (const edge of appEdges) {
      const text = goTypingProject['app/app.go'].split('\n')[edge.site.line - 1];
      const method = edge.to.slice(Math.max(edge.to.lastIndexOf('.'), edge.to.lastIndexOf('#')) + 1);
      assert.ok(text.includes(`${method}(`) || text.includes(`.${method}}`), `line ${edge.site.line} calls ${method}: ${text}`);
    }
    assert.ok(!graph.symbols.some((s) => s.path === 'app/app.go' && (s.name === 'in' || s.name === 'want' || s.name === '')));
  });
});
