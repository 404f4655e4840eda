/**
 * How the comparisons report: a pending change (rule id, operation, location, message and the
 * source pointers of each side, from which diff.ts takes the line), the scope a comparison runs
 * in, and the helpers every area uses (a text field, the fallback over unread fields, a schema's
 * changes placed under a location). Owns reporting; the comparisons are the compare-*.ts files.
 */
import { sameJson, shown, type JsonObject } from './json-value.js';
import { joinPointer } from './pointer.js';
import type { SchemaComparer, SchemaResult } from './schema-compare.js';

export interface PendingChange {
  ruleId: string;
  operation?: string;
  location: string;
  message: string;
  /** Where the element is written on each side (a JSON pointer into that side's source). */
  baseSource?: string;
  headSource?: string;
}

export interface DiffScope {
  /** `METHOD /path` within an operation; undefined for the document. */
  operation?: string;
  emit(change: PendingChange): void;
  schemas: SchemaComparer;
}

export interface Sources {
  base?: string;
  head?: string;
}

export function note(scope: DiffScope, ruleId: string, location: string, message: string, sources: Sources): void {
  scope.emit({ ruleId, operation: scope.operation, location, message, baseSource: sources.base, headSource: sources.head });
}

/** A schema's changes, placed under the location the schema has in the operation. */
export function noteSchemaChanges(scope: DiffScope, location: string, result: SchemaResult): void {
  scope.schemas.forEachChange(result, (change) => {
    note(scope, change.ruleId, location + change.location, change.message, { base: change.baseSource, head: change.headSource });
  });
}

/** Where a field of the element is written on each side (the document's root is the pointer '', a source like any other). */
function fieldSources(sources: Sources, key: string): Sources {
  return {
    ...(sources.base === undefined ? {} : { base: joinPointer(sources.base, key) }),
    ...(sources.head === undefined ? {} : { head: joinPointer(sources.head, key) }),
  };
}

/** A field compared as a value (a description, an example): one change when it differs. */
export function noteFieldChange(scope: DiffScope, ruleId: string, base: JsonObject, head: JsonObject, key: string, location: string, sources: Sources): void {
  if (sameJson(base[key], head[key])) return;
  const at = fieldSources(sources, key);
  note(scope, ruleId, joinPointer(location, key), `${key} changed from ${shown(base[key])} to ${shown(head[key])}`, at);
}

/** A boolean flag turned on or off (deprecated): the `on` rule or the `off` rule. */
export function noteFlagChange(scope: DiffScope, rules: { on: string; off: string }, base: JsonObject, head: JsonObject, key: string, location: string, sources: Sources): void {
  const before = base[key] === true;
  const after = head[key] === true;
  if (before === after) return;
  const at = fieldSources(sources, key);
  note(scope, after ? rules.on : rules.off, joinPointer(location, key), `${key} turned ${after ? 'on' : 'off'}`, at);
}

/** The area's fallback rule for every field not in `read` whose value differs. */
export function noteOtherFields(scope: DiffScope, ruleId: string, base: JsonObject, head: JsonObject, read: ReadonlySet<string>, location: string, sources: Sources): void {
  const keys = [...new Set([...Object.keys(base), ...Object.keys(head)])].sort();
  for (const key of keys) if (!read.has(key)) noteFieldChange(scope, ruleId, base, head, key, location, sources);
}
