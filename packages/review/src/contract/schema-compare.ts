/**
 * Compares two (dereferenced, possibly cyclic) schemas in one direction, all the way down:
 * keywords by schema-keywords.ts, then properties and their requiredness, items,
 * additionalProperties, and oneOf/anyOf/allOf branches (matched by the component they come
 * from, else by position). Two rules make it end and keep it fast on large specs:
 *   - A pair of nodes (base, head, direction) already being compared higher up is a cycle (a
 *     circular $ref) and adds nothing the second time: the walk always terminates.
 *   - The changes of a finished pair are kept and reused: a component schema used by hundreds
 *     of operations is compared once per direction. A result is a tree (its own changes, and
 *     its children's results under their prefixes) shared by every place that uses it, and it
 *     is flattened once per operation under that operation's location.
 * A change is reported at every location it shows under (a property of a component nested in
 * two places is two changes), so flattening one result stops at SCHEMA_CHANGES_LIMIT: past it
 * the comparer says it truncated, and the diff reports that as a problem (the axis is partial).
 * Locations are relative to the compared schema; source pointers (for lines) are absolute.
 * Owns the walk; the rules are rules-schemas.ts's.
 */
import { arrayAt, isObject, isTrue, objectAt, sameJson, type JsonObject } from './json-value.js';
import type { ContractDirection } from './model.js';
import { joinPointer, splitPointer } from './pointer.js';
import { compareKeywords, isConstrainingSchema } from './schema-keywords.js';

/** One change found in a schema, located relative to it. */
export interface SchemaChange {
  ruleId: string;
  location: string;
  message: string;
  baseSource: string;
  headSource: string;
}

/** What one comparison found: its own changes and its children's, each under a prefix. */
export interface SchemaResult {
  readonly own: readonly SchemaChange[];
  readonly children: ReadonlyArray<{ readonly prefix: string; readonly result: SchemaResult }>;
  /** How many changes flattening gives (counted up to SCHEMA_CHANGES_LIMIT + 1). */
  readonly size: number;
}

export interface SchemaComparer {
  compare(base: unknown, head: unknown, direction: ContractDirection, baseSource: string, headSource: string): SchemaResult;
  /** Visits a result's changes, locations relative to the compared schema; at most SCHEMA_CHANGES_LIMIT. */
  forEachChange(result: SchemaResult, visit: (change: SchemaChange) => void): void;
  /** True once flattening some result stopped at SCHEMA_CHANGES_LIMIT (the rest were dropped). */
  truncated(): boolean;
}

/** The most changes one schema comparison lists (under all its locations together). */
export const SCHEMA_CHANGES_LIMIT = 50_000;

const NO_CHANGES: SchemaResult = { own: [], children: [], size: 0 };

/** Stand-ins for boolean and absent schemas: `true` and nothing allow anything, `false` nothing. */
const ANY_SCHEMA: JsonObject = Object.freeze({});
const NO_SCHEMA: JsonObject = Object.freeze({ not: ANY_SCHEMA });

function asSchema(value: unknown): JsonObject {
  if (isObject(value)) return value;
  return value === false ? NO_SCHEMA : ANY_SCHEMA;
}

function requiredNames(schema: JsonObject): Set<string> {
  return new Set(arrayAt(schema, 'required').filter((name): name is string => typeof name === 'string'));
}

const COMPONENT_POINTER = /^\/(components\/schemas|definitions)\/[^/]+$/;

/** One pair of schemas being compared: where its findings go, and how to descend into children. */
interface PairWalk {
  base: JsonObject;
  head: JsonObject;
  direction: ContractDirection;
  basePointers: WeakMap<object, string>;
  headPointers: WeakMap<object, string>;
  report(ruleId: string, tokens: string[], message: string): void;
  nested(tokens: string[], baseChild: unknown, headChild: unknown): void;
}

/** True when a property does not travel in this direction: readOnly in a request, writeOnly in a response. */
function staysOut(property: unknown, direction: ContractDirection): boolean {
  return isTrue(asSchema(property), direction === 'request' ? 'readOnly' : 'writeOnly');
}

