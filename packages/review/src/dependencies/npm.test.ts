import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DependencyReading, ReadOutcome } from './model.js';
import { readPackageJson } from './npm-manifest.js';
import { readPackageLock } from './npm-package-lock.js';
import { parsePnpmPackageKey, readPnpmLock } from './npm-pnpm-lock.js';
import { readYarnLock } from './npm-yarn-lock.js';

function reading(outcome: ReadOutcome): DependencyReading {
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  return outcome.reading;
}

function resolved(outcome: ReadOutcome): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, versions] of [...reading(outcome).resolved].sort(([a], [b]) => (a < b ? -1 : 1))) out[name] = [...versions].sort();
  return out;
}

test('package.json: all four sections are direct, the first section wins a name', () => {
  const manifest = reading(readPackageJson(JSON.stringify({
    name: 'app',
    dependencies: { lodash: '^4.17.21', '@scope/ui': '~2.1.0' },
    devDependencies: { typescript: '5.4.5', lodash: '^4.0.0' },
    optionalDependencies: { fsevents: '^2.3.3' },
    peerDependencies: { react: '>=18' },
  })));
  assert.deepEqual(Object.fromEntries(manifest.direct), {
    lodash: '^4.17.21', '@scope/ui': '~2.1.0', fsevents: '^2.3.3', typescript: '5.4.5', react: '>=18',
  });
  assert.equal(manifest.resolved.size, 0);
});

test('package.json: bad JSON is refused with the parser message', () => {
  const outcome = readPackageJson('{ "dependencies": { "a": "1" ');
  assert.equal(outcome.ok, false);
  assert.match(outcome.ok ? '' : outcome.message, /^is not valid JSON/);
});

test('package-lock v1: the nested dependencies tree, aliases by install name', () => {
  const lock = JSON.stringify({
    name: 'app', lockfileVersion: 1, requires: true,
    dependencies: {
      debug: { version: '4.3.4', requires: { ms: '2.1.2' }, dependencies: { ms: { version: '2.1.2' } } },
      ms: { version: '2.0.0' },
      'string-width-cjs': { version: 'npm:string-width@4.2.3' },
    },
  });
  assert.deepEqual(resolved(readPackageLock(lock)), { debug: ['4.3.4'], ms: ['2.0.0', '2.1.2'], 'string-width-cjs': ['4.2.3'] });
  assert.equal(reading(readPackageLock(lock)).direct.size, 0);
});

for (const lockfileVersion of [2, 3]) {
  test(`package-lock v${lockfileVersion}: the packages map, root and workspaces direct, links skipped`, () => {
    const lock = reading(readPackageLock(JSON.stringify({
      name: 'app', lockfileVersion,
      packages: {
        '': { name: 'app', workspaces: ['packages/*'], dependencies: { debug: '^4.3.0' }, devDependencies: { typescript: '^5.4.0' } },
        'packages/core': { name: '@app/core', version: '1.0.0', dependencies: { semver: '^7.6.0' } },
        'node_modules/@app/core': { resolved: 'packages/core', link: true },
        'node_modules/debug': { version: '4.3.4', dependencies: { ms: '2.1.2' } },
        'node_modules/debug/node_modules/ms': { version: '2.1.2' },
        'node_modules/ms': { version: '2.0.0' },
        'node_modules/@types/node': { version: '20.11.0', dev: true },
        'node_modules/semver': { version: '7.6.2' },
        'node_modules/typescript': { version: '5.4.5', dev: true },
      },
    })));
    assert.deepEqual([...lock.direct.keys()].sort(), ['debug', 'semver', 'typescript']);
    assert.deepEqual([...lock.resolved.keys()].sort(), ['@types/node', 'debug', 'ms', 'semver', 'typescript']);
    assert.deepEqual([...(lock.resolved.get('ms') ?? [])].sort(), ['2.0.0', '2.1.2']);
  });
}

test('pnpm-lock keys of v5, v6 and v9, peer suffixes dropped', () => {
  assert.deepEqual(parsePnpmPackageKey('/@babel/core/7.22.0', 5.4), { name: '@babel/core', version: '7.22.0' });
  assert.deepEqual(parsePnpmPackageKey('/react-dom/18.2.0_react@18.2.0', 5.4), { name: 'react-dom', version: '18.2.0' });
  assert.deepEqual(parsePnpmPackageKey('/@babel/core@7.22.0', 6), { name: '@babel/core', version: '7.22.0' });
  assert.deepEqual(parsePnpmPackageKey('/react-dom@18.2.0(react@18.2.0)', 6), { name: 'react-dom', version: '18.2.0' });
  assert.deepEqual(parsePnpmPackageKey('@types/node@20.11.0', 9), { name: '@types/node', version: '20.11.0' });
  assert.equal(parsePnpmPackageKey('github.com/user/repo/abc123', 5.4), null);
});

test('pnpm-lock v5: root sections as versions, /name/version keys', () => {
  const text = [
    'lockfileVersion: 5.4', '', 'specifiers:', '  react-dom: ^18.2.0', '',
    'dependencies:', '  react-dom: 18.2.0_react@18.2.0', '',
    'packages:', '', '  /react-dom/18.2.0_react@18.2.0:', '    resolution: {integrity: sha512-x}', '    dev: false', '',
    '  /scheduler/0.23.0:', '    resolution: {integrity: sha512-y}', '',
  ].join('\n');
  const lock = reading(readPnpmLock(text));
  assert.deepEqual(Object.fromEntries(lock.direct), { 'react-dom': '18.2.0' });
  assert.deepEqual(resolved(readPnpmLock(text)), { 'react-dom': ['18.2.0'], scheduler: ['0.23.0'] });
});

