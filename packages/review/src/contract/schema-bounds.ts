/**
 * The bound keywords of a schema, in families that compare alike: an upper bound (maximum,
 * maxLength, maxItems, maxProperties) tightens when it is set or lowered, a lower bound (minimum,
 * minLength...) when it is set or raised. maximum and minimum fold in their exclusive forms,
 * both the 3.0 boolean (`exclusiveMaximum: true` beside `maximum`) and the 3.1 number
 * (`exclusiveMaximum: 10`). Owns reading and comparing bounds; the rules are rules-schemas.ts's.
 */
import { numberAt, type JsonObject } from './json-value.js';

export interface BoundFamily {
  /** The kebab-case kind in rule ids: `max`, `min-length`... */
  kind: string;
  /** The keyword a change is located at (`/maximum`, also for exclusiveMaximum). */
  keyword: string;
  /** The 3.0 boolean or 3.1 numeric exclusive form, for maximum and minimum only. */
  exclusiveKeyword?: string;
  upper: boolean;
}

export const BOUND_FAMILIES: readonly BoundFamily[] = [
  { kind: 'max', keyword: 'maximum', exclusiveKeyword: 'exclusiveMaximum', upper: true },
  { kind: 'min', keyword: 'minimum', exclusiveKeyword: 'exclusiveMinimum', upper: false },
  { kind: 'max-length', keyword: 'maxLength', upper: true },
  { kind: 'min-length', keyword: 'minLength', upper: false },
  { kind: 'max-items', keyword: 'maxItems', upper: true },
  { kind: 'min-items', keyword: 'minItems', upper: false },
  { kind: 'max-properties', keyword: 'maxProperties', upper: true },
  { kind: 'min-properties', keyword: 'minProperties', upper: false },
];

export interface Bound {
  value: number;
  exclusive: boolean;
}

/** A schema's bound of a family, or undefined when it sets none. */
export function boundOf(schema: JsonObject, family: BoundFamily): Bound | undefined {
  const inclusive = numberAt(schema, family.keyword);
  if (!family.exclusiveKeyword) return inclusive === undefined ? undefined : { value: inclusive, exclusive: false };
  const exclusiveField = schema[family.exclusiveKeyword];
  if (typeof exclusiveField === 'number') {
    const exclusive: Bound = { value: exclusiveField, exclusive: true };
    if (inclusive === undefined) return exclusive;
    const inclusiveIsTighter = family.upper ? inclusive < exclusiveField : inclusive > exclusiveField;
    return inclusiveIsTighter ? { value: inclusive, exclusive: false } : exclusive;
  }
  return inclusive === undefined ? undefined : { value: inclusive, exclusive: exclusiveField === true };
}

/** 'tightened', 'loosened', or null when the two bounds allow the same values. */
export function compareBounds(base: Bound | undefined, head: Bound | undefined, upper: boolean): 'tightened' | 'loosened' | null {
  if (!base && !head) return null;
  if (!base) return 'tightened';
  if (!head) return 'loosened';
  if (base.value === head.value) {
    if (base.exclusive === head.exclusive) return null;
    return head.exclusive ? 'tightened' : 'loosened';
  }
  const lower = head.value < base.value;
  return lower === upper ? 'tightened' : 'loosened';
}

export function boundText(bound: Bound | undefined): string {
  if (!bound) return 'none';
  return bound.exclusive ? `${bound.value} (exclusive)` : String(bound.value);
}
