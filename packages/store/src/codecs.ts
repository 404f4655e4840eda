/**
 * The stored forms of the records in a snapshot's record runs (runs.ts), symbols and relations,
 * written to and read from a block's stream (streams.ts). What the block or the record itself
 * already says is left out: ids front-coded against the previous entry, a relation's `from` as a
 * suffix of its site path, ids in the same file relative to it, names derivable from an id
 * elided, closed vocabularies as small numbers, positions as deltas. Owns those layouts and their exact inverses;
 * it knows nothing about LMDB or keys. The index runs are in index-codecs.ts, the manifest
 * (FileEntry) in manifest.ts.
 *
 * Every read gives back a record deep-equal to the one written, including fields this module
 * does not know: they travel as a structured `rest` value, so a new optional field of
 * SymbolRecord or RelationRecord needs no schema change (versions.ts). The vocabularies are
 * frozen copies: appending to one is compatible, reordering or removing is a SCHEMA_VERSION change.
 */
import type { ParameterFact, RelationRecord, SymbolRecord } from '@repograph/core';
import { BlockReader, BlockWriter, type StreamPosition, type StreamValue } from './streams.js';

const SYMBOL_KINDS = ['file', 'directory', 'module', 'package', 'namespace', 'class', 'interface', 'struct', 'enum',
  'trait', 'union', 'type_alias', 'function', 'method', 'constructor', 'property', 'field', 'variable', 'constant',
  'parameter'] as const;
const RELATION_KINDS = ['contains', 'imports', 'exports', 'calls', 'instantiates', 'references', 'reads', 'writes',
  'extends', 'implements', 'decorates', 'type_of'] as const;
const CONFIDENCES = ['exact', 'typed', 'heuristic'] as const;

const SYMBOL_FIELDS = new Set(['id', 'kind', 'name', 'qualifiedName', 'path', 'range', 'selection', 'signature',
  'params', 'exported', 'doc', 'generated', 'container']);
const PARAMETER_FIELDS = new Set(['name', 'optional', 'hasDefault', 'variadic', 'typeText']);
const RELATION_FIELDS = new Set(['kind', 'from', 'to', 'name', 'site', 'confidence']);
const SITE_FIELDS = new Set(['path', 'line', 'column']);

/** Flag bits of a symbol record. */
const S = {
  exported: 1, generated: 2, signature: 4, signatureIsName: 8, params: 16, doc: 32, container: 64,
  containerInFile: 128, rest: 256, nameText: 512, nameIsBase: 1024, qualifiedText: 2048, qualifiedIsPath: 4096,
} as const;
/** Flag bits of a relation record. */
const R = { unresolved: 1, toInFile: 2, nameText: 4, rest: 8, newPath: 16 } as const;
/** Flag bits of a parameter. */
const P = { optional: 1, hasDefault: 2, variadic: 4, typeText: 8, rest: 16 } as const;

/** Length of the common prefix of two strings (in UTF-16 units, never splitting a surrogate pair). */
export function sharedPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  if (index > 0 && index < a.length && isHighSurrogate(a.charCodeAt(index - 1))) index--;
  return index;
}

/** A symbol of a decoded block: its id and path, and where in the stream to read the rest of it. */
export interface SymbolSlot extends StreamPosition {
  id: string;
  path: string;
}

/** A block of symbols (sorted by id), each id front-coded against the one before. */
export function writeSymbols(symbols: readonly SymbolRecord[]): StreamValue {
  const writer = new BlockWriter();
  let previousId = '';
  for (const symbol of symbols) {
    const shared = sharedPrefixLength(previousId, symbol.id);
    writer.uint(shared);
    writer.text(symbol.id.slice(shared));
    writer.uint(symbol.path.length);
    writeSymbolBody(writer, symbol);
    previousId = symbol.id;
  }
  return writer.finish();
}

export function readSymbolSlots(stream: StreamValue): SymbolSlot[] {
  const reader = new BlockReader(stream);
  const slots: SymbolSlot[] = [];
  let previousId = '';
  while (!reader.done) {
    const id = previousId.slice(0, reader.uint()) + reader.text();
    const path = id.slice(0, reader.uint());
    const slot = { id, path, ...reader.mark() };
    readSymbolBody(reader, id, path);
    slots.push(slot);
    previousId = id;
  }
  return slots;
}

