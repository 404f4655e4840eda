/**
 * After the walk, for every walker that fills ./model.ts's records (the JS family's js/walker.ts
 * and Python's python/state.ts; Go builds its facts directly): binds every collected name through
 * the scope chain, drops the references the store does not keep (reads/writes of locals,
 * parameters and globals; type references to type parameters), decides which declarations are
 * published (module scope and members of published containers always; locals and parameters only
 * when the file calls or instantiates them), moves each reference to its innermost published
 * declaration, and keeps only the unpublished declarations that some kept expression points at
 * (renumbering the rest away). Owns the mapping from the walk's records to packages/core's fact
 * shapes, with a fixed key order so the output is deterministic.
 */
import type { DeclarationFact, ExportFact, ImportFact, ReferenceFact, ValueExpr } from '@repograph/core';
import { KEEP_IF_MODULE, KEEP_IF_NOT_OPAQUE } from './model.js';
import type { Decl, ExportRecord, Expr, ImportRecord, RefRecord } from './model.js';
import type { LineTable } from './positions.js';
import { docBefore, oneLine } from './docs.js';
import { hashHex } from './fingerprint.js';
import { directDecl, publishedFrom, rootIsModuleLevel, rootIsOpaque } from './finish-names.js';
import { keptDeclarations } from './finish-keep.js';
import { ValueConverter } from './finish-values.js';

/**
 * What one walk of a file collected, and all that finishFacts reads from it: the records, plus
 * the text and comment offsets that signatures and doc comments are cut from. Both walkers
 * (js/walker.ts's Walker, python/state.ts's PyWalker) implement it. finishFacts updates the
 * declarations in place (the exported flags) and caches name bindings in the expressions.
 */
export interface WalkRecords {
  readonly text: string;
  readonly decls: readonly Decl[];
  readonly refs: readonly RefRecord[];
  readonly imports: readonly ImportRecord[];
  readonly exports: readonly ExportRecord[];
  /** Start and end offsets of every comment, in document order. */
  readonly comments: readonly number[];
}

/** The finished fact lists of one file. */
export interface FinishedFacts {
  declarations: DeclarationFact[];
  imports: ImportFact[];
  exports: ExportFact[];
  references: ReferenceFact[];
}

/** Comments inside signature text (a `//` comment only after whitespace, so URLs in strings stay). */
const COMMENTS = /\/\*[\s\S]*?\*\/|(?<=^|\s)\/\/[^\n]*/g;

/**
 * Binds, publishes and converts one walk's records into FileFacts fields (see the header). Each
 * phase is its own function: a file that reaches a branch no earlier file did makes the optimizing
 * compiler start over on the function holding it, and small functions make that cheap.
 */
export function finishFacts(w: WalkRecords, lines: LineTable): FinishedFacts {
  const decls = w.decls;
  const called: number[] = new Array<number>(decls.length).fill(0);
  const refs = keptReferences(decls, w.refs, called);
  markExported(decls, w.exports);
  const published = publishedDeclarations(decls, called);
  const keep = keptDeclarations(decls, published, refs, w.exports);
  const newIndex: number[] = new Array<number>(decls.length).fill(-1);
  let kept = 0;
  for (let i = 0; i < decls.length; i++) if (keep[i] === 1) newIndex[i] = kept++;
  const values = new ValueConverter(decls, newIndex);
  const declarations = declarationFacts(w, lines, published, keep, newIndex, values);
  const references = referenceFacts(decls, refs, lines, published, newIndex, values);
  const imports = importFacts(w.imports, lines);
  const exports = exportFacts(w.exports, lines, values);
  return { declarations, imports, exports, references };
}

/** The references the store keeps (see the header), noting in `called` each declaration a call or `new` names. */
function keptReferences(decls: readonly Decl[], records: readonly RefRecord[], called: number[]): RefRecord[] {
  const refs: RefRecord[] = [];
  for (const ref of records) {
    if (ref.keep === KEEP_IF_MODULE && !rootIsModuleLevel(decls, ref.target)) continue;
    if (ref.keep === KEEP_IF_NOT_OPAQUE && rootIsOpaque(ref.target)) continue;
    if (ref.kind === 'call' || ref.kind === 'new') {
      const decl = directDecl(ref.target);
      if (decl >= 0) called[decl] = 1;
    }
    refs.push(ref);
  }
  return refs;
}

