/**
 * buildGraph: facts of a whole tree in, published path groups, counts and digest out. Pure and
 * deterministic: the input is sorted before anything is bound, so order and batching of
 * arrival never change the result (invariant 1). Owns the stage order organize -> bind ->
 * resolve -> assemble.
 */
import type { Diagnostic, FileFacts } from '@repograph/core';
import { assembleDocument, assembleUnit, assignIds, type PathGroup } from './assemble.js';
import { graphDigest, groupHash, sortDiagnostics } from './digest.js';
import { createBinder, familyOf, type LanguageFamily } from './binders.js';
import type { LanguageBinder } from './language-binder.js';
import type { ManifestText } from './manifests.js';
import { makeFileUnit, type FileUnit } from './program.js';

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
  const manifestDiagnostics: Diagnostic[] = [];
  const unitsByFamily = new Map<LanguageFamily, FileUnit[]>();
  const unitByPath = new Map<string, FileUnit>();
  for (const file of files) {
    if (!file.facts) continue;
    const unit = makeFileUnit(file.facts);
    const family = familyOf(file.facts.language);
    const list = unitsByFamily.get(family);
    if (list) list.push(unit);
    else unitsByFamily.set(family, [unit]);
    unitByPath.set(file.path, unit);
  }
  const binders = new Map<LanguageFamily, LanguageBinder>();
  for (const [family, units] of unitsByFamily) binders.set(family, createBinder(family, units, manifests, manifestDiagnostics));
  const ids = assignIds(unitByPath.values());

  const groups: HashedGroup[] = [];
  const counts = { files: 0, symbols: 0, relations: 0, unresolved: 0, references: 0, entities: 0 };
  for (const file of files) {
    const unit = unitByPath.get(file.path);
    const group = unit
      ? assembleUnit(unit, ids, binders.get(familyOf(unit.facts.language))!, file.generated)
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
