import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffDependencies, isDependencyFile } from './diff.js';
import type { DependencyChange } from './model.js';

/** A package-lock v3 with these installs ("node_modules/..." keys) and root dependencies. */
function packageLock(root: Record<string, string>, installs: Record<string, string>): string {
  const packages: Record<string, unknown> = { '': { name: 'app', dependencies: root } };
  for (const [path, version] of Object.entries(installs)) packages[`node_modules/${path}`] = { version };
  return JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }, null, 2);
}

function packageJson(dependencies: Record<string, string>, devDependencies: Record<string, string> = {}): string {
  return JSON.stringify({ name: 'app', dependencies, devDependencies }, null, 2);
}

/** The changes as compact rows: "name change from -> to class direct manifest [importers]". */
function rows(changes: DependencyChange[]): string[] {
  return changes.map((c) =>
    `${c.ecosystem} ${c.name} ${c.change} ${c.from ?? '-'} -> ${c.to ?? '-'} ${c.semver ?? '-'} ${c.direct ? 'direct' : 'transitive'} ${c.manifest}` +
    (c.importedBy.length > 0 ? ` [${c.importedBy.join(' ')}]` : ''));
}

test('isDependencyFile knows every format in any folder, and nothing else', () => {
  for (const path of ['package.json', 'web/package-lock.json', 'pnpm-lock.yaml', 'a/b/yarn.lock', 'go.mod', 'svc/go.sum',
    'pyproject.toml', 'requirements.txt', 'requirements-dev.txt', 'py/requirements/base.txt', 'poetry.lock', 'uv.lock']) {
    assert.ok(isDependencyFile(path), path);
  }
  for (const path of ['src/package.ts', 'go.mod.bak', 'docs/requirements.md', 'notes.txt', 'Cargo.lock']) assert.ok(!isDependencyFile(path), path);
});

test('npm: lockfile versions win, with class, direct by package.json, importers by specifier', () => {
  const result = diffDependencies([
    {
      path: 'package.json',
      before: packageJson({ lodash: '^4.17.20', react: '^17.0.2', chalk: '^4.1.2' }, { typescript: '^5.4.0' }),
      after: packageJson({ lodash: '^4.17.21', react: '^18.2.0', 'left-pad': '^1.3.0' }, { typescript: '^5.4.5' }),
    },
    {
      path: 'package-lock.json',
      before: packageLock({ lodash: '^4.17.20', react: '^17.0.2', chalk: '^4.1.2' },
        { lodash: '4.17.20', react: '17.0.2', chalk: '4.1.2', 'loose-envify': '1.4.0', ms: '2.1.2', typescript: '5.4.5' }),
      after: packageLock({ lodash: '^4.17.21', react: '^18.2.0', 'left-pad': '^1.3.0' },
        { lodash: '4.17.21', react: '18.2.0', 'left-pad': '1.3.0', 'loose-envify': '1.4.0', ms: '2.1.1', typescript: '5.4.5' }),
    },
  ], [
    { path: 'src/util.ts', specifiers: ['lodash/fp', './local.js'] },
    { path: 'src/ui.tsx', specifiers: ['react', 'react-dom/client', 'lodash-es'] },
    { path: 'src/notes.md', specifiers: ['react'] },
  ]);
  assert.deepEqual(rows(result.changes), [
    'npm chalk removed 4.1.2 -> - - direct package-lock.json',
    'npm left-pad added - -> 1.3.0 - direct package-lock.json',
    'npm lodash upgraded 4.17.20 -> 4.17.21 patch direct package-lock.json [src/util.ts]',
    'npm ms downgraded 2.1.2 -> 2.1.1 patch transitive package-lock.json',
    'npm react upgraded 17.0.2 -> 18.2.0 major direct package-lock.json [src/ui.tsx]',
    'npm typescript upgraded ^5.4.0 -> ^5.4.5 patch direct package.json',
  ]);
  assert.deepEqual(result.diagnostics, []);
});

