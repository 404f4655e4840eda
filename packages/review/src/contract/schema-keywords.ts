/**
 * The keyword-level comparison of two schemas in one direction: type and nullability, format,
 * enum and const, bounds, multipleOf, pattern, uniqueItems, discriminator, default, the
 * annotations, and the fallback for every keyword not read in detail. Nested schemas
 * (properties, items, additionalProperties, oneOf/anyOf/allOf) are schema-compare.ts's. Each
 * finding goes to `report` with its rule id, the keyword tokens it is located at, and a message.
 */
import { canonicalText, isObject, numberAt, sameJson, shown, stringAt, type JsonObject } from './json-value.js';
import type { ContractDirection } from './model.js';
import { BOUND_FAMILIES, boundOf, boundText, compareBounds } from './schema-bounds.js';

export type SchemaReport = (ruleId: string, tokens: string[], message: string) => void;

/** Keywords compared by schema-compare.ts (nested schemas). */
export const STRUCTURAL_KEYWORDS: ReadonlySet<string> = new Set(['properties', 'required', 'items', 'additionalProperties', 'oneOf', 'anyOf', 'allOf']);

/** Identity and bookkeeping keywords, not contract: never reported. */
const IGNORED_KEYWORDS: ReadonlySet<string> = new Set(['$ref', '$id', '$schema', '$anchor', '$dynamicAnchor', '$dynamicRef', '$defs', 'definitions', '$vocabulary']);

/** Annotations: `schema-annotation-changed` (x- extensions too). */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set(['xml', 'externalDocs', '$comment']);

const KEYWORDS_READ_HERE: ReadonlySet<string> = new Set([
  'type', 'nullable', 'x-nullable', 'format', 'enum', 'const', 'multipleOf', 'pattern', 'uniqueItems', 'discriminator',
  'default', 'description', 'title', 'example', 'examples', 'deprecated',
  ...BOUND_FAMILIES.flatMap((family) => (family.exclusiveKeyword ? [family.keyword, family.exclusiveKeyword] : [family.keyword])),
]);

interface TypeInfo {
  /** The types other than null, or null for any type. */
  types: Set<string> | null;
  nullable: boolean;
}

function typeInfo(schema: JsonObject): TypeInfo {
  const raw = schema.type;
  const listed = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((type): type is string => typeof type === 'string') : null;
  const nullable = schema.nullable === true || schema['x-nullable'] === true || (listed?.includes('null') ?? false);
  const types = listed?.filter((type) => type !== 'null') ?? null;
  return { types: types && types.length > 0 ? new Set(types) : listed && listed.length > 0 ? new Set(['null']) : null, nullable };
}

function covers(wide: Set<string>, narrow: Set<string>): boolean {
  return [...narrow].every((type) => wide.has(type) || (type === 'integer' && wide.has('number')));
}

function typeText(types: Set<string> | null): string {
  return types ? [...types].sort().join('|') : 'any';
}

function compareTypes(base: JsonObject, head: JsonObject, direction: ContractDirection, report: SchemaReport): void {
  const before = typeInfo(base);
  const after = typeInfo(head);
  if (before.nullable !== after.nullable) {
    report(`${direction}-schema-became-${after.nullable ? 'nullable' : 'not-nullable'}`, ['nullable'], after.nullable ? 'became nullable' : 'no longer nullable');
  }
  const { types: from } = before;
  const { types: to } = after;
  if (!from && !to) return;
  const change = `from ${typeText(from)} to ${typeText(to)}`;
  if (from && to && covers(from, to) && covers(to, from)) return;
  if (!from || (to && covers(from, to))) report(`${direction}-schema-type-narrowed`, ['type'], `type narrowed ${change}`);
  else if (!to || covers(to, from)) report(`${direction}-schema-type-widened`, ['type'], `type widened ${change}`);
  else report(`${direction}-schema-type-changed`, ['type'], `type changed ${change}`);
}

function enumValues(schema: JsonObject): Map<string, unknown> | undefined {
  const list = Array.isArray(schema.enum) ? schema.enum : Object.hasOwn(schema, 'const') ? [schema.const] : undefined;
  if (!list) return undefined;
  return new Map(list.map((value) => [typeof value === 'string' ? value : canonicalText(value), value]));
}

function compareEnums(base: JsonObject, head: JsonObject, direction: ContractDirection, report: SchemaReport): void {
  const before = enumValues(base);
  const after = enumValues(head);
  if (!before && !after) return;
  if (!before) return report(`${direction}-schema-enum-added`, ['enum'], `enum set to ${shown([...(after ?? new Map()).values()])}`);
  if (!after) return report(`${direction}-schema-enum-removed`, ['enum'], `enum removed (was ${shown([...before.values()])})`);
  for (const [key, value] of before) if (!after.has(key)) report(`${direction}-schema-enum-value-removed`, ['enum', key], `enum value ${shown(value)} removed`);
  for (const [key, value] of after) if (!before.has(key)) report(`${direction}-schema-enum-value-added`, ['enum', key], `enum value ${shown(value)} added`);
}

