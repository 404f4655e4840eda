/**
 * The Python extractor: parses a decoded .py/.pyi text with tree-sitter-python, walks the tree
 * once with a cursor (visit.ts and the modules it dispatches to), and finishes the records with
 * the shared ../finish.ts (the same lexical binding, publication and fact shapes), then
 * adds what only Python has: docstrings, keyword argument names at call sites, the exported
 * flag (`__all__`, else every public module-level name) and the superseded flag. Between the walk
 * and finish.ts, the records are settled: list literals get what was appended to them
 * (collections.ts), each use of a name bound several times gets the bindings jedi would see
 * (bindings.ts), and alternatives that name builtins are dropped (unions.ts). Never throws for bad
 * syntax: what parses is indexed and a `parse_error` diagnostic says the rest is lost.
 *
 * Import encoding (ImportFact), read by packages/graph/src/python:
 * - `import a` / `import a.b as c`: style `namespace`, imported `*`, specifier the dotted module,
 *   local the bound name (the module object).
 * - `import a.b.c`: binds `a` (style `namespace`, specifier `a`, local `a`) plus a `side-effect`
 *   import of `a.b.c` (local ''), which loads the submodule.
 * - `from M import x as y`: style `named`, specifier M as written (`.`, `..m`, `pkg.mod`),
 *   imported `x` (a name of M's namespace or a submodule M.x), local `y`.
 * - `from M import *`: style `namespace`, imported `*`, local '' (no binding), plus an ExportFact
 *   `reexport-all` from M: the star-imported names become attributes of this module.
 * `__all__ = [...]` (and `+=`) gives one `local` ExportFact per listed name.
 */
import type Parser from 'tree-sitter';
import { newParser } from '../grammars.js';
import type { Diagnostic } from '@repograph/core';
import { errorCensus } from '../census.js';
import { finishFacts } from '../finish.js';
import type { FinishedFacts } from '../finish.js';
import type { LineTable } from '../positions.js';
import { resolveBindings } from './bindings.js';
import { finishCollections } from './collections.js';
import { pruneUnions } from './unions.js';
import {
  PyWalker, enter, leave, typeAt,
} from './state.js';
import { visitChildren } from './visit.js';
import { R_READ } from './state.js';
import { finishSurfaces } from './surfaces.js';
import type { FinishedSurfaces } from './surfaces.js';

export interface PythonExtracted extends FinishedFacts, FinishedSurfaces {
  partial: boolean;
  diagnostics: Diagnostic[];
  parseMs: number;
  walkMs: number;
}

let parser: Parser | null = null;

function parsePython(text: string): Parser.Tree {
  if (parser === null) {
    parser = newParser('python');
  }
  return parser.parse(text, undefined, { bufferSize: text.length + 1 });
}

/** Extracts the facts of a decoded Python text. */
export function extractPythonText(path: string, text: string, lines: LineTable): PythonExtracted {
  const diagnostics: Diagnostic[] = [];
  const parseStart = performance.now();
  const tree = parsePython(text);
  const census = errorCensus(tree);
  const parseMs = performance.now() - parseStart;
  if (census.count > 0) {
    diagnostics.push({
      code: 'parse_error', severity: 'warning', path,
      message: `The file has ${census.count} syntax error(s) (Python 2 syntax or mixed indentation?); the parser recovered and what parsed is indexed.`,
      line: census.firstRow + 1, column: census.firstColumn + 1,
    });
  }
  const walkStart = performance.now();
  const w = new PyWalker(tree.walk(), text);
  const c = w.c;
  enter(w, typeAt(w));
  visitChildren(w, R_READ);
  leave(w, typeAt(w));
  markExported(w);
  finishCollections(w);
  resolveBindings(w);
  pruneUnions(w);
  const facts = finishFacts(w, lines);
  addPythonDetails(w, facts, lines);
  markSupersededFacts(w, facts, lines);
  const surfaces = finishSurfaces(w, path, facts, lines);
  const walkMs = performance.now() - walkStart;
  if (w.truncated) {
    diagnostics.push({
      code: 'extractor_failure', severity: 'warning', path,
      message: 'Parts of the file nest too deeply to walk; references inside them are missing.',
    });
  }
  return { ...facts, ...surfaces, partial: census.count > 0, diagnostics, parseMs, walkMs };
}

/** Without `__all__`, every module-level name not starting with `_` is exported. */
function markExported(w: PyWalker): void {
  if (w.hasAll) return;
  for (const decl of w.decls) {
    if (decl.scope === 'module' && !decl.name.startsWith('_')) decl.exported = true;
  }
}

/** Docstrings and keyword names, matched to finished facts by position. */
function addPythonDetails(w: PyWalker, facts: FinishedFacts, lines: LineTable): void {
  if (w.docs.size > 0) {
    const docsAt = new Map<string, string>();
    for (const [index, doc] of w.docs) {
      const decl = w.decls[index]!;
      const p = lines.position(decl.nameStart);
      docsAt.set(`${p.line}:${p.column}:${decl.name}`, doc);
    }
    for (const fact of facts.declarations) {
      const doc = docsAt.get(`${fact.selection.start.line}:${fact.selection.start.column}:${fact.name}`);
      if (doc !== undefined) fact.doc = doc;
    }
  }
  if (w.keywordNames.size > 0) {
    const namesAt = new Map<string, string[]>();
    for (const [at, names] of w.keywordNames) {
      const p = lines.position(at);
      namesAt.set(`${p.line}:${p.column}`, names);
    }
    for (const ref of facts.references) {
      if (ref.kind !== 'call') continue;
      const names = namesAt.get(`${ref.line}:${ref.column}`);
      if (names !== undefined) ref.keywordNames = names;
    }
  }
}

/** Marks the facts of the declarations and imports bindings.ts found superseded. */
function markSupersededFacts(w: PyWalker, facts: FinishedFacts, lines: LineTable): void {
  for (const index of w.supersededImports) {
    const fact = facts.imports[index];
    if (fact !== undefined) fact.superseded = true;
  }
  if (w.supersededDecls.size === 0) return;
  const at = new Set<string>();
  for (const index of w.supersededDecls) {
    const decl = w.decls[index]!;
    const p = lines.position(decl.nameStart);
    at.add(`${p.line}:${p.column}:${decl.name}`);
  }
  for (const fact of facts.declarations) {
    if (at.has(`${fact.selection.start.line}:${fact.selection.start.column}:${fact.name}`)) fact.superseded = true;
  }
}