function compareProperties(walk: PairWalk): void {
  const before = objectAt(walk.base, 'properties') ?? {};
  const after = objectAt(walk.head, 'properties') ?? {};
  const requiredBefore = requiredNames(walk.base);
  const requiredAfter = requiredNames(walk.head);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const { direction } = walk;
  for (const name of names) {
    const tokens = ['properties', name];
    const inBase = Object.hasOwn(before, name);
    const inHead = Object.hasOwn(after, name);
    if (!inBase) {
      const required = requiredAfter.has(name);
      if (direction === 'request' && required && !isTrue(asSchema(after[name]), 'readOnly')) walk.report('request-required-property-added', tokens, `required property '${name}' added`);
      else walk.report(`${direction}-property-added`, tokens, `${required ? 'required' : 'optional'} property '${name}' added`);
    } else if (!inHead) {
      if (staysOut(before[name], direction)) walk.report(`${direction}-${direction === 'request' ? 'read' : 'write'}-only-property-removed`, tokens, `${direction === 'request' ? 'readOnly' : 'writeOnly'} property '${name}' removed`);
      else walk.report(`${direction}-property-removed`, tokens, `property '${name}' removed`);
    } else {
      const out = staysOut(after[name], direction);
      if (!requiredBefore.has(name) && requiredAfter.has(name)) {
        walk.report(direction === 'request' && out ? 'request-read-only-property-became-required' : `${direction}-property-became-required`, tokens, `property '${name}' became required`);
      }
      if (requiredBefore.has(name) && !requiredAfter.has(name)) {
        walk.report(direction === 'response' && out ? 'response-write-only-property-became-optional' : `${direction}-property-became-optional`, tokens, `property '${name}' became optional`);
      }
      walk.nested(tokens, before[name], after[name]);
    }
  }
}

function compareItems(walk: PairWalk): void {
  const before = walk.base.items;
  const after = walk.head.items;
  if (before === undefined && after === undefined) return;
  if (Array.isArray(before) || Array.isArray(after)) {
    if (!sameJson(before, after)) walk.report(`${walk.direction}-schema-constraint-changed`, ['items'], 'tuple items changed');
    return;
  }
  walk.nested(['items'], before, after);
}

const ADDITIONAL_NAMES = ['not allowed', 'a schema', 'any'];

function compareAdditionalProperties(walk: PairWalk): void {
  const rank = (value: unknown): number => (value === false ? 0 : isConstrainingSchema(value) ? 1 : 2);
  const before = walk.base.additionalProperties;
  const after = walk.head.additionalProperties;
  const from = rank(before);
  const to = rank(after);
  if (from === 1 && to === 1) return walk.nested(['additionalProperties'], before, after);
  if (from === to) return;
  const kind = to < from ? 'restricted' : 'allowed';
  walk.report(`${walk.direction}-schema-additional-properties-${kind}`, ['additionalProperties'], `additionalProperties ${kind}: ${ADDITIONAL_NAMES[from]} -> ${ADDITIONAL_NAMES[to]}`);
}

/** Branches keyed by the component they come from (`ref:/components/schemas/Cat`), else position. */
function branchKeys(list: unknown[], pointers: WeakMap<object, string>): Map<string, { label: string; node: unknown }> {
  const keyed = new Map<string, { label: string; node: unknown }>();
  list.forEach((node, index) => {
    const pointer = isObject(node) ? pointers.get(node) : undefined;
    if (pointer && COMPONENT_POINTER.test(pointer)) keyed.set(`ref:${pointer}`, { label: splitPointer(pointer).pop() ?? String(index), node });
    else keyed.set(`#${index}`, { label: String(index), node });
  });
  return keyed;
}

