import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_BUDGETS, isRepographError, syntaxLanguageOfPath } from '@repograph/core';
import { admitPath, excludedDirectoryReason, MAX_PARSE_BYTES, type AdmissionDecision } from './admission.js';
import { DEFAULT_MATERIAL_POLICY, decideByTags, fileTags, formatTag, parsePolicyFile, policyFingerprint } from './material.js';

/** admitPath as it was before material tags, kept here to prove the defaults did not move. */
function legacyAdmitPath(path: string, size: number): AdmissionDecision {
  const dirs: Record<string, string> = {
    node_modules: 'dependency', bower_components: 'dependency', dist: 'build_output', build: 'build_output',
    out: 'build_output', testdata: 'test_fixture', fixtures: 'test_fixture', __fixtures__: 'test_fixture',
    '.git': 'tooling', '.hg': 'tooling', '.svn': 'tooling',
  };
  const segments = path.split('/');
  for (let i = 0; i < segments.length - 1; i++) {
    const reason = dirs[segments[i]!];
    if (reason) return { action: 'exclude', reason };
  }
  // Java and the syntax tier (issue 18) made their languages' files source.
  if (/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|go|py|pyi|java)$/.test(path) || syntaxLanguageOfPath(path) !== null) {
    if (/\.min\.(js|mjs|cjs)$/.test(path)) return { action: 'document', reason: 'minified' };
    if (size > MAX_PARSE_BYTES) return { action: 'document', reason: 'too_large' };
    return { action: 'parse' };
  }
  if (/\.(md|markdown|rst|txt|json|jsonc|ya?ml|toml|html?|css|scss|less|xml|ini|cfg)$|(^|\/)(\.gitignore|\.npmignore|\.editorconfig|LICENSE|README|go\.mod|go\.work)$/i.test(path)) {
    return { action: 'document', reason: 'documentation' };
  }
  return { action: 'exclude', reason: 'unsupported_format' };
}

const NAMES = [
  'a.ts', 'b.tsx', 'c.mts', 'd.cts', 'e.js', 'f.jsx', 'g.mjs', 'h.cjs', 'i.go', 'j.py', 'k.pyi', 'X.TS',
  'app.min.js', 'app.min.mjs', 'app.min.cjs', 'app.min.css', 'README.md', 'notes.MD', 'guide.rst', 'a.txt',
  'README', 'readme', 'LICENSE', 'package.json', 'tsconfig.jsonc', 'c.yaml', 'c.yml', 'pyproject.toml', 'i.html',
  'i.htm', 's.css', 's.scss', 's.less', 'pom.xml', 'setup.cfg', 'tox.ini', '.gitignore', '.npmignore',
  '.editorconfig', 'go.mod', 'go.work', 'go.sum', 'image.png', 'Makefile', 'noext', 'a.rs', 'a.java', 'a.d.ts',
];
const DIRS = ['', 'src/', 'src/deep/x/', 'node_modules/pkg/', 'bower_components/', 'dist/', 'a/build/', 'out/',
  'pkg/testdata/', 'fixtures/', '__fixtures__/', '.git/', '.hg/objects/', '.svn/', 'docs/', 'src/dist.d/'];

test('default policy: same decision and reason as before tags for every previously known path', () => {
  for (const dir of DIRS) {
    for (const name of NAMES) {
      for (const size of [0, MAX_PARSE_BYTES, MAX_PARSE_BYTES + 1]) {
        const path = dir + name;
        assert.deepEqual(admitPath(path, size), legacyAdmitPath(path, size), path + ' @' + size);
      }
    }
  }
});

test('default policy: the newly excluded folders and tooling files', () => {
  const cases: Array<[string, string]> = [
    ['vendor/github.com/x/y.go', 'dependency'], ['third_party/lib/a.py', 'dependency'],
    ['target/debug/a.js', 'build_output'], ['web/.next/server/page.js', 'build_output'],
    ['.cache/x.js', 'cache'], ['pkg/__pycache__/m.py', 'cache'], ['.pytest_cache/README.md', 'cache'],
    ['.mypy_cache/3.11/m.json', 'cache'], ['.idea/workspace.xml', 'tooling'], ['.vscode/settings.json', 'tooling'],
    ['.cursor/rules.md', 'tooling'], ['.claude/settings.json', 'tooling'], ['.codex/a.md', 'tooling'],
    ['.agents/a.md', 'tooling'], ['.devloop/state.json', 'tooling'], ['.codebase/index.json', 'tooling'],
    ['AGENTS.md', 'tooling'], ['sub/dir/CLAUDE.md', 'tooling'], ['GEMINI.md', 'tooling'],
  ];
  for (const [path, reason] of cases) assert.deepEqual(admitPath(path, 10), { action: 'exclude', reason }, path);
  for (const name of ['vendor', 'third_party', 'target', '.next', '.cache', '__pycache__', '.vscode', '.claude']) {
    assert.notEqual(excludedDirectoryReason(name), null, name);
  }
  assert.equal(excludedDirectoryReason('src'), null);
  assert.equal(excludedDirectoryReason('node_modules'), 'dependency');
  // Config files are Documents now.
  assert.deepEqual(admitPath('.dockerignore', 10), { action: 'document', reason: 'documentation' });
  assert.deepEqual(admitPath('app/.env', 10), { action: 'document', reason: 'documentation' });
  assert.deepEqual(admitPath('.env.local', 10), { action: 'document', reason: 'documentation' });
});