/** Sets the exported (and default) flags of the declarations a local export names. */
function markExported(decls: readonly Decl[], exports: readonly ExportRecord[]): void {
  for (const record of exports) {
    if (record.style !== 'local' || record.value === undefined) continue;
    const decl = directDecl(record.value);
    if (decl < 0) continue;
    decls[decl]!.exported = true;
    if (record.isDefault || record.exported === 'default') decls[decl]!.isDefault = true;
    // `module.exports = { run }` / `exports.run = run`: the exported property holds `run`, which
    // a reader of the module counts as exported too.
    const held = decls[decl]!.init;
    const heldDecl = held === undefined ? -1 : directDecl(held);
    if (heldDecl >= 0 && decls[heldDecl]!.scope === 'module') decls[heldDecl]!.exported = true;
  }
}

/** 1 for each published declaration: module scope, members of published containers, locals the file calls. */
function publishedDeclarations(decls: readonly Decl[], called: readonly number[]): number[] {
  const count = decls.length;
  const published: number[] = new Array<number>(count).fill(0);
  for (let i = 0; i < count; i++) {
    const d = decls[i]!;
    if (d.dropped) continue;
    if (d.scope === 'module') published[i] = 1;
    else if (d.scope === 'member') published[i] = d.container < 0 || published[d.container] === 1 ? 1 : 0;
    else published[i] = called[i]!;
  }
  return published;
}

/** The kept declarations as facts, in walk order, with parents, qualified names, signatures and types. */
function declarationFacts(
  w: WalkRecords, lines: LineTable, published: readonly number[], keep: readonly number[],
  newIndex: readonly number[], values: ValueConverter,
): DeclarationFact[] {
  const decls = w.decls;
  const count = decls.length;
  const qualifiedNames: string[] = new Array(count);
  const qualifiedNameOf = (i: number): string => {
    const known = qualifiedNames[i];
    if (known !== undefined) return known;
    const parent = publishedFrom(decls, published, decls[i]!.container);
    const qualifier = decls[i]!.qualifier;
    const name = parent >= 0 ? `${qualifiedNameOf(parent)}.${decls[i]!.name}` : qualifier ? `${qualifier}.${decls[i]!.name}` : decls[i]!.name;
    qualifiedNames[i] = name;
    return name;
  };
  const toValue = (e: Expr): ValueExpr | undefined => values.toValue(e);
  const toNamed = (e: Expr): ValueExpr | undefined => values.toNamed(e);

  const declarations: DeclarationFact[] = [];
  for (let i = 0; i < count; i++) {
    if (keep[i] !== 1) continue;
    const d = decls[i]!;
    const parent = publishedFrom(decls, published, d.container);
    const fact: DeclarationFact = {
      kind: d.kind,
      name: d.name,
      qualifiedName: qualifiedNameOf(i),
      range: lines.range(d.start, d.end),
      selection: lines.range(d.nameStart, d.nameEnd),
      parent: parent >= 0 ? newIndex[parent]! : -1,
      scope: d.parameterOf === -2 || (d.parameterOf >= 0 && published[d.parameterOf] === 1) ? d.scope : 'local',
      published: published[i] === 1,
      exported: d.exported,
    };
    if (d.isDefault) fact.isDefault = true;
    if (d.isStatic) fact.isStatic = true;
    if (d.isPrivate) fact.isPrivate = true;
    if (d.params !== undefined) fact.params = d.params;
    const signature = signatureOf(w.text, d);
    if (signature !== undefined && signature !== '') fact.signature = signature;
    const doc = d.docStart >= 0 ? docBefore(w.text, w.comments, d.docStart) : undefined;
    if (doc !== undefined) fact.doc = doc;
    setValue(fact, 'valueType', d.valueType === undefined ? undefined : values.toValue(d.valueType));
    setValue(fact, 'init', d.init === undefined ? undefined : values.toValue(d.init));
    setValue(fact, 'returnType', d.returnType === undefined ? undefined : values.toReturnType(d.returnType));
    if (d.guard !== undefined) {
      const type = values.toValue(d.guard.type);
      if (type !== undefined && type.k !== 'unknown') fact.guard = { param: d.guard.param, type };
    }
    setValue(fact, 'wraps', d.wraps === undefined ? undefined : values.toValue(d.wraps));
    if (d.returnType === undefined && d.returns) setValue(fact, 'returnsExpr', commonReturn(d.returns, toValue));
    setList(fact, 'extendsTypes', d.extendsTypes, toNamed);
    setList(fact, 'implementsTypes', d.implementsTypes, toNamed);
    if (d.fingerprint !== undefined) fact.fingerprint = d.fingerprint;
    if (d.branches !== undefined) fact.branches = branchSet(d.branches);
    if (d.nodeCount !== undefined) fact.nodeCount = d.nodeCount;
    declarations.push(fact);
  }
  return declarations;
}