/** The record of a slot of `stream`, a new object on every call. */
export function readSymbol(stream: StreamValue, slot: SymbolSlot): SymbolRecord {
  return readSymbolBody(new BlockReader(stream, slot), slot.id, slot.path);
}

function writeSymbolBody(writer: BlockWriter, symbol: SymbolRecord): void {
  const { id, path, qualifiedName, name, range, selection, signature, params, doc, container } = symbol;
  const rest = restOf(symbol, SYMBOL_FIELDS);
  const qualifiedIsDerived = isSuffixFrom(id, Math.min(path.length + 1, id.length), qualifiedName);
  const nameIsDerived = isLastSegment(qualifiedName, name, DOT);
  const containerInFile = container !== undefined && isInFile(container, path);
  let flags = (symbol.exported ? S.exported : 0) | (symbol.generated ? S.generated : 0) |
    (signature !== undefined ? S.signature | (signature === name ? S.signatureIsName : 0) : 0) |
    (params !== undefined ? S.params : 0) | (doc !== undefined ? S.doc : 0) |
    (container !== undefined ? S.container | (containerInFile ? S.containerInFile : 0) : 0) | (rest !== null ? S.rest : 0);
  if (!nameIsDerived) flags |= isLastSegment(path, name, SLASH) ? S.nameIsBase : S.nameText;
  if (!qualifiedIsDerived) flags |= qualifiedName === path ? S.qualifiedIsPath : S.qualifiedText;
  writer.uint(flags);
  writeWord(writer, SYMBOL_KINDS, symbol.kind);
  if ((flags & S.nameText) !== 0) writer.text(name);
  if ((flags & S.qualifiedText) !== 0) writer.text(qualifiedName);
  writer.number(range.start.line);
  writer.number(range.start.column);
  writer.number(range.end.line - range.start.line);
  writer.number(range.end.column);
  writer.number(selection.start.line - range.start.line);
  writer.number(selection.start.column);
  writer.number(selection.end.line - selection.start.line);
  writer.number(selection.end.column);
  if (signature !== undefined && signature !== name) writer.text(signature);
  if (params !== undefined) {
    writer.uint(params.length);
    for (const parameter of params) writeParameter(writer, parameter);
  }
  if (doc !== undefined) writer.text(doc);
  if (container !== undefined) writer.text(containerInFile ? container.slice(path.length) : container);
  if (rest !== null) writer.value(rest);
}

function readSymbolBody(reader: BlockReader, id: string, path: string): SymbolRecord {
  const flags = reader.uint();
  const kind = readWord(reader, SYMBOL_KINDS) as SymbolRecord['kind'];
  const qualifiedText = (flags & S.qualifiedText) !== 0;
  const nameText = (flags & S.nameText) !== 0 ? reader.text() : undefined;
  const qualifiedName = qualifiedText ? reader.text() : (flags & S.qualifiedIsPath) !== 0 ? path : id.slice(path.length + 1);
  const name = nameText ?? ((flags & S.nameIsBase) !== 0 ? afterLast(path, '/') : afterLast(qualifiedName, '.'));
  const startLine = reader.number();
  const startColumn = reader.number();
  const endLine = startLine + reader.number();
  const endColumn = reader.number();
  const selectionLine = startLine + reader.number();
  const selectionColumn = reader.number();
  const selectionEndLine = selectionLine + reader.number();
  const symbol: SymbolRecord = {
    id, kind, name, qualifiedName, path,
    range: { start: { line: startLine, column: startColumn }, end: { line: endLine, column: endColumn } },
    selection: { start: { line: selectionLine, column: selectionColumn }, end: { line: selectionEndLine, column: reader.number() } },
    exported: (flags & S.exported) !== 0, generated: (flags & S.generated) !== 0,
  };
  if ((flags & S.signature) !== 0) symbol.signature = (flags & S.signatureIsName) !== 0 ? name : reader.text();
  if ((flags & S.params) !== 0) {
    const count = reader.uint();
    symbol.params = [];
    for (let index = 0; index < count; index++) symbol.params.push(readParameter(reader));
  }
  if ((flags & S.doc) !== 0) symbol.doc = reader.text();
  if ((flags & S.container) !== 0) symbol.container = (flags & S.containerInFile) !== 0 ? path + reader.text() : reader.text();
  if ((flags & S.rest) !== 0) Object.assign(symbol, reader.value());
  return symbol;
}