function isMultipleOf(value: number, divisor: number): boolean {
  const ratio = value / divisor;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9;
}

function compareNumbers(base: JsonObject, head: JsonObject, direction: ContractDirection, report: SchemaReport): void {
  for (const family of BOUND_FAMILIES) {
    const before = boundOf(base, family);
    const after = boundOf(head, family);
    const change = compareBounds(before, after, family.upper);
    if (change) report(`${direction}-schema-${family.kind}-${change}`, [family.keyword], `${family.keyword} ${change} from ${boundText(before)} to ${boundText(after)}`);
  }
  const from = numberAt(base, 'multipleOf');
  const to = numberAt(head, 'multipleOf');
  if (from === to) return;
  const kind = from === undefined || (to !== undefined && isMultipleOf(to, from)) ? 'tightened' : to === undefined || isMultipleOf(from, to) ? 'loosened' : 'changed';
  report(`${direction}-schema-multiple-of-${kind}`, ['multipleOf'], `multipleOf ${kind} from ${from ?? 'none'} to ${to ?? 'none'}`);
}

function compareStrings(base: JsonObject, head: JsonObject, direction: ContractDirection, report: SchemaReport): void {
  const formats = [stringAt(base, 'format'), stringAt(head, 'format')];
  if (formats[0] !== formats[1]) {
    const kind = formats[0] === undefined ? 'added' : formats[1] === undefined ? 'removed' : 'changed';
    report(`${direction}-schema-format-${kind}`, ['format'], `format ${kind}: ${formats[0] ?? 'none'} -> ${formats[1] ?? 'none'}`);
  }
  const patterns = [stringAt(base, 'pattern'), stringAt(head, 'pattern')];
  if (patterns[0] !== patterns[1]) {
    const kind = patterns[0] === undefined ? 'added' : patterns[1] === undefined ? 'removed' : 'changed';
    report(`${direction}-schema-pattern-${kind}`, ['pattern'], `pattern ${kind}: ${shown(patterns[0])} -> ${shown(patterns[1])}`);
  }
  const unique = [base.uniqueItems === true, head.uniqueItems === true];
  if (unique[0] !== unique[1]) report(`${direction}-schema-unique-items-${unique[1] ? 'enabled' : 'disabled'}`, ['uniqueItems'], `uniqueItems turned ${unique[1] ? 'on' : 'off'}`);
  if (!sameJson(base.discriminator, head.discriminator)) {
    report(`${direction}-schema-discriminator-changed`, ['discriminator'], `discriminator changed from ${shown(base.discriminator)} to ${shown(head.discriminator)}`);
  }
}

function compareAnnotations(base: JsonObject, head: JsonObject, report: SchemaReport): void {
  if (!sameJson(base.default, head.default)) report('schema-default-changed', ['default'], `default changed from ${shown(base.default)} to ${shown(head.default)}`);
  for (const [key, ruleId] of [['description', 'schema-description-changed'], ['title', 'schema-title-changed'], ['example', 'schema-example-changed'], ['examples', 'schema-example-changed']] as const) {
    if (!sameJson(base[key], head[key])) report(ruleId, [key], `${key} changed from ${shown(base[key])} to ${shown(head[key])}`);
  }
  const deprecated = [base.deprecated === true, head.deprecated === true];
  if (deprecated[0] !== deprecated[1]) report(deprecated[1] ? 'schema-deprecated' : 'schema-deprecation-removed', ['deprecated'], deprecated[1] ? 'marked deprecated' : 'no longer deprecated');
}

function compareRest(base: JsonObject, head: JsonObject, direction: ContractDirection, report: SchemaReport): void {
  const keys = new Set([...Object.keys(base), ...Object.keys(head)]);
  for (const key of keys) {
    if (KEYWORDS_READ_HERE.has(key) || STRUCTURAL_KEYWORDS.has(key) || IGNORED_KEYWORDS.has(key)) continue;
    if (sameJson(base[key], head[key])) continue;
    const annotation = key.startsWith('x-') || ANNOTATION_KEYWORDS.has(key);
    report(annotation ? 'schema-annotation-changed' : `${direction}-schema-constraint-changed`, [key], `${key} changed from ${shown(base[key])} to ${shown(head[key])}`);
  }
}

/** Compares the keywords of two schemas (not their nested schemas). */
export function compareKeywords(base: JsonObject, head: JsonObject, direction: ContractDirection, report: SchemaReport): void {
  compareTypes(base, head, direction, report);
  compareEnums(base, head, direction, report);
  compareNumbers(base, head, direction, report);
  compareStrings(base, head, direction, report);
  compareAnnotations(base, head, report);
  compareRest(base, head, direction, report);
}

/** True for a schema that is an object with keys; `{}`, `true` and absence all allow anything. */
export function isConstrainingSchema(value: unknown): value is JsonObject {
  return isObject(value) && Object.keys(value).length > 0;
}
