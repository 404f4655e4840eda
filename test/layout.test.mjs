// The direction of imports between packages (DESIGN.md "Layout and the direction of imports"):
// each package imports another only through its entry and only where the design allows it, and
// declares every package it imports. Project references make `tsc -b` build in that order; this
// test also catches an import that would resolve through the workspace's node_modules anyway.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { projectRoot } from './helpers/repo.mjs';

/** Which internal packages each package may import. */
const ALLOWED = {
  core: [],
  protocol: [],
  extract: ['core'],
  graph: ['core'],
  store: ['core'],
  engine: ['core', 'extract', 'graph', 'store'],
  client: ['protocol'],
  mcp: ['protocol', 'client'],
  cli: ['core', 'engine', 'protocol', 'client', 'mcp'],
  daemon: ['protocol', 'core', 'engine', 'analysis', 'review'],
  analysis: ['core', 'engine'],
  review: ['core', 'engine', 'analysis'],
};

function sources(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sources(path));
    else if (entry.name.endsWith('.ts')) files.push(path);
  }
  return files;
}

for (const [name, allowed] of Object.entries(ALLOWED)) {
  test(`${name} imports only ${allowed.join(', ') || 'nothing internal'}, each through its entry`, () => {
    const root = name === 'protocol' || name === 'daemon' ? join(projectRoot, name) : join(projectRoot, 'packages', name);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const declared = Object.keys(manifest.dependencies ?? {});
    for (const file of sources(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/from '@repograph\/([a-z]+)([^']*)'/g)) {
        const [, target, subpath] = match;
        const where = `${file.slice(projectRoot.length)} imports @repograph/${target}${subpath}`;
        assert.ok(allowed.includes(target), `${where}, which DESIGN.md does not allow`);
        assert.ok(subpath === '' || (target === 'extract' && subpath === '/worker'), `${where}: import a package only through its entry`);
        assert.ok(declared.includes(`@repograph/${target}`), `${where} but does not declare it in package.json`);
      }
    }
  });
}