test('Go: go.mod is the build list, go.sum beside it is not reported twice, replace noted', () => {
  const before = 'module example.com/api\n\ngo 1.22\n\nrequire (\n\tgithub.com/spf13/cobra v1.7.0\n\tgolang.org/x/sync v0.6.0 // indirect\n)\n';
  const after = 'module example.com/api\n\ngo 1.22\n\nrequire (\n\tgithub.com/spf13/cobra v1.8.0\n\tgolang.org/x/sync v0.7.0 // indirect\n\tgithub.com/google/uuid v1.6.0\n)\n\nreplace github.com/google/uuid => ../uuid\n';
  const result = diffDependencies([
    { path: 'services/api/go.mod', before, after },
    { path: 'services/api/go.sum', before: 'github.com/spf13/cobra v1.7.0 h1:a=\n', after: 'github.com/spf13/cobra v1.8.0 h1:b=\n' },
  ], [
    { path: 'services/api/cmd/root.go', specifiers: ['github.com/spf13/cobra', 'fmt'] },
    { path: 'services/api/ids.go', specifiers: ['github.com/google/uuid'] },
    { path: 'services/web/main.go', specifiers: ['github.com/spf13/cobra'] },
  ]);
  assert.deepEqual(rows(result.changes), [
    'go github.com/google/uuid added - -> v1.6.0 - direct services/api/go.mod [services/api/ids.go]',
    'go github.com/spf13/cobra upgraded v1.7.0 -> v1.8.0 minor direct services/api/go.mod [services/api/cmd/root.go]',
    'go golang.org/x/sync upgraded v0.6.0 -> v0.7.0 minor transitive services/api/go.mod',
  ]);
  assert.deepEqual(result.diagnostics.map((d) => d.path), ['services/api/go.mod']);
  assert.match(result.diagnostics[0]?.message ?? '', /replace github\.com\/google\/uuid added \(=> \.\.\/uuid\)/);
});

test('Go: go.sum alone is read, directness unknown without go.mod', () => {
  const result = diffDependencies([{ path: 'go.sum', before: 'a.test/m v1.0.0 h1:x=\na.test/m v1.0.0/go.mod h1:y=\n', after: 'a.test/m v1.0.1 h1:z=\n' }]);
  assert.deepEqual(rows(result.changes), ['go a.test/m upgraded v1.0.0 -> v1.0.1 patch transitive go.sum']);
  const goMod = 'module m\n\nrequire a.test/m v1.0.0\n';
  const withContext = diffDependencies([
    { path: 'go.sum', before: 'a.test/m v1.0.0 h1:x=\n', after: 'a.test/m v1.0.1 h1:z=\n' },
    { path: 'go.mod', before: goMod, after: goMod },
  ], [{ path: 'main.go', specifiers: ['a.test/m/sub'] }]);
  assert.deepEqual(rows(withContext.changes), ['go a.test/m upgraded v1.0.0 -> v1.0.1 patch direct go.sum [main.go]']);
});

test('Python: poetry.lock versions, direct by pyproject, PEP 503 names, module import approximation', () => {
  const lock = (packages: Array<[string, string]>): string => packages.map(([name, version]) => `[[package]]\nname = "${name}"\nversion = "${version}"\n`).join('\n');
  const result = diffDependencies([
    {
      path: 'py/pyproject.toml',
      before: '[tool.poetry.dependencies]\npython = "^3.11"\nrequests = "^2.31"\n',
      after: '[tool.poetry.dependencies]\npython = "^3.11"\nrequests = "^2.32"\nTyping_Extensions = "^4.11"\n',
    },
    { path: 'py/poetry.lock', before: lock([['requests', '2.31.0'], ['urllib3', '2.2.1']]), after: lock([['requests', '2.32.3'], ['urllib3', '1.26.18'], ['typing-extensions', '4.11.0']]) },
  ], [
    { path: 'py/app/main.py', specifiers: ['requests.adapters', 'typing_extensions', '.sibling'] },
    { path: 'py/app/other.py', specifiers: ['urllib3'] },
  ]);
  assert.deepEqual(rows(result.changes), [
    'python requests upgraded 2.31.0 -> 2.32.3 minor direct py/poetry.lock [py/app/main.py]',
    'python typing-extensions added - -> 4.11.0 - direct py/poetry.lock [py/app/main.py]',
    'python urllib3 downgraded 2.2.1 -> 1.26.18 major transitive py/poetry.lock',
  ]);
});

