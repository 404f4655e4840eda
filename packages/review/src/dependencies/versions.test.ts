import assert from 'node:assert/strict';
import { test } from 'node:test';
import { comparePep440, parsePep440 } from './pep440.js';
import { compareVersions, semverClassOf, specFloor } from './versions.js';

test('npm and Go classes through semver.diff, pre- forms folded', () => {
  assert.equal(semverClassOf('npm', '4.17.20', '4.17.21'), 'patch');
  assert.equal(semverClassOf('npm', '1.2.3', '1.3.0'), 'minor');
  assert.equal(semverClassOf('npm', '1.2.3', '2.0.0-rc.1'), 'major');
  assert.equal(semverClassOf('npm', '2.0.0-rc.1', '2.0.0-rc.2'), 'prerelease');
  assert.equal(semverClassOf('npm', 'github:a/b#abc', '1.0.0'), null);
  assert.equal(semverClassOf('go', 'v1.8.0', 'v2.0.0+incompatible'), 'major');
  assert.equal(semverClassOf('go', 'v0.0.0-20240101120000-abcdef123456', 'v0.0.0-20240301120000-123456abcdef'), 'prerelease');
  assert.equal(compareVersions('go', 'v0.0.0-20240301120000-123456abcdef', 'v0.0.0-20240101120000-abcdef123456'), 1);
  assert.equal(compareVersions('go', 'v1.2.4-0.20240101120000-abcdef123456', 'v1.2.3'), 1);
});

test('PEP 440 ordering: dev < pre < final < post, epochs first', () => {
  const ordered = ['1.0.dev1', '1.0a1.dev1', '1.0a1', '1.0b2', '1.0rc1', '1.0', '1.0+local.1', '1.0.post1.dev1', '1.0.post1', '1.0.1', '1!0.1'];
  for (let index = 1; index < ordered.length; index++) {
    const lower = parsePep440(ordered[index - 1] ?? '');
    const higher = parsePep440(ordered[index] ?? '');
    assert.ok(lower && higher);
    assert.equal(comparePep440(lower, higher), -1, `${ordered[index - 1]} < ${ordered[index]}`);
  }
  assert.equal(parsePep440('not-a-version'), null);
  assert.equal(comparePep440(parsePep440('1.0') ?? assert.fail(), parsePep440('1.0.0') ?? assert.fail()), 0);
});

test('Python classes through coerced semver', () => {
  assert.equal(semverClassOf('python', '2.31.0', '2.32.3'), 'minor');
  assert.equal(semverClassOf('python', '1.26', '2.0'), 'major');
  assert.equal(semverClassOf('python', '2024.2.2', '2024.6.2'), 'minor');
  assert.equal(semverClassOf('python', '1.0rc1', '1.0rc2'), 'prerelease');
  assert.equal(semverClassOf('python', '1.0', '1.0.post1'), 'patch');
  assert.equal(semverClassOf('python', '1.0', '1!1.0'), 'major');
});

test('spec floors: npm ranges, Python specifiers, Poetry carets', () => {
  assert.equal(specFloor('npm', '^4.17.20'), '4.17.20');
  assert.equal(specFloor('npm', '>=2 <3'), '2.0.0');
  assert.equal(specFloor('npm', '*'), null);
  assert.equal(specFloor('npm', 'latest'), null);
  assert.equal(specFloor('python', '>=1.26,<3'), '1.26');
  assert.equal(specFloor('python', '<3,!=2.1'), null);
  assert.equal(specFloor('python', '==2.8.*'), '2.8');
  assert.equal(specFloor('python', '^2.0'), '2.0');
  assert.equal(specFloor('python', '@ https://x/y.zip'), null);
});
