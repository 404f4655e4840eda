// A Python module that comes into a package or leaves it changes the package `__init__`'s
// dependencies (`pkg.sub` is an attribute of the package), yet binds the package as before
// unless the package's own code names it: only the files that look its name up are bound again
// (graph-session.ts, python/package-members.ts). Each step must equal a fresh build; the
// re-bound sets are checked against what a file can see.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callsFrom, sessionOf, step } from '../helpers/graph-tree.mjs';

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

test('a submodule the package never names re-binds only the files that look its name up', () => {
  const tree = project('"""The package."""\nVERSION = 3\n');
  const session = sessionOf(tree);

  const added = step(session, tree, { add: [EXTRA] });
  assert.equal(added.mode, 'incremental');
  for (const path of ['pkg/extra.py', 'pkg/__init__.py', 'app/attribute_user.py', 'app/from_user.py']) assert.ok(added.rebound.includes(path), `${path} should be re-bound`);
  for (const path of ['app/bystander.py', 'app/second_hand.py', 'pkg/core.py']) assert.ok(!added.rebound.includes(path), `${path} re-bound, though it cannot see pkg.extra`);
  assert.ok(callsFrom(session, 'app/attribute_user.py').some((to) => to.includes('pkg/extra.py')), 'pkg.extra.helper() now reaches helper');

  const removed = step(session, tree, { remove: [EXTRA[0]] });
  assert.ok(!removed.rebound.includes('app/bystander.py'));
  assert.ok(!callsFrom(session, 'app/attribute_user.py').some((to) => to.includes('pkg/extra.py')), 'and reaches nothing once it is gone');
});

test('a submodule the package itself names re-binds every dependent of the package, as before', () => {
  for (const init of ['from . import extra\nVERSION = 3\n', 'VERSION = 3\nhelper = extra.helper\n', 'from .extra import helper\nVERSION = 3\n']) {
    const tree = project(init);
    const session = sessionOf(tree);
    const added = step(session, tree, { add: [EXTRA] }, `adding pkg/extra.py under ${JSON.stringify(init)}`);
    assert.ok(added.rebound.includes('app/second_hand.py'), `every dependent re-bound under ${JSON.stringify(init)}`);
    step(session, tree, { remove: [EXTRA[0]] }, `removing it under ${JSON.stringify(init)}`);
  }
});

test('a subpackage that comes and goes is a member by its folder name', () => {
  const tree = project('VERSION = 3\n');
  tree.set('app/attribute_user.py', 'import pkg\n\n\ndef by_attribute():\n    return pkg.nested.helper()\n');
  const session = sessionOf(tree);
  const nested = ['pkg/nested/__init__.py', 'def helper():\n    return 4\n'];
  const added = step(session, tree, { add: [nested] });
  assert.ok(added.rebound.includes('app/attribute_user.py'));
  assert.ok(!added.rebound.includes('app/second_hand.py'));
  step(session, tree, { remove: [nested[0]] });
});
