// Runs every test with node's test runner: the end-to-end tests in test/ (*.test.mjs) and the
// unit tests compiled beside the code (packages/*/dist/**/*.test.js). Node 20's runner does not
// expand globs itself, so this script lists the files.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = [];
function collect(dir, pattern) {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'fixtures') continue;
      collect(path, pattern);
    } else if (pattern.test(entry.name)) {
      files.push(relative(root, path));
    }
  }
}
collect(join(root, 'test'), /\.test\.mjs$/);
for (const dir of ['packages', 'protocol', 'daemon']) {
  const base = join(root, dir);
  let names = [];
  try { names = statSync(base).isDirectory() ? readdirSync(base) : []; } catch { names = []; }
  if (dir !== 'packages') collect(join(base, 'dist'), /\.test\.js$/);
  else for (const name of names) collect(join(base, name, 'dist'), /\.test\.js$/);
}
files.sort();
if (files.length === 0) {
  console.error('test/run.mjs: no test files found; run `npm run build` first.');
  process.exit(1);
}
const extra = process.argv.slice(2);
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...extra, ...files], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
