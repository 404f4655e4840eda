import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSatisfied } from './constraints.js';
import { moduleSpecifierOf } from './packages.js';

test('go.mod module directive', () => {
  assert.equal(moduleSpecifierOf('// comment\nmodule example.com/app\n\ngo 1.21\n'), 'example.com/app');
  assert.equal(moduleSpecifierOf('module "example.com/quoted" // note\n'), 'example.com/quoted');
  assert.equal(moduleSpecifierOf('go 1.21\nrequire x v1\n'), null);
  assert.equal(moduleSpecifierOf('this is not a go.mod'), null);
});

test('build constraints for the default linux/amd64 build', () => {
  assert.equal(buildSatisfied('a.go', undefined), true);
  assert.equal(buildSatisfied('a.go', 'linux && amd64'), true);
  assert.equal(buildSatisfied('a.go', 'windows || darwin'), false);
  assert.equal(buildSatisfied('a.go', '!go1.18'), false);
  assert.equal(buildSatisfied('a.go', 'go1.18 && !race'), true);
  assert.equal(buildSatisfied('a.go', '(linux && amd64 || darwin) && !race'), true);
  assert.equal(buildSatisfied('a.go', 'ignore'), false);
  assert.equal(buildSatisfied('a.go', '&& broken ('), true, 'an expression that does not parse holds');
  assert.equal(buildSatisfied('x/os_windows.go', undefined), false);
  assert.equal(buildSatisfied('x/os_linux_test.go', undefined), true);
  assert.equal(buildSatisfied('x/os_darwin_arm64.go', undefined), false);
  assert.equal(buildSatisfied('x/zsys_linux_amd64.go', undefined), true);
  assert.equal(buildSatisfied('x/go_collector_latest.go', undefined), true);
  assert.equal(buildSatisfied('x/linux.go', undefined), true, 'a bare GOOS name is no suffix');
});
