// edit.apply with dryRun: true, through the real daemon: the answer is the structural delta the
// edits would cause, equal to the delta of then applying the same edits for real, while the dry
// run writes nothing, publishes nothing (same generation, no graph.delta event) and leaves the
// workspace's bound tree as it was (a refresh of the edited path afterwards finds no change).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { brief, deltaSession, RICH_EDIT, RICH_FILES, RICH_LIB, replace, withoutTimings, write } from '../helpers/delta.mjs';

const FILES = {
  '.gitignore': 'scratch/\n',
  ...RICH_FILES,
};

/** The delta of an edit.apply answer, without what differs between a dry and a real run. */
function deltaOf(result) {
  const { dryRun: _d, written: _w, ...delta } = withoutTimings(result);
  return delta;
}

/** The generation the workspace answers from now. */
async function generationOf(client) {
  return (await call(client, 'index.status', { sync: true })).meta.generation;
}

test('a dry run answers the delta the edit would cause, and changes nothing', { timeout: 90_000 }, async (t) => {
  const { apply, client, repo } = await deltaSession(t, FILES);
  const events = [];
  await client.subscribe('graph.delta', undefined, (event) => events.push(event));
  const generation = await generationOf(client);

  const dry = await apply([write('src/lib.ts', RICH_EDIT), write('src/extra.ts', 'export function extra(): number {\n  return 1;\n}\n')], { dryRun: true });
  assert.equal(dry.dryRun, true);
  assert.deepEqual(dry.written, []);
  assert.equal(dry.indexed, true, brief(dry));
  // Every list has something, so the comparison below compares something.
  assert.equal(dry.symbols.renamed.length, 1, brief(dry));
  assert.equal(dry.danglingCallers.length, 1, brief(dry));
  assert.equal(dry.signatureChanges.length, 1, brief(dry));
  assert.equal(dry.arityFindings.length, 1, brief(dry));
  assert.equal(dry.newDuplicates.length, 1, brief(dry));
  assert.equal(dry.testsReaching.length, 1, brief(dry));
  assert.deepEqual(dry.reparsed, ['src/extra.ts', 'src/lib.ts'], brief(dry));
  assert.equal(dry.meta.generation, generation, 'the delta is against the current generation');

  // Nothing on disk, nothing published, the bound tree as it was.
  assert.equal(readFileSync(join(repo, 'src/lib.ts'), 'utf8'), RICH_LIB);
  assert.equal(existsSync(join(repo, 'src/extra.ts')), false);
  assert.equal(await generationOf(client), generation);
  const welcome = await call(client, 'symbols.search', { query: 'welcome', sync: true });
  assert.deepEqual(welcome.symbols, [], 'the dry run published nothing');
  const again = await apply([write('src/lib.ts', RICH_EDIT), write('src/extra.ts', 'export function extra(): number {\n  return 1;\n}\n')], { dryRun: true });
  assert.deepEqual(deltaOf(again), deltaOf(dry), 'a second dry run answers the same');
  const reread = await call(client, 'workspace.refresh', { id: 'default', paths: ['src/lib.ts', 'src/extra.ts'] });
  assert.deepEqual(reread.reparsed, [], `the bound tree is the one on disk: ${brief(reread)}`);
  assert.equal(reread.meta.generation, generation, 'and nothing new is published');
  assert.deepEqual(events, [], 'no graph.delta event');

  // Applied for real, the same edits give the same delta.
  const real = await apply([write('src/lib.ts', RICH_EDIT), write('src/extra.ts', 'export function extra(): number {\n  return 1;\n}\n')]);
  assert.equal(real.dryRun, false);
  assert.ok(real.meta.generation > generation);
  assert.deepEqual(deltaOf(dry), deltaOf(real));
});

test('a dry run of a replace and of a path the index does not admit', { timeout: 90_000 }, async (t) => {
  const { apply, client, repo } = await deltaSession(t, FILES);
  const generation = await generationOf(client);

  const edits = [replace('src/use.ts', "greet('a')", "greet('a', 'b')"), replace('src/lib.ts', 'left + right', 'right + left')];
  const dry = await apply(edits, { dryRun: true });
  assert.equal(dry.indexed, true, brief(dry));
  assert.equal(dry.arityFindings.length, 1, brief(dry));
  assert.equal(readFileSync(join(repo, 'src/use.ts'), 'utf8'), FILES['src/use.ts']);
  assert.equal(await generationOf(client), generation);

  const vendored = await apply([write('node_modules/pkg/index.js', 'export function vendored() {\n  return 1;\n}\n')], { dryRun: true });
  assert.equal(vendored.indexed, false, brief(vendored));
  assert.match(vendored.noDelta, /not indexed/);
  assert.deepEqual(vendored.written, []);
  assert.equal(existsSync(join(repo, 'node_modules/pkg/index.js')), false);

  // A new file .gitignore ignores would not be indexed by a real write either.
  const ignored = await apply([write('scratch/notes.ts', 'export function note(): number {\n  return 1;\n}\n')], { dryRun: true });
  assert.equal(ignored.indexed, false, brief(ignored));
  assert.equal(existsSync(join(repo, 'scratch/notes.ts')), false);

  const real = await apply(edits);
  assert.deepEqual(deltaOf(dry), deltaOf(real));
  const ignoredForReal = await apply([write('scratch/notes.ts', 'export function note(): number {\n  return 1;\n}\n')]);
  assert.equal(ignoredForReal.indexed, false, brief(ignoredForReal));
});
