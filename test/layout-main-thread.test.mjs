// What the daemon's and the CLI's own threads load: no extraction walker or grammar. Only the
// extraction workers parse; the walkers are ~100 modules, and compiling them on the daemon's main
// thread cost its start ~60 ms and the background compiler's time after it (bench/RESULTS.md).
// Walks the built import graph (static imports and imports of a literal, as a lazy import() of a
// command or of the review is a load too) from each entry, resolving @repograph/* packages
// through their package.json exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const extractDist = join(projectRoot, 'packages/extract/dist');
/** Modules only a thread that parses may load. */
const WALKER = /^(js|python|go|java|syntax)\/|^(grammars|in-process|worker|lazy-extractors|extract-file)\.js$/;

const IMPORT = /(?:^|[\s;])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module file reachable from `entry` through this project's own modules (node_modules other than ours are not followed). */
function reachable(entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      let target = null;
      if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
      else if (specifier.startsWith('@repograph/')) target = createRequire(file).resolve(specifier);
      if (target !== null && !target.includes('node_modules') && existsSync(target)) queue.push(target);
    }
  }
  return seen;
}

for (const entry of ['daemon/dist/main.js', 'packages/cli/dist/main.js', 'packages/mcp/dist/index.js']) {
  test(`${entry} loads no extraction walker or grammar on its own thread`, () => {
    const modules = [...reachable(join(projectRoot, entry))];
    const fromExtract = modules.filter((file) => file.startsWith(extractDist)).map((file) => relative(extractDist, file));
    assert.deepEqual(fromExtract.filter((file) => WALKER.test(file)), [], `${entry} reaches walker modules`);
    if (entry !== 'packages/mcp/dist/index.js') {
      // The walk itself works: the entry reaches the engine, and the engine the extract package's entry.
      assert.ok(fromExtract.includes('index.js'), `${entry} should reach @repograph/extract's entry (found: ${fromExtract.join(', ')})`);
      assert.ok(modules.length > 100, `${entry} reaches only ${modules.length} modules`);
    }
  });
}

test('the in-process entry does load every walker (so the walk above can see one)', () => {
  const fromExtract = [...reachable(join(extractDist, 'in-process.js'))].map((file) => relative(extractDist, file));
  for (const folder of ['js/', 'python/', 'go/', 'java/', 'syntax/']) {
    assert.ok(fromExtract.some((file) => file.startsWith(folder)), `in-process.js should reach ${folder}`);
  }
});
