import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PythonModules } from './modules.js';

function modulesFor(files: string[], manifests: Array<{ path: string; text: string }> = []): PythonModules {
  return new PythonModules(new Set(files), manifests);
}

test('absolute names resolve from package roots, modules before packages', () => {
  const m = modulesFor(['corpus/pkg/__init__.py', 'corpus/pkg/a.py', 'corpus/pkg/sub/__init__.py', 'corpus/pkg/sub/b.py', 'tool.py']);
  assert.deepEqual(m.resolve('corpus/pkg/a.py', 'pkg.sub.b'), { kind: 'file', path: 'corpus/pkg/sub/b.py' });
  assert.deepEqual(m.resolve('tool.py', 'pkg'), { kind: 'file', path: 'corpus/pkg/__init__.py' });
  assert.deepEqual(m.resolve('corpus/pkg/a.py', 'pkg.missing'), { kind: 'missing' });
  assert.deepEqual(m.resolve('corpus/pkg/a.py', 'os.path'), { kind: 'external', name: 'os' });
});

test('relative names count dots from the importing file\'s package', () => {
  const m = modulesFor(['pkg/__init__.py', 'pkg/a.py', 'pkg/sub/__init__.py', 'pkg/sub/b.py']);
  assert.deepEqual(m.resolve('pkg/sub/b.py', '.'), { kind: 'file', path: 'pkg/sub/__init__.py' });
  assert.deepEqual(m.resolve('pkg/sub/b.py', '..a'), { kind: 'file', path: 'pkg/a.py' });
  assert.deepEqual(m.resolve('pkg/sub/b.py', '..'), { kind: 'file', path: 'pkg/__init__.py' });
  assert.deepEqual(m.submodule('pkg', 'a'), { kind: 'file', path: 'pkg/a.py' });
});

test('src layouts and manifest-declared roots, namespace packages and stubs', () => {
  const m = modulesFor(
    ['lib/ns/part.py', 'src/app/__init__.py', 'src/app/core.pyi', 'scripts/run.py', 'scripts/helper.py'],
    [{ path: 'pyproject.toml', text: '[tool.setuptools.packages.find]\nwhere = ["lib"]\n' }],
  );
  assert.deepEqual(m.resolve('scripts/run.py', 'app.core'), { kind: 'file', path: 'src/app/core.pyi' });
  assert.deepEqual(m.resolve('scripts/run.py', 'ns.part'), { kind: 'file', path: 'lib/ns/part.py' });
  assert.deepEqual(m.resolve('scripts/run.py', 'helper'), { kind: 'file', path: 'scripts/helper.py' }, 'a script sees its siblings');
  const cfg = modulesFor(['code/x/y.py'], [{ path: 'setup.cfg', text: '[options]\npackage_dir =\n    =code\n' }]);
  assert.deepEqual(cfg.resolve('other.py', 'x.y'), { kind: 'file', path: 'code/x/y.py' });
});
