/**
 * Builders of graph records for the store's tests and measurement script: one symbol, relation,
 * manifest entry or report at a time, and a deterministic synthetic graph of any size. Test
 * support only; not exported from the package entry.
 */
import type { BuildReport, FileFacts, RelationKind, RelationRecord, SymbolRecord } from '@repograph/core';
import type { FileEntry, PathGroup } from './types.js';

/** A function symbol `name` in `path` (id `<path>#<name>`). */
export function makeSymbol(path: string, name: string, extra: Partial<SymbolRecord> = {}): SymbolRecord {
  return {
    id: `${path}#${name}`, kind: 'function', name: name.split('.').pop() ?? name, qualifiedName: name, path,
    range: { start: { line: 1, column: 1 }, end: { line: 3, column: 2 } },
    selection: { start: { line: 1, column: 10 }, end: { line: 1, column: 10 + name.length } },
    exported: true, generated: false, ...extra,
  };
}

/** A relation at `path`:`line` from `from` to `to` (null: unresolved). */
export function makeRelation(path: string, from: string, to: string | null, line = 1, kind: RelationKind = 'calls'): RelationRecord {
  return {
    kind, from, to, name: to === null ? 'unknownName' : (to.split('#').pop() ?? to).split('.').pop() ?? to,
    site: { path, line, column: 5 }, confidence: to === null ? 'heuristic' : 'exact',
  };
}

/** A manifest entry for `path`. */
export function makeFileEntry(path: string, groupHash = `hash:${path}`): FileEntry {
  return {
    path, blobId: '0123456789abcdef0123456789abcdef01234567', size: 1234, mtimeMs: 1_700_000_000_000, ino: 42,
    language: 'typescript', status: 'parsed', generated: false, groupHash,
  };
}

/** A minimal BuildReport. */
export function makeReport(commit: string | null = null): BuildReport {
  return {
    repoRoot: '/repo', commit, generation: 0,
    materials: { submitted: 0, admitted: 0, excluded: {}, failed: 0, cached: 0, extracted: 0, partial: 0, bytes: 0 },
    analysis: { entities: 0, references: 0, relations: 0, unresolved: 0 },
    selection: { preset: 'full', published: 0, core: 0, context: 0, bridges: 0, dropped: 0, searchWork: 0 },
    publication: { nodes: 0, relations: 0 }, timings: {}, diagnostics: [], diagnosticCounts: {}, digest: 'digest',
    unchanged: false,
  };
}

/** Shape of a synthetic graph. */
export interface SyntheticGraphOptions {
  files: number;
  symbolsPerFile: number;
  relationsPerFile: number;
  /** Share of relations left unresolved (to === null). */
  unresolvedShare?: number;
  seed?: number;
}