test('pnpm-lock v6: importers with specifier and version, /name@version keys', () => {
  const text = [
    "lockfileVersion: '6.0'", '',
    'importers:', '  .:', '    devDependencies:', '      typescript:', '        specifier: ^5.4.0', '        version: 5.4.5',
    '  packages/web:', '    dependencies:', '      react:', '        specifier: ^18.2.0', '        version: 18.2.0',
    '      '  + "'@app/core':", '        specifier: workspace:*', '        version: link:../core', '',
    'packages:', '  /react@18.2.0:', '    resolution: {integrity: sha512-a}', '  /typescript@5.4.5:', '    resolution: {integrity: sha512-b}',
    '  /loose-envify@1.4.0(react@18.2.0):', '    resolution: {integrity: sha512-c}', '',
  ].join('\n');
  const lock = reading(readPnpmLock(text));
  assert.deepEqual([...lock.direct.keys()].sort(), ['@app/core', 'react', 'typescript']);
  assert.deepEqual(resolved(readPnpmLock(text)), { 'loose-envify': ['1.4.0'], react: ['18.2.0'], typescript: ['5.4.5'] });
});

test('pnpm-lock v9: name@version keys, an environment document first is passed over', () => {
  const text = [
    '---', "lockfileVersion: '9.0'", 'importers:', '  .:', '    configDependencies: {}', '',
    '---', "lockfileVersion: '9.0'", '', 'settings:', '  autoInstallPeers: true', '',
    'importers:', '  .:', '    dependencies:', '      yaml:', '        specifier: ^2.4.0', '        version: 2.4.5', '',
    'packages:', '  yaml@2.4.5:', '    resolution: {integrity: sha512-d}', '  tarball-pkg@https://x.test/t.tgz:', '    resolution: {tarball: https://x.test/t.tgz}',
    '    name: tarball-pkg', '    version: 1.0.1', '',
    'snapshots:', '  yaml@2.4.5: {}', '',
  ].join('\n');
  assert.deepEqual(resolved(readPnpmLock(text)), { 'tarball-pkg': ['1.0.1'], yaml: ['2.4.5'] });
  assert.deepEqual(Object.fromEntries(reading(readPnpmLock(text)).direct), { yaml: '2.4.5' });
});

test('pnpm-lock: malformed YAML is refused', () => {
  const outcome = readPnpmLock("lockfileVersion: '9.0'\npackages:\n  a@1.0.0: {resolution: [\n");
  assert.equal(outcome.ok, false);
  assert.match(outcome.ok ? '' : outcome.message, /^is not valid YAML/);
});

test('yarn.lock v1: keys with several ranges, scoped names and aliases', () => {
  const text = [
    '# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.', '# yarn lockfile v1', '', '',
    '"@babel/code-frame@^7.0.0", "@babel/code-frame@^7.22.13":', '  version "7.22.13"',
    '  resolved "https://registry.yarnpkg.com/@babel/code-frame/-/code-frame-7.22.13.tgz#abc"', '',
    'chalk@^2.4.2:', '  version "2.4.2"', '  dependencies:', '    ansi-styles "^3.2.1"', '',
    'chalk@^4.1.0:', '  version "4.1.2"', '',
    '"string-width-cjs@npm:string-width@^4.2.0":', '  version "4.2.3"', '',
  ].join('\n');
  assert.deepEqual(resolved(readYarnLock(text)), {
    '@babel/code-frame': ['7.22.13'], chalk: ['2.4.2', '4.1.2'], 'string-width-cjs': ['4.2.3'],
  });
});

test('yarn.lock v1: conflict markers and an open string are refused at once, not handed to the parser', () => {
  const conflict = readYarnLock('# yarn lockfile v1\n\n<<<<<<< HEAD\na@^1:\n  version "1.0.0"\n=======\na@^1:\n  version "1.1.0"\n>>>>>>> b\n');
  assert.match(conflict.ok ? '' : conflict.message, /merge conflict markers/);
  const open = readYarnLock('# yarn lockfile v1\n\na@^1:\n  version "1.0.0"\n\nb@^1:\n  version "1.1.0\n');
  assert.match(open.ok ? '' : open.message, /not closed on line 7/);
});

test('yarn.lock v1: a comment on the last line without a newline reads', () => {
  assert.deepEqual(resolved(readYarnLock('# yarn lockfile v1\n\na@^1:\n  version "1.0.0"\n# end')), { a: ['1.0.0'] });
});

test('yarn.lock berry: resolution names, workspaces declare direct, patches fold into their package', () => {
  const text = [
    '# This file is generated by running "yarn install" inside your project.', '', '__metadata:', '  version: 8', '  cacheKey: 10c0', '',
    '"app@workspace:.":', '  version: 0.0.0-use.local', '  resolution: "app@workspace:."', '  dependencies:', '    resolve: "npm:^1.22.0"', '  languageName: unknown', '  linkType: soft', '',
    '"resolve@npm:^1.22.0":', '  version: 1.22.8', '  resolution: "resolve@npm:1.22.8"', '  languageName: node', '  linkType: hard', '',
    '"resolve@patch:resolve@npm%3A^1.22.0#optional!builtin<compat/resolve>":', '  version: 1.22.8',
    '  resolution: "resolve@patch:resolve@npm%3A1.22.8#optional!builtin<compat/resolve>::version=1.22.8&hash=c3c19d"', '',
    '"@types/node@npm:^20.0.0, @types/node@npm:^20.11.0":', '  version: 20.11.30', '  resolution: "@types/node@npm:20.11.30"', '',
  ].join('\n');
  const lock = reading(readYarnLock(text));
  assert.deepEqual(Object.fromEntries(lock.direct), { resolve: 'npm:^1.22.0' });
  assert.deepEqual(resolved(readYarnLock(text)), { '@types/node': ['20.11.30'], resolve: ['1.22.8'] });
});
