// The material policy end to end: default exclusions by tag (vendor, caches, agent files), a
// .repograph.json that changes what is parsed, kept or excluded (in the worktree and in the
// commit's baseline alike), warnings for unknown keys, a malformed file refused at start, and
// baselines kept apart per policy.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { computeDelta } from '../../packages/analysis/dist/index.js';
import { openRepository } from '../../packages/engine/dist/index.js';
import { exportGraph, gitRepo, indexJson, repograph, tempDir } from '../helpers/repo.mjs';

const files = {
  'src/app.ts': 'export function app(): number {\n  return 1;\n}\n',
  'vendor/lib/dep.ts': 'export function dep(): number {\n  return 2;\n}\n',
  '.cache/tmp.ts': 'export const cached = 1;\n',
  'AGENTS.md': '# notes for agents\n',
  'README.md': '# app\n',
  'fixtures/broken.ts': 'export function (\n',
};

function paths(repo, home) {
  return exportGraph(repo, home).symbols.filter((s) => s.kind === 'file').map((s) => s.path).sort();
}

test('by default, dependency, cache and tooling material is excluded by tag; docs are kept', (t) => {
  const repo = tempDir();
  const home = tempDir();
  t.after(() => { repo.cleanup(); home.cleanup(); });
  gitRepo(repo.dir, files);
  const report = indexJson(repo.dir, home.dir);
  assert.deepEqual(paths(repo.dir, home.dir), ['README.md', 'src/app.ts']);
  assert.equal(report.materials.excluded.dependency, 1);
  assert.equal(report.materials.excluded.cache, 1);
  assert.equal(report.materials.excluded.tooling, 1);
  assert.equal(report.materials.excluded.test_fixture, 1);
});

test('.repograph.json changes the policy for the worktree and the baseline; unknown keys warn', (t) => {
  const repo = tempDir();
  const home = tempDir();
  t.after(() => { repo.cleanup(); home.cleanup(); });
  gitRepo(repo.dir, {
    ...files,
    '.repograph.json': JSON.stringify({ material: { parse: ['dependency'], exclude: ['documentation'] }, colour: 'blue' }),
  });
  const result = repograph(['index', '--repo', repo.dir, '--json'], { home: home.dir });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, /warning: .*\.repograph\.json: unknown key "colour"/);
  // The policy file itself is JSON: a resource, still kept as a Document.
  assert.deepEqual(paths(repo.dir, home.dir), ['.repograph.json', 'src/app.ts', 'vendor/lib/dep.ts']);
  // The baseline of HEAD was built with the same policy: the worktree overlay is empty.
  const status = JSON.parse(repograph(['index', '--repo', repo.dir, '--json'], { home: home.dir }).stdout);
  assert.equal(status.unchanged, true);
});

test('a malformed .repograph.json is a clear error at start (exit 2), naming the file', (t) => {
  const repo = tempDir();
  const home = tempDir();
  t.after(() => { repo.cleanup(); home.cleanup(); });
  gitRepo(repo.dir, files);
  writeFileSync(join(repo.dir, '.repograph.json'), '{"material": {"exclude": ["no_such_tag"]}}');
  const result = repograph(['index', '--repo', repo.dir], { home: home.dir });
  assert.equal(result.status, 2);
  assert.match(result.stderr, /\.repograph\.json/);
  assert.match(result.stderr, /no_such_tag/);
  writeFileSync(join(repo.dir, '.repograph.json'), '{"material": ');
  const broken = repograph(['index', '--repo', repo.dir], { home: home.dir });
  assert.equal(broken.status, 2);
  assert.match(broken.stderr, /not valid JSON/);
});

test('a baseline built under one policy is never read under another: check against HEAD stays empty', async (t) => {
  const repo = tempDir();
  const home = tempDir();
  t.after(() => { repo.cleanup(); home.cleanup(); });
  gitRepo(repo.dir, {
    'src/shape.ts': 'export class Shape {\n  size = 1;\n  area(): number {\n    return this.size;\n  }\n}\n',
  });
  let repository = await openRepository({ repoRoot: repo.dir, dataRoot: home.dir, threads: 1 });
  await repository.refresh('default');
  assert.equal(repository.listBaselines().length, 1);
  await repository.close();

  // The analysis preset drops Shape.size; a baseline of HEAD built in full mode must not be its base.
  writeFileSync(join(repo.dir, '.repograph.json'), JSON.stringify({ preset: 'analysis' }));
  repository = await openRepository({ repoRoot: repo.dir, dataRoot: home.dir, threads: 1 });
  try {
    await repository.refresh('default');
    const baselines = repository.listBaselines();
    assert.equal(baselines.length, 2, 'one baseline of HEAD per policy');
    assert.equal(new Set(baselines.map((b) => b.commit)).size, 1);
    const { analysis } = await repository.deltaSince('default', 'HEAD', computeDelta);
    assert.deepEqual(analysis.symbols.removed, [], 'nothing the preset dropped shows as removed');
    assert.deepEqual(analysis.reparsed, ['.repograph.json']);
  } finally {
    await repository.close();
  }
});
