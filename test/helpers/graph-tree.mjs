// A tree of files (path -> text) bound by a GraphSession, and the check every incremental step
// of test/engine/ makes: the session's output equals buildGraph over the same files from scratch.
import assert from 'node:assert/strict';
import { extractFile } from '../../packages/extract/dist/in-process.js';
import { buildGraph, GraphSession, isResolutionManifest } from '../../packages/graph/dist/index.js';

/** The graph input of one file as the engine builds it (facts of parsed files; a manifest such as go.mod is a document). */
export function inputOf(path, text) {
  const facts = /\.(ts|tsx|js|cjs|mjs|py|go|java|rb|rs)$/.test(path) ? extractFile(path, Buffer.from(text)) : null;
  return { path, facts, generated: facts?.generated ?? false, lineCount: facts?.lineCount ?? 1, diagnostics: [] };
}

/** The graph input of a whole tree (a Map of path -> text), its resolution manifests included. */
export function graphInput(tree) {
  const manifests = [...tree].filter(([path]) => isResolutionManifest(path)).map(([path, text]) => ({ path, text }));
  return { files: [...tree].map(([path, text]) => inputOf(path, text)), manifests, buildDiagnostics: [] };
}

/** A session bound over `tree`. */
export function sessionOf(tree) {
  return GraphSession.create(graphInput(tree));
}

/**
 * Adds the `[path, text]` files of `add` and removes the paths of `remove`, in `tree` and in
 * `session`; asserts the session's digest equals a fresh build of the tree, and returns the update.
 */
export function step(session, tree, { add = [], remove = [] }, what = '') {
  for (const [path, text] of add) tree.set(path, text);
  for (const path of remove) tree.delete(path);
  const update = session.update({ upserts: add.map(([path, text]) => inputOf(path, text)), removed: remove });
  assert.equal(update.output.digest, freshGraph(tree).digest, `${what || `+${add.map(([p]) => p).join(', ')} -${remove.join(', ')}`}: the session equals a fresh build`);
  return update;
}

/** buildGraph over `tree` from scratch. */
export function freshGraph(tree) {
  return buildGraph(graphInput(tree));
}

/** The targets of the resolved calls made in `path`'s group. */
export function callsFrom(session, path) {
  return session.output.groups.find((group) => group.path === path).relations.filter((r) => r.kind === 'calls' && r.to !== null).map((r) => r.to);
}