/** A relation of a decoded block: its place and `from`, and where in the stream to read it. */
export interface RelationSlot extends StreamPosition {
  path: string;
  ordinal: number;
  from: string;
  previousLine: number;
}

/**
 * A block of relations in (site path, published order) order. The first is at the block key's
 * path; a relation at another path than the one before it starts that path's group (ordinal 0)
 * and carries the path. Lines are deltas within a path. `from` must be the site path or
 * `<site path>#...` (publish-input.ts checks it), so only its suffix is stored.
 */
export function writeRelations(relations: readonly RelationRecord[]): StreamValue {
  const writer = new BlockWriter();
  let path = relations[0]?.site.path ?? '';
  let previousLine = 0;
  for (const relation of relations) {
    const newPath = relation.site.path !== path;
    if (newPath) {
      path = relation.site.path;
      previousLine = 0;
    }
    const { to, name } = relation;
    const rest = relationRest(relation);
    const toInFile = to !== null && isInFile(to, path);
    const flags = (to === null ? R.unresolved : 0) | (toInFile ? R.toInFile : 0) |
      (to === null || !isDerivedName(to, name) ? R.nameText : 0) | (rest !== null ? R.rest : 0) | (newPath ? R.newPath : 0);
    writer.uint(flags);
    if (newPath) writer.text(path);
    writeWord(writer, RELATION_KINDS, relation.kind);
    writer.text(relation.from.slice(path.length));
    if (to !== null) writer.text(toInFile ? to.slice(path.length) : to);
    if ((flags & R.nameText) !== 0) writer.text(name);
    writer.number(relation.site.line - previousLine);
    writer.number(relation.site.column);
    writeWord(writer, CONFIDENCES, relation.confidence);
    if (rest !== null) writer.value(rest);
    previousLine = relation.site.line;
  }
  return writer.finish();
}

/** The slots of a relations block whose key is `[sid, firstPath, firstOrdinal]`. */
export function readRelationSlots(stream: StreamValue, firstPath: string, firstOrdinal: number): RelationSlot[] {
  const reader = new BlockReader(stream);
  const slots: RelationSlot[] = [];
  let path = firstPath;
  let ordinal = firstOrdinal - 1;
  let previousLine = 0;
  while (!reader.done) {
    const at = reader.mark();
    const flags = reader.uint();
    if ((flags & R.newPath) !== 0) {
      path = reader.text();
      ordinal = -1;
      previousLine = 0;
    }
    ordinal++;
    const relation = readRelationBody(reader, flags, path, previousLine);
    slots.push({ path, ordinal, from: relation.from, ...at, previousLine });
    previousLine = relation.site.line;
  }
  return slots;
}

/** The record of a slot of `stream`, a new object on every call. */
export function readRelation(stream: StreamValue, slot: RelationSlot): RelationRecord {
  const reader = new BlockReader(stream, slot);
  const flags = reader.uint();
  if ((flags & R.newPath) !== 0) reader.text();
  return readRelationBody(reader, flags, slot.path, slot.previousLine);
}

function readRelationBody(reader: BlockReader, flags: number, path: string, previousLine: number): RelationRecord {
  const kind = readWord(reader, RELATION_KINDS) as RelationRecord['kind'];
  const from = path + reader.text();
  const to = (flags & R.unresolved) !== 0 ? null : (flags & R.toInFile) !== 0 ? path + reader.text() : reader.text();
  const name = (flags & R.nameText) !== 0 ? reader.text() : derivedName(to!);
  const line = previousLine + reader.number();
  const relation: RelationRecord = {
    kind, from, to, name, site: { path, line, column: reader.number() },
    confidence: readWord(reader, CONFIDENCES) as RelationRecord['confidence'],
  };
  if ((flags & R.rest) !== 0) {
    const { site, ...others } = reader.value() as Record<string, unknown>;
    Object.assign(relation, others);
    if (site !== undefined) Object.assign(relation.site, site);
  }
  return relation;
}

/** True when `id` is `path` itself or `<path>#...` (the store relies on it: layout.ts). */
export function isInFile(id: string, path: string): boolean {
  return id.startsWith(path) && (id.length === path.length || id.charCodeAt(path.length) === 0x23);
}

