/**
 * An in-memory GraphSide for unit tests, built from plain data: per file its definitions (with
 * fingerprints, branch sets, sizes and parameters), its call sites (with argument shapes) and
 * its imports. Owns nothing the analysis uses in production; it exists so each rule can be tested
 * on a dozen lines of data.
 *
 * Parameters are written in a compact Python-like syntax: `a` required, `a?` optional, `a=`
 * defaulted, `...a` or `*a` variadic (and, Python-style, what follows `*a` is keyword-only), `*`
 * alone starts keyword-only parameters, `**kw` keyword-variadic, `/` makes what precedes it
 * positional-only.
 */
import type { ParameterFact, RelationKind, RelationRecord, SymbolKind, SymbolRecord } from '@repograph/core';
import type { CallArguments, DeltaInput, Definition, GraphSide, SiteRelation } from '@repograph/engine';

/** One definition of a file. */
export interface DefinitionSpec {
  /** Qualified name, with a repeat suffix when there is one: `f`, `C.m`, `f~2`. */
  name: string;
  /** Defaults to `method` for a dotted name, else `function`. */
  kind?: SymbolKind;
  fingerprint?: string;
  branches?: string[];
  nodeCount?: number;
  /** Compact parameter syntax (see the header); absent means the symbol declares none known. */
  params?: string[];
  signature?: string;
  /** The enclosing symbol's qualified name; defaults to the dotted name's prefix. */
  container?: string;
  /** Decorated (Python): the range starts a line above the name. */
  decorated?: boolean;
}

/** One call, instantiation or reference sited in a file. */
export interface RelationSpec {
  /** The caller's qualified name in this file, a full id (with `#`), or absent for the file itself. */
  from?: string;
  /** The target's full id, or null for an unresolved site. */
  to: string | null;
  /** The name written at the site; defaults to the target's last name. */
  name?: string;
  kind?: RelationKind;
  line: number;
  column?: number;
  /** Positional argument count, or the full shape. */
  args?: number | Partial<CallArguments>;
}

/** One file of a side. */
export interface FileSpec {
  /** Defaults from the extension. */
  language?: string;
  definitions?: DefinitionSpec[];
  relations?: RelationSpec[];
  /** Paths this file imports. */
  imports?: string[];
}

/** A side's files by path. */
export type SideSpec = Record<string, FileSpec>;

/** Builds a read-only GraphSide over the given files. */
export function buildSide(spec: SideSpec): GraphSide {
  const definitionsByPath = new Map<string, Definition[]>();
  const definitionsById = new Map<string, Definition>();
  const relationsByPath = new Map<string, SiteRelation[]>();
  const relationsByTarget = new Map<string, SiteRelation[]>();
  const importsByPath = new Map<string, string[]>();
  for (const [path, file] of Object.entries(spec)) {
    const language = file.language ?? languageOf(path);
    const definitions: Definition[] = [fileDefinition(path, language)];
    (file.definitions ?? []).forEach((definition, index) => definitions.push(toDefinition(path, language, definition, index)));
    definitionsByPath.set(path, definitions);
    for (const definition of definitions) definitionsById.set(definition.symbol.id, definition);
    const relations = (file.relations ?? []).map((relation) => toSiteRelation(path, relation));
    relations.sort((a, b) => a.relation.site.line - b.relation.site.line || a.relation.site.column - b.relation.site.column);
    relationsByPath.set(path, relations);
    for (const relation of relations) {
      if (relation.relation.to === null) continue;
      let list = relationsByTarget.get(relation.relation.to);
      if (list === undefined) relationsByTarget.set(relation.relation.to, (list = []));
      list.push(relation);
    }
    importsByPath.set(path, [...(file.imports ?? [])]);
  }
  const functions = [...definitionsById.values()].filter((d) => ['function', 'method', 'constructor'].includes(d.symbol.kind));
  return {
    hasFile: (path) => definitionsByPath.has(path),
    isParsed: (path) => definitionsByPath.has(path),
    definitions: (path) => definitionsByPath.get(path) ?? [],
    definition: (id) => definitionsById.get(id),
    symbol: (id) => definitionsById.get(id)?.symbol,
    callersOf: (id) => [...new Set((relationsByTarget.get(id) ?? [])
      .filter((r) => r.relation.kind === 'calls' || r.relation.kind === 'instantiates').map((r) => r.relation.from))],
    relationsIn: (path) => relationsByPath.get(path) ?? [],
    relationsInto: (id) => relationsByTarget.get(id) ?? [],
    importsOf: (path) => importsByPath.get(path) ?? [],
    withFingerprint: (fingerprint) => functions.filter((d) => d.fingerprint === fingerprint).map((d) => d.symbol.id),
    withBranch: (hash) => functions.filter((d) => d.branches?.includes(hash)).map((d) => d.symbol.id),
  };
}