function compareBranches(walk: PairWalk): void {
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    const before = branchKeys(arrayAt(walk.base, keyword), walk.basePointers);
    const after = branchKeys(arrayAt(walk.head, keyword), walk.headPointers);
    if (before.size === 0 && after.size === 0) continue;
    const kind = keyword === 'allOf' ? 'all-of' : 'variant';
    for (const [key, branch] of before) {
      if (!after.has(key)) walk.report(`${walk.direction}-schema-${kind}-removed`, [keyword, branch.label], `${keyword} branch ${branch.label} removed`);
    }
    for (const [key, branch] of after) {
      const match = before.get(key);
      if (!match) walk.report(`${walk.direction}-schema-${kind}-added`, [keyword, branch.label], `${keyword} branch ${branch.label} added`);
      else walk.nested([keyword, branch.label], match.node, branch.node);
    }
  }
}

function flatten(result: SchemaResult, prefix: string, visit: (change: SchemaChange) => void, budget: { left: number }): void {
  for (const change of result.own) {
    if (budget.left-- <= 0) return;
    visit(prefix === '' ? change : { ...change, location: prefix + change.location });
  }
  for (const child of result.children) {
    if (budget.left <= 0) return;
    flatten(child.result, prefix + child.prefix, visit, budget);
  }
}

/** Builds a comparer over one pair of specs (their node-to-pointer maps give branch identity). */
export function createSchemaComparer(basePointers: WeakMap<object, string>, headPointers: WeakMap<object, string>): SchemaComparer {
  const ids = new WeakMap<object, number>();
  let nextId = 0;
  const idOf = (node: object): number => {
    let id = ids.get(node);
    if (id === undefined) ids.set(node, (id = nextId++));
    return id;
  };
  const finished = new Map<string, SchemaResult>();
  const inProgress = new Set<string>();
  let truncated = false;

  function comparePair(base: JsonObject, head: JsonObject, direction: ContractDirection, baseSource: string, headSource: string): SchemaResult {
    if (base === head) return NO_CHANGES;
    const pairKey = `${idOf(base)}:${idOf(head)}:${direction}`;
    const known = finished.get(pairKey);
    if (known) return known;
    if (inProgress.has(pairKey)) return NO_CHANGES;
    inProgress.add(pairKey);
    const own: SchemaChange[] = [];
    const children: Array<{ prefix: string; result: SchemaResult }> = [];
    const walk: PairWalk = {
      base, head, direction, basePointers, headPointers,
      report: (ruleId, tokens, message) => {
        own.push({ ruleId, location: joinPointer('', ...tokens), message, baseSource: joinPointer(baseSource, ...tokens), headSource: joinPointer(headSource, ...tokens) });
      },
      nested: (tokens, baseChild, headChild) => {
        const [childBase, childHead] = [asSchema(baseChild), asSchema(headChild)];
        const childBaseSource = basePointers.get(childBase) ?? joinPointer(baseSource, ...tokens);
        const childHeadSource = headPointers.get(childHead) ?? joinPointer(headSource, ...tokens);
        const result = comparePair(childBase, childHead, direction, childBaseSource, childHeadSource);
        if (result.size > 0) children.push({ prefix: joinPointer('', ...tokens), result });
      },
    };
    compareKeywords(base, head, direction, walk.report);
    compareProperties(walk);
    compareItems(walk);
    compareAdditionalProperties(walk);
    compareBranches(walk);
    inProgress.delete(pairKey);
    const size = Math.min(SCHEMA_CHANGES_LIMIT + 1, children.reduce((sum, child) => sum + child.result.size, own.length));
    const result: SchemaResult = size === 0 ? NO_CHANGES : { own, children, size };
    finished.set(pairKey, result);
    return result;
  }

  return {
    compare: (baseValue, headValue, direction, baseFallback, headFallback) => {
      const [base, head] = [asSchema(baseValue), asSchema(headValue)];
      return comparePair(base, head, direction, basePointers.get(base) ?? baseFallback, headPointers.get(head) ?? headFallback);
    },
    forEachChange: (result, visit) => {
      if (result.size > SCHEMA_CHANGES_LIMIT) truncated = true;
      flatten(result, '', visit, { left: SCHEMA_CHANGES_LIMIT });
    },
    truncated: () => truncated,
  };
}
