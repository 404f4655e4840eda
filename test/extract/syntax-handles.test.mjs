// The syntax tier reads trees through node handles (packages/extract/src/syntax/handles.ts)
// instead of node-tree-sitter's SyntaxNode objects. Handles must be in use for every language on
// this install (the probe accepted them) and must give exactly the facts SyntaxNodes give: every
// syntax-tier snapshot input, plus inputs with syntax errors (where node-tree-sitter hands back
// nodes the error census already made as SyntaxNodes), extracted both ways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile } from '@repograph/extract/in-process';
import { readsThroughHandles, useNodeHandles } from '../../packages/extract/dist/syntax/extract.js';
import { SYNTAX_SPECS } from '../../packages/extract/dist/syntax/languages.js';

const here = dirname(fileURLToPath(import.meta.url));
const inputs = join(here, '../fixtures/extract/input');
const fixtures = readdirSync(inputs).filter((name) => name.startsWith('syntax-')).sort();

/** The facts of one file read through SyntaxNodes and through handles. */
function bothWays(path, bytes) {
  useNodeHandles(false);
  try {
    const viaObjects = extractFile(path, bytes);
    useNodeHandles(true);
    return { viaObjects, viaHandles: extractFile(path, bytes) };
  } finally {
    useNodeHandles(true);
  }
}

test('every syntax-tier language has a fixture and reads through handles', () => {
  for (const spec of Object.values(SYNTAX_SPECS)) {
    const fixture = fixtures.find((name) => name.startsWith(`syntax-${spec.language}.`));
    assert.ok(fixture, `a fixture for ${spec.language}`);
    extractFile(fixture, readFileSync(join(inputs, fixture)));
    assert.equal(readsThroughHandles(spec.language), true, `${spec.language} reads through handles`);
  }
});

test('handles give the same facts as SyntaxNodes on every syntax-tier fixture', () => {
  for (const name of fixtures) {
    const { viaObjects, viaHandles } = bothWays(name, readFileSync(join(inputs, name)));
    assert.ok(viaObjects.declarations.length > 0, `${name} declares something`);
    assert.deepEqual(viaHandles, viaObjects, name);
  }
});

test('handles give the same facts as SyntaxNodes on files with syntax errors', () => {
  for (const name of fixtures) {
    const text = readFileSync(join(inputs, name), 'utf8');
    const lines = text.split('\n');
    // Damage the middle of the file and its end, so error nodes sit among captured ones.
    const middle = Math.floor(lines.length / 2);
    const damaged = [...lines.slice(0, middle), ') } ] {{ (( "', ...lines.slice(middle), '} ) ((( x'].join('\n');
    const { viaObjects, viaHandles } = bothWays(name, new TextEncoder().encode(damaged));
    assert.equal(viaObjects.partial, true, `${name} has syntax errors once damaged`);
    assert.deepEqual(viaHandles, viaObjects, name);
  }
});