test('tags: format and own path tags; ancestors are matched, not copied', () => {
  assert.equal(formatTag('a.ts'), 'source');
  assert.equal(formatTag('a.md'), 'documentation');
  assert.equal(formatTag('a.toml'), 'resource');
  assert.equal(formatTag('.env.production'), 'config');
  assert.equal(formatTag('a.png'), null);
  assert.deepEqual(fileTags('app.min.js'), ['source', 'minified']);
  assert.deepEqual(fileTags('AGENTS.md'), ['documentation', 'tooling']);
  assert.deepEqual(fileTags('node_modules'), []); // a file named like a folder carries no folder tag
  assert.deepEqual(admitPath('src/node_modules', 10), { action: 'exclude', reason: 'unsupported_format' });
  // The outermost excluding ancestor wins.
  assert.deepEqual(admitPath('vendor/pkg/testdata/a.go', 10), { action: 'exclude', reason: 'dependency' });
});

test('custom policies: parse a dependency folder, exclude documentation, document source', () => {
  const { policy } = parsePolicyFile(JSON.stringify({ material: { parse: ['dependency'], exclude: ['documentation', 'resource'] } }));
  assert.deepEqual(admitPath('vendor/x/a.go', 10, policy), { action: 'parse' });
  assert.deepEqual(admitPath('node_modules/x/README.md', 10, policy), { action: 'exclude', reason: 'documentation' });
  assert.deepEqual(admitPath('package.json', 10, policy), { action: 'exclude', reason: 'resource' });
  assert.deepEqual(admitPath('dist/a.js', 10, policy), { action: 'exclude', reason: 'build_output' });
  assert.equal(excludedDirectoryReason('vendor', policy), null);
  const second = parsePolicyFile('{"material": {"document": ["source", "test_fixture"], "exclude": ["minified"]}}').policy;
  assert.deepEqual(admitPath('src/a.ts', 10, second), { action: 'document', reason: 'documentation' });
  assert.deepEqual(admitPath('testdata/a.go', 10, second), { action: 'document', reason: 'test_fixture' });
  assert.deepEqual(admitPath('a.min.js', 10, second), { action: 'exclude', reason: 'minified' });
  assert.equal(excludedDirectoryReason('testdata', second), null);
  // Unlisted tags keep their defaults.
  assert.equal(second.actions.dependency, DEFAULT_MATERIAL_POLICY.actions.dependency);
  assert.deepEqual(decideByTags('src/a.ts'), { action: 'parse' });
});

test('parsePolicyFile: empty object, unknown keys warn, errors are UsageError naming the file', () => {
  const empty = parsePolicyFile('{}');
  assert.deepEqual(empty.policy.actions, DEFAULT_MATERIAL_POLICY.actions);
  assert.deepEqual(empty.warnings, []);
  assert.equal(empty.policy.preset, 'full');
  assert.equal(empty.policy.budgets, DEFAULT_BUDGETS);
  const warned = parsePolicyFile('{"colour": {}, "material": {"exclude": [], "include": ["x"]}, "budgets": {"queries": {"depth": 3, "width": 2}, "disk": {}}}');
  assert.deepEqual(warned.warnings.map((w) => /"([^"]+)"/.exec(w)![1]), ['colour', 'budgets.queries.width', 'budgets.disk', 'material.include']);
  assert.equal(warned.policy.budgets.queries.depth, 3);
  assert.equal(warned.policy.budgets.queries.results, DEFAULT_BUDGETS.queries.results);
  assert.equal(parsePolicyFile('{"preset": "analysis"}').policy.preset, 'analysis');
  assert.equal(policyFingerprint(parsePolicyFile('{}').policy), '');
  assert.equal(policyFingerprint(parsePolicyFile('{"budgets": {"queries": {"depth": 3}}}').policy), '', 'budgets do not shape the graph');
  assert.match(policyFingerprint(parsePolicyFile('{"preset": "analysis"}').policy), /^[0-9a-f]{12}$/);
  const fails: Array<[string, RegExp]> = [
    ['{not json', /not valid JSON/],
    ['[]', /must be a JSON object/],
    ['{"material": []}', /"material" must be an object/],
    ['{"material": {"exclude": "vendor"}}', /must be a list of tag names/],
    ['{"material": {"exclude": ["vendored"]}}', /unknown tag "vendored".*use one of: source/],
    ['{"material": {"exclude": ["cache"], "document": ["cache"]}}', /listed in both/],
    ['{"material": {"parse": ["documentation"]}}', /cannot be parsed/],
    ['{"preset": "minimal"}', /"preset" must be one of "full", "analysis"/],
    ['{"budgets": []}', /"budgets" must be an object/],
    ['{"budgets": {"materials": 5}}', /"budgets\.materials" must be an object/],
    ['{"budgets": {"materials": {"files": 0}}}', /"budgets\.materials\.files" must be a positive integer/],
    ['{"budgets": {"materials": {"files": 1.5}}}', /must be a positive integer/],
  ];
  for (const [text, message] of fails) {
    assert.throws(() => parsePolicyFile(text), (error: unknown) => {
      assert.ok(isRepographError(error));
      assert.equal(error.code, 'UsageError');
      assert.match(error.message, /^\.repograph\.json: /);
      assert.match(error.message, message);
      return true;
    }, text);
  }
});

test('folders named like an object\'s own properties carry no tag', () => {
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    assert.deepEqual(admitPath(`src/${name}/index.ts`, 10), { action: 'parse' }, name);
    assert.equal(excludedDirectoryReason(name), null, name);
    assert.deepEqual(decideByTags(`${name}/notes.md`), { action: 'document', reason: 'documentation' }, name);
  }
});
