// Binds a few files in process (extract + buildGraph, no store, no CLI) and lists the call and
// instantiation edges, for the binder's rule tests.
import { extractFile } from '../../packages/extract/dist/in-process.js';
import { buildGraph } from '../../packages/graph/dist/index.js';

/** The relations of the graph of `files` ({path: text}; package.json/tsconfig.json are manifests). */
export function bindFiles(files) {
  const manifests = [];
  const inputs = [];
  for (const [path, text] of Object.entries(files)) {
    if (/(^|\/)(package|tsconfig|jsconfig)\.json$/.test(path)) {
      manifests.push({ path, text });
      continue;
    }
    const facts = extractFile(path, new TextEncoder().encode(text));
    inputs.push({ path, facts, generated: false, lineCount: facts.lineCount, diagnostics: [] });
  }
  const output = buildGraph({ files: inputs, manifests, buildDiagnostics: [] });
  return output.groups.flatMap((group) => group.relations);
}

/**
 * The target of the call (or `new`) of `name` on line `line` of `path`: the symbol id, null when
 * unresolved, undefined when there is no such call; with its confidence.
 */
export function callAt(relations, path, line, name) {
  const edge = relations.find((r) => (r.kind === 'calls' || r.kind === 'instantiates') && r.site.path === path &&
    r.site.line === line && r.name === name);
  return edge === undefined ? undefined : { to: edge.to, confidence: edge.confidence };
}