/** A DeltaInput over two sides; `reparsed` and `removedFiles` name the touched files. */
export function deltaInput(
  before: SideSpec, after: SideSpec, touched: { reparsed?: string[]; removedFiles?: string[]; declaredRenames?: DeltaInput['declaredRenames'] },
): DeltaInput {
  const reparsed = touched.reparsed ?? [];
  const removedFiles = touched.removedFiles ?? [];
  const input: DeltaInput = {
    workspace: 'test', paths: [...reparsed, ...removedFiles], reparsed, affected: [], removedFiles,
    before: buildSide(before), after: buildSide(after), reingestMs: 7,
  };
  if (touched.declaredRenames !== undefined) input.declaredRenames = touched.declaredRenames;
  return input;
}

/** Parses the compact parameter syntax. */
export function parseParameters(written: string[]): ParameterFact[] {
  const parameters: ParameterFact[] = [];
  let keywordOnly = false;
  for (const token of written) {
    if (token === '/') {
      for (const parameter of parameters) parameter.positionalOnly = true;
      continue;
    }
    if (token === '*') {
      keywordOnly = true;
      continue;
    }
    const fact: ParameterFact = { name: token, optional: false, hasDefault: false, variadic: false };
    if (token.startsWith('**')) {
      fact.name = token.slice(2);
      fact.keywordVariadic = true;
    } else if (token.startsWith('...')) {
      fact.name = token.slice(3);
      fact.variadic = true;
    } else if (token.startsWith('*')) {
      fact.name = token.slice(1);
      fact.variadic = true;
      keywordOnly = true;
    } else {
      if (token.endsWith('?')) fact.optional = true;
      if (token.endsWith('=')) fact.optional = fact.hasDefault = true;
      fact.name = token.replace(/[?=]$/, '');
      if (keywordOnly) fact.keywordOnly = true;
    }
    parameters.push(fact);
  }
  return parameters;
}

function toDefinition(path: string, language: string, spec: DefinitionSpec, index: number): Definition {
  const qualifiedName = spec.name.replace(/~\d+$/, '');
  const dot = qualifiedName.lastIndexOf('.');
  const line = 10 * (index + 1);
  const symbol: SymbolRecord = {
    id: `${path}#${spec.name}`,
    kind: spec.kind ?? (dot > 0 ? 'method' : 'function'),
    name: dot > 0 ? qualifiedName.slice(dot + 1) : qualifiedName,
    qualifiedName,
    path,
    range: { start: { line: spec.decorated ? line - 1 : line, column: 1 }, end: { line: line + 5, column: 1 } },
    selection: { start: { line, column: 5 }, end: { line, column: 6 } },
    exported: true,
    generated: false,
  };
  const container = spec.container ?? (dot > 0 ? qualifiedName.slice(0, dot) : undefined);
  if (container !== undefined) symbol.container = `${path}#${container}`;
  if (spec.params !== undefined) symbol.params = parseParameters(spec.params);
  if (spec.signature !== undefined) symbol.signature = spec.signature;
  const definition: Definition = { symbol, language };
  if (spec.fingerprint !== undefined) definition.fingerprint = spec.fingerprint;
  if (spec.branches !== undefined) definition.branches = [...spec.branches].sort();
  if (spec.nodeCount !== undefined) definition.nodeCount = spec.nodeCount;
  return definition;
}

function fileDefinition(path: string, language: string): Definition {
  const symbol: SymbolRecord = {
    id: path, kind: 'file', name: path.slice(path.lastIndexOf('/') + 1), qualifiedName: path, path,
    range: { start: { line: 1, column: 1 }, end: { line: 1000, column: 1 } },
    selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    exported: false, generated: false,
  };
  return { symbol, language };
}

function toSiteRelation(path: string, spec: RelationSpec): SiteRelation {
  const from = spec.from === undefined || spec.from === '' ? path : spec.from.includes('#') ? spec.from : `${path}#${spec.from}`;
  const targetName = spec.to === null ? '' : spec.to.slice(spec.to.lastIndexOf('#') + 1).replace(/~\d+$/, '');
  const relation: RelationRecord = {
    kind: spec.kind ?? 'calls',
    from,
    to: spec.to,
    name: spec.name ?? targetName.slice(targetName.lastIndexOf('.') + 1),
    site: { path, line: spec.line, column: spec.column ?? 1 },
    confidence: 'exact',
  };
  const site: SiteRelation = { relation };
  if (spec.args !== undefined) {
    site.args = typeof spec.args === 'number'
      ? { positional: spec.args, spread: false, keywords: [] }
      : { positional: spec.args.positional ?? 0, spread: spec.args.spread ?? false, keywords: spec.args.keywords ?? [] };
  }
  return site;
}

function languageOf(path: string): string {
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.go')) return 'go';
  if (path.endsWith('.tsx')) return 'tsx';
  if (/\.(ts|mts|cts)$/.test(path)) return 'typescript';
  return 'javascript';
}