/** The string after the last `separator` (all of it when there is none). */
function afterLast(text: string, separator: string): string {
  return text.slice(text.lastIndexOf(separator) + 1);
}

/** The name a relation to `to` most often has: the last segment of the id. */
function derivedName(to: string): string {
  return to.slice(Math.max(to.lastIndexOf('#'), to.lastIndexOf('.'), to.lastIndexOf('/')) + 1);
}

/*
 * The writers' tests of whether a value is the derivable one. Each answers what comparing with the
 * derived value (derivedName, afterLast, a slice) answers, without making that string or looking
 * for separators from the end: a publish asks once per relation and symbol.
 */

const HASH = 0x23;
const DOT = 0x2e;
const SLASH = 0x2f;

/** `name === derivedName(to)`: `to` ends with `name`, after a separator or nothing, and `name` has none. */
function isDerivedName(to: string, name: string): boolean {
  if (!to.endsWith(name)) return false;
  const before = to.length - name.length - 1;
  if (before >= 0 && !isSegmentSeparator(to.charCodeAt(before))) return false;
  for (let index = 0; index < name.length; index++) if (isSegmentSeparator(name.charCodeAt(index))) return false;
  return true;
}

function isSegmentSeparator(unit: number): boolean {
  return unit === HASH || unit === DOT || unit === SLASH;
}

/** `name === afterLast(text, separator)`, for a one-unit separator. */
function isLastSegment(text: string, name: string, separator: number): boolean {
  if (!text.endsWith(name)) return false;
  const before = text.length - name.length - 1;
  if (before >= 0 && text.charCodeAt(before) !== separator) return false;
  for (let index = 0; index < name.length; index++) if (name.charCodeAt(index) === separator) return false;
  return true;
}

/** `text.slice(start) === suffix`, for a start within the text. */
function isSuffixFrom(text: string, start: number, suffix: string): boolean {
  return text.length - start === suffix.length && text.endsWith(suffix);
}

function writeParameter(writer: BlockWriter, parameter: ParameterFact): void {
  const rest = restOf(parameter, PARAMETER_FIELDS);
  writer.uint((parameter.optional ? P.optional : 0) | (parameter.hasDefault ? P.hasDefault : 0) |
    (parameter.variadic ? P.variadic : 0) | (parameter.typeText !== undefined ? P.typeText : 0) | (rest !== null ? P.rest : 0));
  writer.text(parameter.name);
  if (parameter.typeText !== undefined) writer.text(parameter.typeText);
  if (rest !== null) writer.value(rest);
}

function readParameter(reader: BlockReader): ParameterFact {
  const flags = reader.uint();
  const parameter: ParameterFact = {
    name: reader.text(), optional: (flags & P.optional) !== 0, hasDefault: (flags & P.hasDefault) !== 0,
    variadic: (flags & P.variadic) !== 0,
  };
  if ((flags & P.typeText) !== 0) parameter.typeText = reader.text();
  if ((flags & P.rest) !== 0) Object.assign(parameter, reader.value());
  return parameter;
}

function relationRest(relation: RelationRecord): Record<string, unknown> | null {
  const rest = restOf(relation, RELATION_FIELDS);
  const site = restOf(relation.site, SITE_FIELDS);
  if (site === null) return rest;
  return { ...rest, site };
}

/** The own fields of `record` outside `known` (undefined values are dropped), or null. */
function restOf(record: object, known: ReadonlySet<string>): Record<string, unknown> | null {
  let rest: Record<string, unknown> | null = null;
  for (const key in record) {
    if (known.has(key) || !Object.hasOwn(record, key)) continue;
    const value = (record as Record<string, unknown>)[key];
    if (value === undefined) continue;
    rest ??= {};
    rest[key] = value;
  }
  return rest;
}

/** A vocabulary word as its index + 1; a word outside the vocabulary as 0 and the text. */
function writeWord(writer: BlockWriter, vocabulary: readonly string[], value: string): void {
  const index = vocabulary.indexOf(value);
  writer.uint(index + 1);
  if (index < 0) writer.text(value);
}

function readWord(reader: BlockReader, vocabulary: readonly string[]): string {
  const code = reader.uint();
  return code === 0 ? reader.text() : vocabulary[code - 1]!;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