/** The kept references as facts, in source order, each from its innermost published declaration. */
function referenceFacts(
  decls: readonly Decl[], refs: RefRecord[], lines: LineTable, published: readonly number[],
  newIndex: readonly number[], values: ValueConverter,
): ReferenceFact[] {
  let sorted = true;
  for (let i = 1; i < refs.length && sorted; i++) sorted = refs[i - 1]!.at <= refs[i]!.at;
  if (!sorted) refs.sort((a, b) => a.at - b.at);
  const references: ReferenceFact[] = [];
  for (const ref of refs) {
    const target = values.toNamed(ref.target);
    if (target === undefined) continue;
    const from = publishedFrom(decls, published, ref.encl);
    const position = lines.position(ref.at);
    const fact: ReferenceFact = {
      kind: ref.kind,
      name: ref.name,
      target,
      from: from >= 0 ? newIndex[from]! : -1,
      line: position.line,
      column: position.column,
    };
    if (ref.argumentCount >= 0) {
      fact.argumentCount = ref.argumentCount;
      fact.hasSpread = ref.hasSpread;
    }
    references.push(fact);
  }
  return references;
}

function importFacts(records: readonly ImportRecord[], lines: LineTable): ImportFact[] {
  return records.map((record) => {
    const position = lines.position(record.at);
    return {
      specifier: record.specifier, style: record.style, imported: record.imported, local: record.local,
      typeOnly: record.typeOnly, line: position.line, column: position.column,
    };
  });
}

function exportFacts(records: readonly ExportRecord[], lines: LineTable, values: ValueConverter): ExportFact[] {
  return records.map((record) => {
    const position = lines.position(record.at);
    const fact = { style: record.style, exported: record.exported } as ExportFact;
    const value = record.value === undefined ? undefined : values.toValue(record.value);
    if (value !== undefined) fact.value = value;
    if (record.specifier !== undefined) fact.specifier = record.specifier;
    if (record.imported !== undefined) fact.imported = record.imported;
    fact.typeOnly = record.typeOnly;
    fact.line = position.line;
    fact.column = position.column;
    return fact;
  });
}

function setValue(fact: DeclarationFact, key: 'valueType' | 'init' | 'returnType' | 'returnsExpr' | 'wraps', value: ValueExpr | undefined): void {
  if (value !== undefined && value.k !== 'unknown') fact[key] = value;
}

function setList(
  fact: DeclarationFact, key: 'extendsTypes' | 'implementsTypes', list: Expr[] | undefined,
  toValue: (e: Expr) => ValueExpr | undefined,
): void {
  if (list === undefined) return;
  const values: ValueExpr[] = [];
  for (const e of list) {
    const value = toValue(e);
    if (value !== undefined) values.push(value);
  }
  if (values.length > 0) fact[key] = values;
}

/** The return expression every `return` gives, when they all agree. */
function commonReturn(returns: Expr[], toValue: (e: Expr) => ValueExpr | undefined): ValueExpr | undefined {
  let first: ValueExpr | undefined;
  let firstKey = '';
  for (const e of returns) {
    const value = toValue(e);
    if (value === undefined || value.k === 'unknown') return undefined;
    const key = JSON.stringify(value);
    if (first === undefined) {
      first = value;
      firstKey = key;
    } else if (key !== firstKey) {
      return undefined;
    }
  }
  return first;
}

/** The declaration's signature: given, or cut from the source as its SignatureSpec says. */
function signatureOf(text: string, d: Decl): string | undefined {
  if (d.signature !== undefined) return d.signature;
  if (d.sigFrom < 0) return undefined;
  let head = text.slice(d.sigFrom, d.sigTo);
  if (head.includes('/')) head = head.replace(COMMENTS, ' ');
  return oneLine(d.sigPrefix + (d.sigWithName ? d.name : '') + (d.sigWrap ? `(${head.trim()})` : head));
}

/** Sorted distinct hex hashes of lane pairs. */
function branchSet(lanes: number[]): string[] {
  const set = new Set<string>();
  for (let i = 0; i < lanes.length; i += 2) set.add(hashHex(lanes[i]!, lanes[i + 1]!));
  return [...set].sort();
}
