/**
 * Assembly: turns bound facts into the published records of each path (file symbol, declaration
 * symbols with ids, contains/imports/reference relations) and counts them. Owns ids
 * (`<path>#<qualifiedName>`, `~2`.. for repeats) and the from/to of every relation.
 */
import {
  compareRelations, compareSymbols, relationKindOfReference,
  type Diagnostic, type RelationRecord, type SymbolRecord,
} from '@repograph/core';
import type { FileUnit } from './program.js';
import type { LanguageBinder } from './language-binder.js';
import { bindSurfaces } from './surfaces-bind.js';

/** The published records of one path. */
export interface PathGroup {
  path: string;
  symbols: SymbolRecord[];
  relations: RelationRecord[];
  diagnostics: Diagnostic[];
}

/** Symbol ids of one file's declarations (undefined for unpublished ones). */
export type IdTable = Map<string, Array<string | undefined>>;

/** Assigns ids to every published declaration of every unit. */
export function assignIds(units: Iterable<Pick<FileUnit, 'path' | 'facts'>>): IdTable {
  const table: IdTable = new Map();
  for (const unit of units) {
    const seen = new Map<string, number>();
    const ids: Array<string | undefined> = unit.facts.declarations.map((declaration) => {
      if (!declaration.published) return undefined;
      const base = `${unit.path}#${declaration.qualifiedName}`;
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      return count === 1 ? base : `${base}~${count}`;
    });
    table.set(unit.path, ids);
  }
  return table;
}

/** Builds the records of one parsed file. */
export function assembleUnit(unit: FileUnit, ids: IdTable, binder: LanguageBinder, generated: boolean): PathGroup {
  const facts = unit.facts;
  const ownIds = ids.get(unit.path)!;
  const symbols: SymbolRecord[] = [fileSymbol(unit.path, facts.lineCount, generated)];
  const relations: RelationRecord[] = [];
  const diagnostics: Diagnostic[] = [...facts.diagnostics];
  const containerOf = (index: number): string => {
    let parent = index;
    while (parent >= 0) {
      const id = ownIds[parent];
      if (id !== undefined) return id;
      parent = facts.declarations[parent]!.parent;
    }
    return unit.path;
  };

  facts.declarations.forEach((declaration, index) => {
    const id = ownIds[index];
    if (id === undefined) return;
    const container = containerOf(declaration.parent);
    const symbol: SymbolRecord = {
      id, kind: declaration.kind, name: declaration.name, qualifiedName: declaration.qualifiedName,
      path: unit.path, range: declaration.range, selection: declaration.selection,
      exported: declaration.exported, generated,
    };
    if (declaration.signature !== undefined) symbol.signature = declaration.signature;
    if (declaration.params !== undefined) symbol.params = declaration.params;
    if (declaration.doc !== undefined) symbol.doc = declaration.doc;
    if (container !== unit.path || declaration.parent >= 0) symbol.container = container;
    symbols.push(symbol);
    relations.push({
      kind: 'contains', from: container, to: id, name: declaration.name,
      site: { path: unit.path, line: declaration.selection.start.line, column: declaration.selection.start.column },
      confidence: 'exact',
    });
  });

  // One edge per specifier and target (`from . import a, b` loads two files).
  const importedSpecifiers = new Set<string>();
  facts.imports.forEach((fact, index) => {
    const target = binder.importedUnit(unit, index);
    const key = `${fact.specifier}\0${target?.path ?? ''}`;
    if (importedSpecifiers.has(key)) return;
    importedSpecifiers.add(key);
    relations.push({
      kind: 'imports', from: unit.path, to: target ? target.path : null, name: fact.specifier,
      site: { path: unit.path, line: fact.line, column: fact.column }, confidence: 'exact',
    });
    if (!target && (fact.specifier.startsWith('./') || fact.specifier.startsWith('../'))) {
      diagnostics.push({
        code: 'unresolved_import', severity: 'warning', path: unit.path, line: fact.line, column: fact.column,
        message: `${unit.path}:${fact.line}: import '${fact.specifier}' matches no indexed file; check the path or whether the target is excluded.`,
      });
    }
  });

  for (const reference of facts.references) {
    if (reference.kind === 'import') continue;
    const from = reference.from >= 0 ? containerOf(reference.from) : unit.path;
    const resolution = binder.resolve(unit, reference.target, reference.kind);
    let to: string | null = null;
    let confidence = resolution?.confidence ?? 'exact';
    if (resolution?.entity.t === 'decl') {
      to = ids.get(resolution.entity.unit.path)?.[resolution.entity.index] ?? null;
    } else if (resolution?.entity.t === 'module') {
      to = resolution.entity.unit.path;
    }
    if (to === null) confidence = 'exact';
    relations.push({
      kind: relationKindOfReference(reference.kind), from, to, name: reference.name,
      site: { path: unit.path, line: reference.line, column: reference.column }, confidence,
    });
    for (const entity of resolution?.alternatives ?? []) {
      const also = entity.t === 'decl' ? ids.get(entity.unit.path)?.[entity.index] ?? null : entity.t === 'module' ? entity.unit.path : null;
      if (also === null || also === to) continue;
      relations.push({
        kind: relationKindOfReference(reference.kind), from, to: also, name: reference.name,
        site: { path: unit.path, line: reference.line, column: reference.column }, confidence,
      });
    }
  }

  // Architecture facts live on the file symbol (surfaces-bind.ts).
  const bound = bindSurfaces(unit, ids, binder, containerOf);
  if (bound.surfaces) symbols[0]!.surfaces = bound.surfaces;
  if (bound.mounts) symbols[0]!.mounts = bound.mounts;

  symbols.sort(compareSymbols);
  relations.sort(compareRelations);
  return { path: unit.path, symbols, relations, diagnostics };
}

/** The group of a file that is indexed without symbols (a document, or one that failed). */
export function assembleDocument(path: string, lineCount: number, generated: boolean, diagnostics: Diagnostic[]): PathGroup {
  return { path, symbols: [fileSymbol(path, lineCount, generated)], relations: [], diagnostics };
}

function fileSymbol(path: string, lineCount: number, generated: boolean): SymbolRecord {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    id: path, kind: 'file', name, qualifiedName: path, path,
    range: { start: { line: 1, column: 1 }, end: { line: Math.max(1, lineCount), column: 1 } },
    selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    exported: false, generated,
  };
}
