// A Python module that comes into a package or leaves it changes the package `__init__`'s
// dependencies (`pkg.sub` is an attribute of the package), yet binds the package as before
// unless the package's own code names it: only the files that look its name up are bound again
// (graph-session.ts, python/package-members.ts). Each step must equal a fresh build; the
// re-bound sets are checked against what a file can see.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFile } from '../../packages/extract/dist/in-process.js';
import { buildGraph, GraphSession } from '../../packages/graph/dist/index.js';

const inputOf = (path, text) => {
  const facts = extractFile(path, Buffer.from(text));
  return { path, facts, generated: false, lineCount: facts.lineCount, diagnostics: [] };
};

function project(initText) {
  return new Map([
    ['pkg/__init__.py', initText],
    ['pkg/core.py', 'def run():\n    return 1\n'],
    ['app/attribute_user.py', 'import pkg\n\n\ndef by_attribute():\n    return pkg.extra.helper()\n'],
    ['app/from_user.py', 'from pkg import extra\n\n\ndef by_import():\n    return extra.helper()\n'],
    ['app/bystander.py', 'import pkg\nfrom pkg.core import run\n\n\ndef unrelated():\n    return run() + pkg.VERSION\n'],
    ['app/second_hand.py', 'from app.bystander import unrelated\n\n\ndef again():\n    return unrelated()\n'],
  ]);
}
const EXTRA = ['pkg/extra.py', 'def helper():\n    return 2\n'];

const fresh = (tree) => buildGraph({ files: [...tree].map(([path, text]) => inputOf(path, text)), manifests: [], buildDiagnostics: [] });
const sessionOf = (tree) => GraphSession.create({ files: [...tree].map(([path, text]) => inputOf(path, text)), manifests: [], buildDiagnostics: [] });

test('a submodule the package never names re-binds only the files that look its name up', () => {
  const tree = project('"""The package."""\nVERSION = 3\n');
  const session = sessionOf(tree);

  tree.set(...EXTRA);
  const added = session.update({ upserts: [inputOf(...EXTRA)], removed: [] });
  assert.equal(added.output.digest, fresh(tree).digest, 'adding pkg/extra.py');
  assert.equal(added.mode, 'incremental');
  for (const path of ['pkg/extra.py', 'pkg/__init__.py', 'app/attribute_user.py', 'app/from_user.py']) assert.ok(added.rebound.includes(path), `${path} should be re-bound`);
  for (const path of ['app/bystander.py', 'app/second_hand.py', 'pkg/core.py']) assert.ok(!added.rebound.includes(path), `${path} re-bound, though it cannot see pkg.extra`);
  const calls = (graph, from) => graph.output.groups.find((g) => g.path === from).relations.filter((r) => r.kind === 'calls' && r.to !== null).map((r) => r.to);
  assert.ok(calls(session, 'app/attribute_user.py').some((to) => to.includes('pkg/extra.py')), 'pkg.extra.helper() now reaches helper');

  tree.delete(EXTRA[0]);
  const removed = session.update({ upserts: [], removed: [EXTRA[0]] });
  assert.equal(removed.output.digest, fresh(tree).digest, 'removing pkg/extra.py');
  assert.ok(!removed.rebound.includes('app/bystander.py'));
  assert.ok(!calls(session, 'app/attribute_user.py').some((to) => to.includes('pkg/extra.py')), 'and reaches nothing once it is gone');
});

test('a submodule the package itself names re-binds every dependent of the package, as before', () => {
  for (const init of ['from . import extra\nVERSION = 3\n', 'VERSION = 3\nhelper = extra.helper\n', 'from .extra import helper\nVERSION = 3\n']) {
    const tree = project(init);
    const session = sessionOf(tree);
    tree.set(...EXTRA);
    const added = session.update({ upserts: [inputOf(...EXTRA)], removed: [] });
    assert.equal(added.output.digest, fresh(tree).digest, `adding pkg/extra.py under ${JSON.stringify(init)}`);
    assert.ok(added.rebound.includes('app/second_hand.py'), `every dependent re-bound under ${JSON.stringify(init)}`);
    tree.delete(EXTRA[0]);
    assert.equal(session.update({ upserts: [], removed: [EXTRA[0]] }).output.digest, fresh(tree).digest, `removing it under ${JSON.stringify(init)}`);
  }
});

test('a subpackage that comes and goes is a member by its folder name', () => {
  const tree = project('VERSION = 3\n');
  tree.set('app/attribute_user.py', 'import pkg\n\n\ndef by_attribute():\n    return pkg.nested.helper()\n');
  const session = sessionOf(tree);
  const nested = ['pkg/nested/__init__.py', 'def helper():\n    return 4\n'];
  tree.set(...nested);
  const added = session.update({ upserts: [inputOf(...nested)], removed: [] });
  assert.equal(added.output.digest, fresh(tree).digest);
  assert.ok(added.rebound.includes('app/attribute_user.py'));
  assert.ok(!added.rebound.includes('app/second_hand.py'));
  tree.delete(nested[0]);
  assert.equal(session.update({ upserts: [], removed: [nested[0]] }).output.digest, fresh(tree).digest);
});