test('Python: requirements pins without a lockfile are diffed as specs; a new file adds everything', () => {
  const result = diffDependencies([
    { path: 'requirements.txt', before: 'Flask==2.3.3\nitsdangerous==2.1.2\n', after: 'flask==3.0.3\nclick>=8.1\n' },
    { path: 'requirements/dev.txt', before: null, after: 'pytest==8.2.0\n' },
  ], [{ path: 'app.py', specifiers: ['flask', 'click'] }]);
  assert.deepEqual(rows(result.changes), [
    'python click added - -> >=8.1 - direct requirements.txt [app.py]',
    'python flask upgraded ==2.3.3 -> ==3.0.3 major direct requirements.txt [app.py]',
    'python itsdangerous removed ==2.1.2 -> - - direct requirements.txt',
    'python pytest added - -> ==8.2.0 - direct requirements/dev.txt',
  ]);
});

test('a workspace root lockfile covers a package manifest below it; importers mark direct', () => {
  const pnpm = (version: string): string => [
    "lockfileVersion: '9.0'", 'importers:', '  .: {}', '  packages/web:', '    dependencies:', '      react:',
    `        specifier: ^${version}`, `        version: ${version}`, 'packages:', `  react@${version}:`, '    resolution: {integrity: sha512-x}', '',
  ].join('\n');
  const result = diffDependencies([
    { path: 'pnpm-lock.yaml', before: pnpm('18.2.0'), after: pnpm('18.3.1') },
    { path: 'packages/web/package.json', before: packageJson({ react: '^18.2.0' }), after: packageJson({ react: '^18.3.1' }) },
  ], [{ path: 'packages/web/src/App.tsx', specifiers: ['react'] }]);
  assert.deepEqual(rows(result.changes), ['npm react upgraded 18.2.0 -> 18.3.1 minor direct pnpm-lock.yaml [packages/web/src/App.tsx]']);
});

test('an unchanged manifest passed with before equal to after marks a yarn.lock change direct', () => {
  const yarn = (version: string): string => `# yarn lockfile v1\n\n\nchalk@^4.1.0:\n  version "${version}"\n\nansi-styles@^4.1.0:\n  version "4.3.0"\n`;
  const manifest = packageJson({ chalk: '^4.1.0' });
  const result = diffDependencies([
    { path: 'yarn.lock', before: yarn('4.1.0'), after: yarn('4.1.2') },
    { path: 'package.json', before: manifest, after: manifest },
  ]);
  assert.deepEqual(rows(result.changes), ['npm chalk upgraded 4.1.0 -> 4.1.2 patch direct yarn.lock']);
});

test('a malformed file is a diagnostic on that file and the other files still give their changes', () => {
  const result = diffDependencies([
    { path: 'web/pnpm-lock.yaml', before: "lockfileVersion: '9.0'\npackages: {}\n", after: "lockfileVersion: '9.0'\npackages:\n  a@1.0.0: [unclosed\n" },
    { path: 'py/uv.lock', before: '[[package]\nname = "x"', after: '' },
    { path: 'api/package.json', before: packageJson({ express: '^4.18.0' }), after: packageJson({ express: '^4.19.2' }) },
    { path: 'README.md', before: 'a', after: 'b' },
  ]);
  assert.deepEqual(rows(result.changes), ['npm express upgraded ^4.18.0 -> ^4.19.2 minor direct api/package.json']);
  assert.deepEqual(result.diagnostics.map((d) => d.path), ['README.md', 'py/uv.lock', 'web/pnpm-lock.yaml']);
  assert.match(result.diagnostics[1]?.message ?? '', /^the base side is not valid TOML .*regenerate a lockfile/);
  assert.match(result.diagnostics[2]?.message ?? '', /^the head side is not valid YAML/);
});

