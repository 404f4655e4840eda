import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readManifests } from './manifests.js';
import { ModuleResolver } from './module-resolution.js';

function resolverFor(files: string[], manifests: Array<{ path: string; text: string }> = []): ModuleResolver {
  const { packages, tsconfigs } = readManifests(manifests);
  return new ModuleResolver(new Set(files), packages, tsconfigs);
}

test('relative specifiers probe extensions and index files', () => {
  const r = resolverFor(['src/a.ts', 'src/b/index.tsx', 'src/c.js', 'src/d.d.ts']);
  assert.deepEqual(r.resolve('src/x.ts', './a'), { kind: 'file', path: 'src/a.ts' });
  assert.deepEqual(r.resolve('src/x.ts', './b'), { kind: 'file', path: 'src/b/index.tsx' });
  assert.deepEqual(r.resolve('src/x.ts', './c'), { kind: 'file', path: 'src/c.js' });
  assert.deepEqual(r.resolve('src/x.ts', './d'), { kind: 'file', path: 'src/d.d.ts' });
  assert.deepEqual(r.resolve('src/deep/x.ts', '../a'), { kind: 'file', path: 'src/a.ts' });
  assert.deepEqual(r.resolve('src/x.ts', './missing'), { kind: 'missing' });
  assert.deepEqual(r.resolve('x.ts', '../../outside'), { kind: 'missing' });
});

test('a .js specifier finds the .ts source it compiles from', () => {
  const r = resolverFor(['src/a.ts', 'src/b.tsx', 'src/c.mts']);
  assert.deepEqual(r.resolve('src/x.ts', './a.js'), { kind: 'file', path: 'src/a.ts' });
  assert.deepEqual(r.resolve('src/x.ts', './b.js'), { kind: 'file', path: 'src/b.tsx' });
  assert.deepEqual(r.resolve('src/x.ts', './c.mjs'), { kind: 'file', path: 'src/c.mts' });
});

test('tsconfig paths (resolved against the baseUrl when set) and baseUrl, with extends and comments', () => {
  const r = resolverFor(['app/src/lib/util.ts', 'app/src/main.ts', 'app/src/root.ts'], [
    { path: 'tsconfig.base.json', text: '{ // base\n "compilerOptions": { "paths": { "@lib/*": ["lib/*"], "exact": ["./root.ts"] }, }, }' },
    { path: 'app/tsconfig.json', text: '{ "extends": "../tsconfig.base.json", "compilerOptions": { "baseUrl": "src" } }' },
  ]);
  assert.deepEqual(r.resolve('app/src/main.ts', '@lib/util'), { kind: 'file', path: 'app/src/lib/util.ts' });
  assert.deepEqual(r.resolve('app/src/main.ts', 'exact'), { kind: 'file', path: 'app/src/root.ts' });
  assert.deepEqual(r.resolve('app/src/main.ts', 'lib/util'), { kind: 'file', path: 'app/src/lib/util.ts' });
  assert.deepEqual(r.resolve('app/src/main.ts', 'react'), { kind: 'external', name: 'react' });
});

test('workspace packages by name, exports map and dist-to-src mapping', () => {
  const r = resolverFor(['packages/core/src/index.ts', 'packages/core/src/sub/thing.ts', 'packages/util/lib/main.js'], [
    { path: 'packages/core/package.json', text: JSON.stringify({ name: '@acme/core', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './sub/*': './dist/sub/*.js' } }) },
    { path: 'packages/util/package.json', text: JSON.stringify({ name: 'util-pkg', main: 'lib/main.js' }) },
  ]);
  assert.deepEqual(r.resolve('app.ts', '@acme/core'), { kind: 'file', path: 'packages/core/src/index.ts' });
  assert.deepEqual(r.resolve('app.ts', '@acme/core/sub/thing'), { kind: 'file', path: 'packages/core/src/sub/thing.ts' });
  assert.deepEqual(r.resolve('app.ts', 'util-pkg'), { kind: 'file', path: 'packages/util/lib/main.js' });
  assert.deepEqual(r.resolve('app.ts', '@other/pkg/x'), { kind: 'external', name: '@other/pkg' });
  assert.deepEqual(r.resolve('app.ts', 'node:fs'), { kind: 'external', name: 'node:fs' });
});

test('a manifest that does not parse is reported and ignored', () => {
  const { packages, diagnostics } = readManifests([{ path: 'package.json', text: '{ nope' }]);
  assert.equal(packages.length, 0);
  assert.equal(diagnostics.length, 1);
  assert.match(diagnostics[0]!.message, /package\.json is not valid JSON/);
});
