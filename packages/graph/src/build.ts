/**
 * buildGraph: facts of a whole tree in, published path groups, counts and digest out. Pure and
 * deterministic: the input is sorted before anything is bound, so order and batching of
 * arrival never change the result (invariant 1). Owns the stage order organize -> bind ->
 * resolve -> assemble.
 */
import { languageFamily, type Diagnostic, type FileFacts } from '@repograph/core';
import { assembleDocument, assembleUnit, assignIds, type PathGroup } from './assemble.js';
import { graphDigest, groupHash, sortDiagnostics } from './digest.js';
import { JsBinder } from './js-binder.js';
import { readManifests, type ManifestText } from './manifests.js';
import { ModuleResolver } from './module-resolution.js';
import { makeFileUnit, Program, type FileUnit } from './program.js';

/** One file of the tree as the engine hands it over. */
export interface GraphFileInput {
  path: string;
  /** Facts for parsed files; null for Documents and files that failed to read. */
  facts: FileFacts | null;
  generated: boolean;
  lineCount: number;
  /** Diagnostics the engine raised for this file (admission, I/O). */
  diagnostics: Diagnostic[];
}

export interface GraphInput {
  files: GraphFileInput[];
  manifests: ManifestText[];
  /** Diagnostics about the build as a whole (excluded folders and the like). */
  buildDiagnostics: Diagnostic[];
}

/** A path group with its hash, ready to publish. */
export interface HashedGroup extends PathGroup {
  hash: string;
}

export interface GraphOutput {
  groups: HashedGroup[];
  diagnostics: Diagnostic[];
  digest: string;
  counts: {
    files: number;
    symbols: number;
    relations: number;
    unresolved: number;
    references: number;
    entities: number;
  };
}

/** Binds and assembles the whole tree. */
export function buildGraph(input: GraphInput): GraphOutput {
  const files = [...input.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifests = [...input.manifests].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const { packages, tsconfigs, diagnostics: manifestDiagnostics } = readManifests(manifests);

  const jsUnits: FileUnit[] = [];
  for (const file of files) {
    if (file.facts && languageFamily(file.facts.language) === 'js') jsUnits.push(makeFileUnit(file.facts));
  }
  const jsPaths = new Set(jsUnits.map((unit) => unit.path));
  const program = new Program(jsUnits, new ModuleResolver(jsPaths, packages, tsconfigs));
  const binder = new JsBinder(program);
  const ids = assignIds(jsUnits);

  const groups: HashedGroup[] = [];
  const counts = { files: 0, symbols: 0, relations: 0, unresolved: 0, references: 0, entities: 0 };
  for (const file of files) {
    const unit = program.files.get(file.path);
    const group = unit
      ? assembleUnit(unit, ids, binder, file.generated)
      : assembleDocument(file.path, file.lineCount, file.generated, file.facts?.diagnostics ?? []);
    if (file.diagnostics.length > 0) group.diagnostics.push(...file.diagnostics);
    group.diagnostics = sortDiagnostics(group.diagnostics);
    counts.files++;
    counts.symbols += group.symbols.length;
    counts.relations += group.relations.length;
    for (const relation of group.relations) if (relation.to === null) counts.unresolved++;
    if (unit) {
      counts.references += unit.facts.references.length;
      counts.entities += unit.facts.declarations.length;
    }
    groups.push({ ...group, hash: groupHash(group) });
  }
  const diagnostics = sortDiagnostics([...manifestDiagnostics, ...input.buildDiagnostics]);
  const digest = graphDigest(groups.map((g) => ({ path: g.path, hash: g.hash })), diagnostics);
  return { groups, diagnostics, digest, counts };
}