test('an oversize YAML lockfile is refused with the limit named, and the other files still diff', () => {
  const padding = `# ${'x'.repeat(1024)}\n`.repeat(11 * 1024);
  const result = diffDependencies([
    { path: 'pnpm-lock.yaml', before: "lockfileVersion: '9.0'\n", after: `lockfileVersion: '9.0'\n${padding}` },
    { path: 'go.mod', before: 'module m\nrequire a.test/x v1.0.0\n', after: 'module m\nrequire a.test/x v1.1.0\n' },
  ]);
  assert.deepEqual(rows(result.changes), ['go a.test/x upgraded v1.0.0 -> v1.1.0 minor direct go.mod']);
  assert.equal(result.diagnostics.length, 1);
  assert.match(result.diagnostics[0]?.message ?? '', /the head side is 11\.0 MiB, over the 10\.0 MiB limit for YAML; .*by hand/);
});

test('several copies of one package pair by version; the output order does not depend on input order', () => {
  const files = [
    {
      path: 'package-lock.json',
      before: packageLock({}, { ms: '2.0.0', 'debug/node_modules/ms': '2.1.2' }),
      after: packageLock({}, { ms: '2.0.0', 'debug/node_modules/ms': '3.0.0', 'send/node_modules/ms': '2.1.3' }),
    },
    { path: 'b/requirements.txt', before: 'zope.interface==6.2\n', after: 'zope-interface==6.4\n' },
    { path: 'a/go.mod', before: 'module a\nrequire b.test/y v2.0.0+incompatible\n', after: 'module a\nrequire b.test/y v2.0.1+incompatible\n' },
  ];
  const first = diffDependencies(files);
  assert.deepEqual(rows(first.changes), [
    'go b.test/y upgraded v2.0.0+incompatible -> v2.0.1+incompatible patch direct a/go.mod',
    'npm ms added - -> 3.0.0 - transitive package-lock.json',
    'npm ms upgraded 2.1.2 -> 2.1.3 patch transitive package-lock.json',
    'python zope-interface upgraded ==6.2 -> ==6.4 minor direct b/requirements.txt',
  ]);
  assert.deepEqual(diffDependencies([...files].reverse()), first);
});

test('uv.lock and yarn berry lockfiles mark direct ones from their own project entries', () => {
  const uv = (httpx: string): string => [
    'version = 1', '', '[[package]]', 'name = "svc"', 'version = "0.1.0"', 'source = { virtual = "." }', 'dependencies = [{ name = "httpx" }]', '',
    '[[package]]', 'name = "httpx"', `version = "${httpx}"`, 'source = { registry = "https://pypi.org/simple" }', '',
    '[[package]]', 'name = "h11"', `version = "${httpx === '0.27.0' ? '0.14.0' : '0.16.0'}"`, 'source = { registry = "https://pypi.org/simple" }', '',
  ].join('\n');
  const berry = (version: string): string => [
    '__metadata:', '  version: 8', '', '"web@workspace:web":', '  version: 0.0.0-use.local', '  resolution: "web@workspace:web"',
    '  dependencies:', '    zod: "npm:^3.22.0"', '', '"zod@npm:^3.22.0":', `  version: ${version}`, `  resolution: "zod@npm:${version}"`, '',
  ].join('\n');
  const result = diffDependencies([
    { path: 'uv.lock', before: uv('0.27.0'), after: uv('0.28.1') },
    { path: 'yarn.lock', before: berry('3.22.4'), after: berry('3.23.8') },
  ], [{ path: 'web/src/schema.ts', specifiers: ['zod'] }, { path: 'svc/client.py', specifiers: ['httpx'] }]);
  assert.deepEqual(rows(result.changes), [
    'npm zod upgraded 3.22.4 -> 3.23.8 minor direct yarn.lock [web/src/schema.ts]',
    'python h11 upgraded 0.14.0 -> 0.16.0 minor transitive uv.lock',
    'python httpx upgraded 0.27.0 -> 0.28.1 minor direct uv.lock [svc/client.py]',
  ]);
});
