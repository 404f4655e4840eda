// A tree of files (path -> text) bound by a GraphSession, and the check every incremental step
// of test/engine/ makes: the session's output equals buildGraph over the same files from scratch.
import assert from 'node:assert/strict';
import { extractFile } from '../../packages/extract/dist/in-process.js';
import { buildGraph, GraphSession } from '../../packages/graph/dist/index.js';

/** The graph input of one parsed file, as the engine builds it. */
export function inputOf(path, text) {
  const facts = extractFile(path, Buffer.from(text));
  return { path, facts, generated: false, lineCount: facts.lineCount, diagnostics: [] };
}

/** A session bound over `tree` (a Map of path -> text). */
export function sessionOf(tree) {
  return GraphSession.create({ files: [...tree].map(([path, text]) => inputOf(path, text)), manifests: [], buildDiagnostics: [] });
}

/**
 * Adds the `[path, text]` files of `add` and removes the paths of `remove`, in `tree` and in
 * `session`; asserts the session's digest equals a fresh build of the tree, and returns the update.
 */
export function step(session, tree, { add = [], remove = [] }, what = '') {
  for (const [path, text] of add) tree.set(path, text);
  for (const path of remove) tree.delete(path);
  const update = session.update({ upserts: add.map(([path, text]) => inputOf(path, text)), removed: remove });
  const fresh = buildGraph({ files: [...tree].map(([path, text]) => inputOf(path, text)), manifests: [], buildDiagnostics: [] });
  assert.equal(update.output.digest, fresh.digest, `${what || `+${add.map(([p]) => p).join(', ')} -${remove.join(', ')}`}: the session equals a fresh build`);
  return update;
}

/** The targets of the resolved calls made in `path`'s group. */
export function callsFrom(session, path) {
  return session.output.groups.find((group) => group.path === path).relations.filter((r) => r.kind === 'calls' && r.to !== null).map((r) => r.to);
}
