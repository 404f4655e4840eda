// Invariant 2 through the live daemon: after a randomized sequence of edits, creates, deletes and
// renames made on disk (seen only through the watcher), the daemon's digest equals a from-scratch
// build of the final tree. The corpus is real code: this repository's own TypeScript sources,
// copied into a temporary git repository.
import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call, startDaemon } from '../helpers/daemon.mjs';
import { git, indexJson, projectRoot, repograph, tempDir } from '../helpers/repo.mjs';
import { random } from '../helpers/random.mjs';

function sourceFiles(root, dir = '') {
  const files = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sourceFiles(root, path));
    else if (path.endsWith('.ts')) files.push(path);
  }
  return files.sort();
}

for (const mode of ['mixed', 'edits']) {
  const what = mode === 'mixed' ? 'edits, creates, deletes and renames' : 'content edits, each indexed on its own (re-binding only dependents)';
  test(`after random ${what} on disk, the live digest equals a fresh build`, { timeout: 240_000 }, async (t) => run(t, mode));
}

async function run(t, mode) {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const repo = join(dir, 'repo');
  for (const pkg of ['core', 'graph', 'engine']) cpSync(join(projectRoot, 'packages', pkg, 'src'), join(repo, 'packages', pkg, 'src'), { recursive: true });
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'corpus');
  const home = join(dir, 'home');
  const daemon = await startDaemon(repo, home);
  t.after(() => daemon.stop());
  const client = await daemon.client('invariant');
  const initial = await call(client, 'index.report', { sync: true });
  // Build the daemon's name table now, so later searches patch it generation by generation.
  await call(client, 'symbols.search', { query: 'Repository' });

  const seed = Number(process.env.REPOGRAPH_TEST_SEED ?? Date.now() % 100000);
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const log = [];
  for (let step = 0; step < 40; step++) {
    const files = sourceFiles(repo).filter((f) => !f.startsWith('.git/'));
    const roll = mode === 'edits' ? next() * 0.45 : next();
    const file = pick(files);
    const absolute = join(repo, file);
    if (roll < 0.45) {
      // Edit: rename an exported function or add a call, keeping the file plausible code.
      const text = readFileSync(absolute, 'utf8');
      const edited = next() < 0.5
        ? text.replace(/export function (\w+)/, (_m, name) => `export function ${name}Renamed${step}`)
        : `${text}\nexport function added${step}(): void {\n  added${step}();\n}\n`;
      writeFileSync(absolute, edited);
      log.push(`edit ${file}`);
    } else if (roll < 0.65) {
      const created = `packages/engine/src/created-${step}.ts`;
      writeFileSync(join(repo, created), `import { ${'RepographError'} } from '../../core/src/errors.js';\nexport function made${step}() { return new RepographError('UsageError', 'x'); }\n`);
      log.push(`create ${created}`);
    } else if (roll < 0.8) {
      rmSync(absolute);
      log.push(`delete ${file}`);
    } else {
      const target = file.replace(/\.ts$/, `-moved${step}.ts`);
      renameSync(absolute, join(repo, target));
      log.push(`rename ${file} -> ${target}`);
    }
    // Some steps land in one batch, some in several; in `edits` mode each is its own refresh.
    if (mode === 'edits') await call(client, 'index.status', { sync: true });
    else if (next() < 0.4) await new Promise((resolve) => setTimeout(resolve, 60));
  }
  const live = await call(client, 'index.report', { sync: true });

  const freshHome = join(dir, 'fresh-home');
  const fresh = indexJson(repo, freshHome);
  assert.equal(live.digest, fresh.digest,
    `seed ${seed}: live digest differs from a fresh build after:\n${log.join('\n')}`);
  assert.notEqual(live.digest, initial.digest, 'the edits reached the daemon');
  // Search answers from the patched name table equal those of a fresh store.
  for (const query of ['Renamed', 'added', 'made', 'Repository']) {
    const daemonIds = (await call(client, 'symbols.search', { query, limit: 200 })).symbols.map((s) => s.id);
    const offline = repograph(['search', query, '--repo', repo, '--limit', '200', '--json'], { home: freshHome });
    assert.equal(offline.status, 0, offline.stderr);
    assert.deepEqual(daemonIds, JSON.parse(offline.stdout).symbols.map((s) => s.id), `seed ${seed}: search '${query}'`);
  }
}