/** A deterministic graph with realistic paths, ids, signatures and cross-file relations. */
export function syntheticGraph(options: SyntheticGraphOptions): { files: FileEntry[]; groups: PathGroup[] } {
  const random = seededRandom(options.seed ?? 1);
  const paths = Array.from({ length: options.files }, (_, index) => syntheticPath(index));
  const idsOf = (fileIndex: number, symbolIndex: number): string => `${paths[fileIndex]}#${syntheticName(fileIndex, symbolIndex)}`;
  const groups: PathGroup[] = paths.map((path, fileIndex) => {
    const symbols: SymbolRecord[] = [];
    for (let symbolIndex = 0; symbolIndex < options.symbolsPerFile; symbolIndex++) {
      const qualifiedName = syntheticName(fileIndex, symbolIndex);
      const isMethod = qualifiedName.includes('.');
      const symbol = makeSymbol(path, qualifiedName, {
        kind: symbolIndex === 0 ? 'class' : isMethod ? 'method' : 'function',
        range: { start: { line: symbolIndex * 10 + 1, column: 1 }, end: { line: symbolIndex * 10 + 9, column: 2 } },
        selection: { start: { line: symbolIndex * 10 + 1, column: 10 }, end: { line: symbolIndex * 10 + 1, column: 20 } },
        signature: `${qualifiedName.split('.').pop()}(input: Options, limit?: number): Promise<Result>`,
        params: [
          { name: 'input', optional: false, hasDefault: false, variadic: false, typeText: 'Options' },
          { name: 'limit', optional: true, hasDefault: false, variadic: false, typeText: 'number' },
        ],
      });
      if (isMethod) symbol.container = idsOf(fileIndex, 0);
      if (random() < 0.3) symbol.doc = 'Computes the result for the given input, honouring the limit when one is set.';
      symbols.push(symbol);
    }
    const relations: RelationRecord[] = [];
    for (let relationIndex = 0; relationIndex < options.relationsPerFile; relationIndex++) {
      const from = relationIndex % 10 === 0 ? path : idsOf(fileIndex, Math.floor(random() * options.symbolsPerFile));
      const unresolved = random() < (options.unresolvedShare ?? 0.1);
      const to = unresolved ? null
        : idsOf(Math.floor(random() * options.files), Math.floor(random() * options.symbolsPerFile));
      const kind: RelationKind = relationIndex % 10 === 0 ? 'imports' : relationIndex % 5 === 0 ? 'references' : 'calls';
      relations.push(makeRelation(path, from, to, relationIndex + 1, kind));
    }
    return { path, removed: false, symbols, relations };
  });
  return { files: paths.map((path) => makeFileEntry(path)), groups };
}

/** Synthetic facts of the size and shape an extractor produces for a mid-sized file. */
export function syntheticFacts(path: string, declarations: number, references: number, seed = 1): FileFacts {
  const random = seededRandom(seed);
  const range = (line: number) => ({ start: { line, column: 1 }, end: { line: line + 8, column: 2 } });
  return {
    path, language: 'typescript', extractorVersion: 1, generated: false, partial: false, lineCount: declarations * 10,
    declarations: Array.from({ length: declarations }, (_, index) => ({
      kind: index === 0 ? 'class' : 'method', name: `member${index}`, qualifiedName: index === 0 ? 'Widget' : `Widget.member${index}`,
      range: range(index * 10 + 1), selection: range(index * 10 + 1), parent: index === 0 ? -1 : 0,
      scope: index === 0 ? 'module' : 'member', published: true, exported: index === 0,
      params: [{ name: 'input', optional: false, hasDefault: false, variadic: false, typeText: 'Options' }],
      signature: `member${index}(input: Options): Result`, fingerprint: Math.floor(random() * 2 ** 48).toString(16),
      branches: [Math.floor(random() * 2 ** 32).toString(16)], nodeCount: Math.floor(random() * 400),
      returnType: { k: 'global', name: 'Result' },
    })),
    imports: Array.from({ length: 6 }, (_, index) => ({
      specifier: `../module${index}.js`, style: 'named', imported: `Thing${index}`, local: `Thing${index}`,
      typeOnly: false, line: index + 1, column: 1,
    })),
    exports: [{ style: 'local', exported: 'Widget', value: { k: 'decl', decl: 0 }, typeOnly: false, line: 10, column: 1 }],
    references: Array.from({ length: references }, (_, index) => ({
      kind: index % 4 === 0 ? 'type' : 'call', name: `callee${index % 17}`,
      target: index % 3 === 0 ? { k: 'member', object: { k: 'this', owner: 0 }, name: `callee${index % 17}` }
        : { k: 'import', imp: index % 6 },
      from: 1 + (index % Math.max(1, declarations - 1)), line: 12 + index, column: 9, argumentCount: index % 3,
    })),
    diagnostics: [],
  };
}

function syntheticPath(index: number): string {
  return `packages/pkg${index % 20}/src/feature${Math.floor(index / 20) % 25}/module_${index}.ts`;
}

function syntheticName(fileIndex: number, symbolIndex: number): string {
  if (symbolIndex === 0) return `Service${fileIndex}`;
  return symbolIndex % 2 === 0 ? `Service${fileIndex}.handle${symbolIndex}` : `compute${symbolIndex}Value${fileIndex}`;
}

/** Mulberry32: a small deterministic PRNG. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
